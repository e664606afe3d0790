/* gr_sync_file_system (gr_process.h): syncfs is a GNU extension that Swift's Glibc module does not show. */
#define _GNU_SOURCE
#include "gr_process.h"

#include <unistd.h>

int gr_sync_file_system(int fd) {
#if defined(__linux__)
    return syncfs(fd);
#else
    return fsync(fd);
#endif
}
