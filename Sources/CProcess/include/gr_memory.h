/*
 * CProcess: a probe of the process's memory, for errors instead of aborts when it runs out.
 */
#ifndef GR_MEMORY_H
#define GR_MEMORY_H

#include <stddef.h>

/** 1 when a block of `bytes` could be allocated now (one is allocated and freed), else 0. */
int gr_memory_available(size_t bytes);

#endif
