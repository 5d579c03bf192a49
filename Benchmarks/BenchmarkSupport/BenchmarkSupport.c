// Measurement helpers for the benchmark, in C because they need libc directly.
//
// Counts heap allocations by defining the allocation functions in the
// benchmark executable, which the dynamic linker then prefers over the C
// library's for every library in the process (the Swift runtime included).
// Each definition counts, then forwards to glibc's internal entry point, so
// the allocator itself is unchanged.

#include "BenchmarkSupport.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#if defined(__linux__)
#include <dirent.h>
#endif

static uint64_t probes;

void benchmark_count_probe(void) { __atomic_fetch_add(&probes, 1, __ATOMIC_RELAXED); }

uint64_t benchmark_probes(void) { return __atomic_load_n(&probes, __ATOMIC_RELAXED); }

uint64_t benchmark_resident_bytes(void) {
#if defined(__linux__)
  FILE *file = fopen("/proc/self/statm", "r");
  if (file == NULL) return 0;
  unsigned long size = 0, resident = 0;
  int read = fscanf(file, "%lu %lu", &size, &resident);
  fclose(file);
  if (read != 2) return 0;
  return (uint64_t)resident * (uint64_t)sysconf(_SC_PAGESIZE);
#else
  return 0;
#endif
}

double benchmark_cpu_seconds(void) {
  struct rusage usage;
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec / 1e6 + (double)usage.ru_stime.tv_sec +
         (double)usage.ru_stime.tv_usec / 1e6;
}

double benchmark_thread_cpu_seconds(const char *name) {
#if defined(__linux__)
  DIR *tasks = opendir("/proc/self/task");
  if (tasks == NULL) return 0;
  double seconds = 0;
  long ticks = sysconf(_SC_CLK_TCK);
  struct dirent *entry;
  while ((entry = readdir(tasks)) != NULL) {
    if (entry->d_name[0] == '.') continue;
    char path[64], comm[64] = {0};
    snprintf(path, sizeof path, "/proc/self/task/%s/comm", entry->d_name);
    FILE *file = fopen(path, "r");
    if (file == NULL) continue;
    if (fgets(comm, sizeof comm, file) == NULL) comm[0] = 0;
    fclose(file);
    comm[strcspn(comm, "\n")] = 0;
    if (strcmp(comm, name) != 0) continue;
    snprintf(path, sizeof path, "/proc/self/task/%s/stat", entry->d_name);
    file = fopen(path, "r");
    if (file == NULL) continue;
    char line[1024];
    if (fgets(line, sizeof line, file) != NULL) {
      // Fields 14 and 15, user and system time in ticks, follow the
      // parenthesized command name, which may hold spaces.
      char *after = strrchr(line, ')');
      unsigned long user = 0, system = 0;
      if (after != NULL &&
          sscanf(after + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &user, &system) == 2) {
        seconds += (double)(user + system) / (double)ticks;
      }
    }
    fclose(file);
  }
  closedir(tasks);
  return seconds;
#else
  (void)name;
  return 0;
#endif
}

uint64_t benchmark_context_switches(void) {
  struct rusage usage;
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return (uint64_t)usage.ru_nvcsw + (uint64_t)usage.ru_nivcsw;
}

#if defined(__linux__) && defined(__GLIBC__)

#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

#include <malloc.h>

static uint64_t allocations;
static int64_t live_bytes;

static inline void count_one(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

static inline void *track(void *pointer) {
  if (pointer != NULL) __atomic_fetch_add(&live_bytes, (int64_t)malloc_usable_size(pointer), __ATOMIC_RELAXED);
  return pointer;
}

static inline void untrack(void *pointer) {
  if (pointer != NULL) __atomic_fetch_sub(&live_bytes, (int64_t)malloc_usable_size(pointer), __ATOMIC_RELAXED);
}

int64_t malloc_counter_live_bytes(void) { return __atomic_load_n(&live_bytes, __ATOMIC_RELAXED); }

bool malloc_counter_is_active(void) { return true; }

uint64_t malloc_counter_allocations(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }

void *malloc(size_t size) {
  count_one();
  return track(__libc_malloc(size));
}

void *calloc(size_t count, size_t size) {
  count_one();
  return track(__libc_calloc(count, size));
}

void *realloc(void *pointer, size_t size) {
  count_one();
  untrack(pointer);
  return track(__libc_realloc(pointer, size));
}

void *memalign(size_t alignment, size_t size) {
  count_one();
  return track(__libc_memalign(alignment, size));
}

void *aligned_alloc(size_t alignment, size_t size) {
  count_one();
  return track(__libc_memalign(alignment, size));
}

int posix_memalign(void **result, size_t alignment, size_t size) {
  count_one();
  void *pointer = track(__libc_memalign(alignment, size));
  if (pointer == NULL && size != 0) return ENOMEM;
  *result = pointer;
  return 0;
}

void free(void *pointer) {
  untrack(pointer);
  __libc_free(pointer);
}

#else

bool malloc_counter_is_active(void) { return false; }

uint64_t malloc_counter_allocations(void) { return 0; }

int64_t malloc_counter_live_bytes(void) { return 0; }

#endif

// The live heap of a measurement window, read by a thread of its own: a
// reading from a task would add the task's own sleeps to the allocations it
// measures, and a busy pool would wake it late. The thread is made once,
// before any window, and between windows waits on a condition variable; in
// a window it reads the counter and sleeps, and allocates nothing.

#include <math.h>
#include <pthread.h>
#include <time.h>

static pthread_mutex_t sampler_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t sampler_condition = PTHREAD_COND_INITIALIZER;
static bool sampler_started;
static bool sampler_open;
static int64_t sampler_interval_ns;
static double sampler_sum;
static uint64_t sampler_count;

static void *sampler_main(void *unused) {
  (void)unused;
  pthread_mutex_lock(&sampler_mutex);
  for (;;) {
    while (!sampler_open) pthread_cond_wait(&sampler_condition, &sampler_mutex);
    sampler_sum += (double)malloc_counter_live_bytes();
    sampler_count += 1;
    int64_t interval = sampler_interval_ns;
    pthread_mutex_unlock(&sampler_mutex);
    struct timespec pause = {(time_t)(interval / 1000000000), (long)(interval % 1000000000)};
    nanosleep(&pause, NULL);
    pthread_mutex_lock(&sampler_mutex);
  }
  return NULL;
}

void benchmark_heap_sampler_prepare(void) {
  pthread_mutex_lock(&sampler_mutex);
  if (!sampler_started) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, sampler_main, NULL) == 0) {
      pthread_detach(thread);
      sampler_started = true;
    }
  }
  pthread_mutex_unlock(&sampler_mutex);
}

void benchmark_heap_sampler_open(int64_t interval_ns) {
  pthread_mutex_lock(&sampler_mutex);
  sampler_sum = 0;
  sampler_count = 0;
  sampler_interval_ns = interval_ns > 0 ? interval_ns : 1;
  sampler_open = true;
  pthread_cond_signal(&sampler_condition);
  pthread_mutex_unlock(&sampler_mutex);
}

double benchmark_heap_sampler_close(uint64_t *count) {
  pthread_mutex_lock(&sampler_mutex);
  sampler_open = false;
  double mean = sampler_count > 0 ? sampler_sum / (double)sampler_count : NAN;
  if (count != NULL) *count = sampler_count;
  pthread_mutex_unlock(&sampler_mutex);
  return mean;
}
