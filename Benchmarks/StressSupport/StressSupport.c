// The stress tool's one libc question, in C because Swift's Glibc module does
// not expose <malloc.h>. Unlike the benchmark's allocation counter, this does
// not replace malloc, so it also works under AddressSanitizer.

#include "StressSupport.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>

int64_t stress_live_heap_bytes(void) { return (int64_t)mallinfo2().uordblks; }
#else
int64_t stress_live_heap_bytes(void) { return -1; }
#endif
