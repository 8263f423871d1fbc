#ifndef BABELFIT_CZLIB_SHIM_H
#define BABELFIT_CZLIB_SHIM_H
#include <zlib.h>
#endif
