#ifndef BABELFIT_CJEMALLOC_SHIM_H
#define BABELFIT_CJEMALLOC_SHIM_H
#include <jemalloc/jemalloc.h>
#endif
