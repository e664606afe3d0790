#include "gr_arguments.h"

#include <stddef.h>
#include <stdlib.h> /* defines __GLIBC__ on glibc */

static int captured_count;
static char **captured_values;

#if defined(__linux__) && defined(__GLIBC__)
/* glibc calls .init_array functions with (argc, argv, envp): an extension the C standard does not
 * make, which glibc documents and has kept since 2.1. argv outlives main. */
static void capture(int argc, char **argv, char **envp) {
    (void)envp;
    if (argc > 0 && argv) {
        captured_count = argc;
        captured_values = argv;
    }
}
__attribute__((used, section(".init_array"))) static void (*const capture_at_start)(int, char **, char **) = capture;
#endif

int gr_arguments_count(void) { return captured_count; }

const char *gr_argument(int index) {
    return index >= 0 && index < captured_count && captured_values ? captured_values[index] : NULL;
}
