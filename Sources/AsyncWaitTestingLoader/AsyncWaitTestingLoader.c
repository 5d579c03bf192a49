// Runs AsyncWaitTesting's installation when the test binary is loaded.
//
// Swift has no code that runs at load time, and the point of AsyncWaitTesting
// is that a test target needs no line of setup: depending on the product is
// enough. A C constructor is the portable way to run code at load; test
// observers of other Swift packages are registered the same way.

#include "AsyncWaitTestingLoader.h"

__attribute__((constructor)) static void asyncwait_testing_load(void) {
  asyncwait_testing_install();
}
