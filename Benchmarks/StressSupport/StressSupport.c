// The stress tool's one libc question, in C because Swift's Glibc module does
// not expose <malloc.h>. Unlike the benchmark's allocation counter, this does
// not replace malloc, so it also works under AddressSanitizer.

#include "StressSupport.h"

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>

// Small allocations in the arenas, plus the large ones glibc serves with
// mmap (over 128 KiB by default), such as a big array's storage.
int64_t stress_live_heap_bytes(void) {
  struct mallinfo2 info = mallinfo2();
  return (int64_t)(info.uordblks + info.hblkhd);
}
#else
int64_t stress_live_heap_bytes(void) { return -1; }
#endif
