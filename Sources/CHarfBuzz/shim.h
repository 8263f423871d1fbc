#ifndef BABELFIT_CHARFBUZZ_SHIM_H
#define BABELFIT_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
