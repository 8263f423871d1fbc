#ifndef BABELFIT_CCAIRO_SHIM_H
#define BABELFIT_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-ft.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#endif
