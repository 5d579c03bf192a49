#include "AsyncWaitATSPILoader.h"

#if defined(_WIN32)

const AsyncWaitATSPIFunctions *_Nullable asyncwait_atspi_load(const char *_Nullable *_Nonnull error) {
  *error = "AT-SPI is not available on Windows";
  return NULL;
}

#else

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// The libraries by their run-time names, and the package that installs each.
#if defined(__APPLE__)
#define ASYNC_WAIT_ATSPI_LIBATSPI "libatspi.0.dylib"
#define ASYNC_WAIT_ATSPI_GOBJECT "libgobject-2.0.0.dylib"
#define ASYNC_WAIT_ATSPI_GLIB "libglib-2.0.0.dylib"
#define ASYNC_WAIT_ATSPI_LIBATSPI_PACKAGE "Homebrew's at-spi2-core"
#define ASYNC_WAIT_ATSPI_GLIB_PACKAGE "Homebrew's glib"
#else
#define ASYNC_WAIT_ATSPI_LIBATSPI "libatspi.so.0"
#define ASYNC_WAIT_ATSPI_GOBJECT "libgobject-2.0.so.0"
#define ASYNC_WAIT_ATSPI_GLIB "libglib-2.0.so.0"
#define ASYNC_WAIT_ATSPI_LIBATSPI_PACKAGE "libatspi2.0-0"
#define ASYNC_WAIT_ATSPI_GLIB_PACKAGE "libglib2.0-0"
#endif

// Written once, by load, under `once`; read only after it.
static AsyncWaitATSPIFunctions functions;
static const AsyncWaitATSPIFunctions *loaded;
static char message[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/// Opens a library for good (it is never closed), with its symbols global as
/// GLib's plugins expect; sets `message` and returns NULL when it cannot.
static void *open_library(const char *name, const char *package) {
  void *handle = dlopen(name, RTLD_NOW | RTLD_GLOBAL);
  if (handle == NULL) {
    const char *reason = dlerror();
    snprintf(
      message, sizeof message, "%s could not be loaded, so AT-SPI is not available; install %s (%s)", name,
      package, reason != NULL ? reason : "no reason given");
  }
  return handle;
}

/// Looks up a function of an open library; sets `message` and returns NULL
/// when the library lacks it.
static void *look_up(void *handle, const char *library, const char *package, const char *name) {
  dlerror();
  void *address = dlsym(handle, name);
  if (address == NULL) {
    snprintf(
      message, sizeof message, "%s has no function %s, so AT-SPI is not available; install a newer %s",
      library, name, package);
  }
  return address;
}

/// Fills in `functions` and sets `loaded`, or leaves `loaded` NULL and sets `message`.
static void load(void) {
  void *libatspi = open_library(ASYNC_WAIT_ATSPI_LIBATSPI, ASYNC_WAIT_ATSPI_LIBATSPI_PACKAGE);
  if (libatspi == NULL) return;
  void *gobject = open_library(ASYNC_WAIT_ATSPI_GOBJECT, ASYNC_WAIT_ATSPI_GLIB_PACKAGE);
  if (gobject == NULL) return;
  void *glib = open_library(ASYNC_WAIT_ATSPI_GLIB, ASYNC_WAIT_ATSPI_GLIB_PACKAGE);
  if (glib == NULL) return;

#define ASYNC_WAIT_ATSPI_LOOK_UP(handle, library, package, returnType, name, parameters) \
  { \
    void *address = look_up(handle, library, package, #name); \
    if (address == NULL) return; \
    functions.name = (returnType(*) parameters)address; \
  }
#define ASYNC_WAIT_ATSPI_LOOK_UP_LIBATSPI(returnType, name, parameters) \
  ASYNC_WAIT_ATSPI_LOOK_UP( \
    libatspi, ASYNC_WAIT_ATSPI_LIBATSPI, ASYNC_WAIT_ATSPI_LIBATSPI_PACKAGE, returnType, name, parameters)
#define ASYNC_WAIT_ATSPI_LOOK_UP_GOBJECT(returnType, name, parameters) \
  ASYNC_WAIT_ATSPI_LOOK_UP( \
    gobject, ASYNC_WAIT_ATSPI_GOBJECT, ASYNC_WAIT_ATSPI_GLIB_PACKAGE, returnType, name, parameters)
#define ASYNC_WAIT_ATSPI_LOOK_UP_GLIB(returnType, name, parameters) \
  ASYNC_WAIT_ATSPI_LOOK_UP( \
    glib, ASYNC_WAIT_ATSPI_GLIB, ASYNC_WAIT_ATSPI_GLIB_PACKAGE, returnType, name, parameters)

  ASYNC_WAIT_ATSPI_LIBATSPI_FUNCTIONS(ASYNC_WAIT_ATSPI_LOOK_UP_LIBATSPI)
  ASYNC_WAIT_ATSPI_GOBJECT_FUNCTIONS(ASYNC_WAIT_ATSPI_LOOK_UP_GOBJECT)
  ASYNC_WAIT_ATSPI_GLIB_FUNCTIONS(ASYNC_WAIT_ATSPI_LOOK_UP_GLIB)

#undef ASYNC_WAIT_ATSPI_LOOK_UP_GLIB
#undef ASYNC_WAIT_ATSPI_LOOK_UP_GOBJECT
#undef ASYNC_WAIT_ATSPI_LOOK_UP_LIBATSPI
#undef ASYNC_WAIT_ATSPI_LOOK_UP

  loaded = &functions;
}

const AsyncWaitATSPIFunctions *_Nullable asyncwait_atspi_load(const char *_Nullable *_Nonnull error) {
  pthread_once(&once, load);
  *error = loaded != NULL ? NULL : message;
  return loaded;
}

#endif
