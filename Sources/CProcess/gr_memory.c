/*
 * Whether the process could allocate a block now. In C, and through a volatile, so that no compiler
 * removes the malloc and free pair as dead code (LLVM does, for a pair in Swift).
 */
#include "gr_memory.h"

#include <stdlib.h>

int gr_memory_available(size_t bytes) {
    void *volatile block = malloc(bytes);
    if (block == NULL) return 0;
    free(block);
    return 1;
}
