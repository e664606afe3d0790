/*
 * The run-time guard on the code that depends on libjpeg-turbo's internals.
 *
 * gr_jpeg_huffman.c (cinfo->entropy, cinfo->master) and gr_jpeg_idct.c (cinfo->idct) write and read
 * libjpeg-turbo's private structs (jpegint.h), and gr_jpeg_resume.c counts on how far its Huffman
 * reader reads ahead. None of that is libjpeg's ABI: it holds for the version the build's headers
 * describe, and the binary runs with whatever libjpeg62-turbo is installed. So they run only where the
 * library this process loaded is exactly LIBJPEG_TURBO_VERSION (and LIBJPEG_TURBO_VERSION_NUMBER);
 * anywhere else every decode takes libjpeg's own path, as plain_entropy, plain_idct and plain_skip do.
 *
 * The loaded version: libjpeg-turbo has no call for it, and JMSG_VERSION's text is the libjpeg API it
 * emulates ("6b  27-Mar-1998" in every libjpeg62-turbo). Its jcmaster.c keeps "libjpeg-turbo version
 * <VERSION> (build <date>)" in the library's constant data (so that a binary can be identified), the
 * same from 1.x to 3.x: it is read from the loaded object's segments in memory (dl_iterate_phdr), not
 * from a file an upgrade may have replaced since. Once a process (pthread_once). Where it cannot be
 * read (no dl_iterate_phdr, as on macOS; the string missing or ambiguous), the guarded paths stay off.
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* dl_iterate_phdr */
#endif
#include "gr_jpeg_scan.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

#if defined(__linux__) && defined(LIBJPEG_TURBO_VERSION)
#include <link.h>
#define GR_JPEG_GUARD_READS 1
#else
#define GR_JPEG_GUARD_READS 0
#endif

#define GR_GUARD_TEXT_(x) #x
#define GR_GUARD_TEXT(x) GR_GUARD_TEXT_(x)

enum { VERSION_SIZE = 32 };

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int versions_match;
static char loaded_version[VERSION_SIZE]; /* "" when not found */

/* Per thread: a test forcing libjpeg's path leaves decodes running on other threads alone. */
static _Thread_local int forced_stock;

#if GR_JPEG_GUARD_READS

typedef struct {
    uintptr_t inside;            /* an address in libjpeg's code */
    int object_found;
    int found, conflicting;      /* version strings found; any two of them differing */
    char version[VERSION_SIZE];
} search;

/* Whether `bytes` at `at` (of `size`) hold `text`; byte loops, not libc's, so that no sanitizer's
 * interceptor checks memory this process never allocated. */
__attribute__((no_sanitize("address"))) static int holds(const unsigned char *bytes, size_t size, size_t at,
                                                         const char *text) {
    for (size_t i = 0; text[i] != '\0'; i++) {
        if (at + i >= size || bytes[at + i] != (unsigned char)text[i]) return 0;
    }
    return 1;
}

/* Every "libjpeg-turbo version <token> (build " in `bytes`: the first token kept, any other compared. */
__attribute__((no_sanitize("address"))) static void scan(const unsigned char *bytes, size_t size, search *s) {
    static const char prefix[] = "libjpeg-turbo version ", suffix[] = " (build ";
    for (size_t at = 0; at + sizeof(prefix) - 1 < size; at++) {
        if (bytes[at] != 'l' || !holds(bytes, size, at, prefix)) continue;
        size_t start = at + sizeof(prefix) - 1, length = 0;
        while (length < VERSION_SIZE - 1 && start + length < size && bytes[start + length] > ' ' &&
               bytes[start + length] < 0x7F) {
            length++;
        }
        if (length == 0 || !holds(bytes, size, start + length, suffix)) continue;
        char version[VERSION_SIZE];
        for (size_t i = 0; i < length; i++) version[i] = (char)bytes[start + i];
        version[length] = '\0';
        if (s->found++ == 0) memcpy(s->version, version, sizeof(version));
        else if (strcmp(s->version, version) != 0) s->conflicting = 1;
    }
}

/* dl_iterate_phdr's callback: in the object whose loaded segments hold s->inside, scans them all. */
static int visit(struct dl_phdr_info *info, size_t info_size, void *data) {
    (void)info_size;
    search *s = data;
    int ours = 0;
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        uintptr_t start = (uintptr_t)info->dlpi_addr + (uintptr_t)segment->p_vaddr;
        if (segment->p_type == PT_LOAD && s->inside >= start && s->inside - start < segment->p_memsz) ours = 1;
    }
    if (!ours) return 0;
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_LOAD || !(segment->p_flags & PF_R)) continue;
        scan((const unsigned char *)((uintptr_t)info->dlpi_addr + (uintptr_t)segment->p_vaddr),
             (size_t)segment->p_filesz, s);
    }
    s->object_found = 1;
    return 1;
}

/* "2.1.5" as LIBJPEG_TURBO_VERSION_NUMBER writes it (2001005), from its first three parts; -1 if not. */
static long version_number(const char *text) {
    long parts[3] = {0, 0, 0};
    int part = 0, digits = 0;
    for (const char *c = text; *c != '\0' && part < 3; c++) {
        if (*c == '.') {
            if (digits == 0) return -1;
            part++, digits = 0;
        } else if (*c >= '0' && *c <= '9' && digits < 3) {
            parts[part] = parts[part] * 10 + (*c - '0');
            digits++;
        } else {
            return -1;
        }
    }
    if (part < 2 || (part == 2 && digits == 0)) return -1;
    return parts[0] * 1000000 + parts[1] * 1000 + parts[2];
}

static void check_once(void) {
    struct jpeg_error_mgr errors;
    jpeg_std_error(&errors);
    /* The library's own error_exit (static in its jerror.c): an address in the loaded object. */
    search s = {.inside = (uintptr_t)errors.error_exit};
    dl_iterate_phdr(visit, &s);
    if (!s.object_found || s.found == 0 || s.conflicting) return;
    memcpy(loaded_version, s.version, sizeof(loaded_version));
    /* The message table too: its last code is the headers' (jerror.h) where the versions agree. */
    versions_match = strcmp(loaded_version, GR_GUARD_TEXT(LIBJPEG_TURBO_VERSION)) == 0 &&
                     version_number(loaded_version) == (long)LIBJPEG_TURBO_VERSION_NUMBER &&
                     errors.last_jpeg_message == (int)JMSG_LASTMSGCODE - 1;
}

#else

static void check_once(void) {}

#endif

const char *gr_jpeg_loaded_version(void) {
    pthread_once(&once, check_once);
    return loaded_version;
}

int gr_jpeg_private_paths_enabled(void) {
    if (forced_stock) return 0;
    pthread_once(&once, check_once);
    return versions_match;
}

void gr_jpeg_force_stock(int on) { forced_stock = on != 0; }
