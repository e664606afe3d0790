/* Declarations shared by the CPNG sources; not part of the module's public header. */
#ifndef GR_PNG_INTERNAL_H
#define GR_PNG_INTERNAL_H

#include "gr_png.h"
#include "gr_cpu.h"
#include "gr_deflate_runs.h" /* the frames' encoder */
#include "gr_png_read.h"   /* the fast reader gr_png_decode tries first; gr_png_paeth */

#include <stdlib.h>

/** Copies at most 255 bytes of `text` (or a generic message when NULL) into a 256-byte buffer. */
void gr_png_copy_message(char *destination, const char *text);

#endif
