#ifndef BABELFIT_CCAIRO_SHIM_H
#define BABELFIT_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-ft.h>
#include FT_MULTIPLE_MASTERS_H
#include <cairo-pdf.h>
#include <cairo-svg.h>
#endif
