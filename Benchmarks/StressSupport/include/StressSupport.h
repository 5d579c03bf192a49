#ifndef STRESS_SUPPORT_H
#define STRESS_SUPPORT_H

#include <stdint.h>

/// The bytes the C allocator has handed out and not had back (glibc's
/// mallinfo2), or -1 where that cannot be read.
int64_t stress_live_heap_bytes(void);

#endif
