#ifndef ASYNC_WAIT_CATSPI_SHIM_H
#define ASYNC_WAIT_CATSPI_SHIM_H

#include <atspi/atspi.h>

#endif
