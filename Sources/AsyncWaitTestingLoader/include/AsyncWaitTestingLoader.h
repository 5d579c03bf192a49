#ifndef ASYNC_WAIT_TESTING_LOADER_H
#define ASYNC_WAIT_TESTING_LOADER_H

/// Installs AsyncWaitTesting's failure recorder; defined in Swift. The loader
/// calls it once, when the test binary is loaded.
void asyncwait_testing_install(void);

#endif
