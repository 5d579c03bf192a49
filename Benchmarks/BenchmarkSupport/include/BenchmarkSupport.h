#ifndef BENCHMARK_SUPPORT_H
#define BENCHMARK_SUPPORT_H

#include <stdbool.h>
#include <stdint.h>

/// Whether this build counts heap allocations (glibc on Linux only).
bool malloc_counter_is_active(void);

/// The number of heap allocations (malloc, calloc, realloc, posix_memalign,
/// aligned_alloc, memalign) made by the process since it started.
uint64_t malloc_counter_allocations(void);

/// The bytes of heap memory allocated and not yet freed, by the allocator's
/// usable sizes (0 where allocations are not counted).
int64_t malloc_counter_live_bytes(void);

/// Adds one to the process-wide probe counter (a relaxed atomic add).
void benchmark_count_probe(void);

/// The value of the process-wide probe counter.
uint64_t benchmark_probes(void);

/// The process's resident memory in bytes, or 0 where it cannot be read.
uint64_t benchmark_resident_bytes(void);

/// The CPU time the process has used, user plus system, in seconds.
double benchmark_cpu_seconds(void);

/// The CPU time, user plus system, in seconds, used by the process's threads
/// named `name` (Linux: /proc/self/task/*/comm and stat; 0 elsewhere).
double benchmark_thread_cpu_seconds(const char *name);

/// The context switches of the whole process so far, voluntary and not.
uint64_t benchmark_context_switches(void);

/// Starts the thread that reads the live heap in a measurement window, once;
/// call before the heap is first read, so that its own allocations come
/// before every window.
void benchmark_heap_sampler_prepare(void);

/// Opens a window: the thread reads the live heap at once and then every
/// `interval_ns` nanoseconds, allocating nothing, until the window closes.
void benchmark_heap_sampler_open(int64_t interval_ns);

/// Closes the window: the mean of its readings of the live heap in bytes
/// (NaN when none was taken), and their number in `count` unless it is NULL.
double benchmark_heap_sampler_close(uint64_t *count);

#endif
