#include "gr_process.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#if defined(__linux__)
#include <sys/syscall.h>
#endif
#include <unistd.h>

enum { slot_count = 256, slot_free = 0, slot_filling = 1, slot_ready = 2 };

static char paths[slot_count][PATH_MAX];
static atomic_int states[slot_count];
static atomic_flag installed = ATOMIC_FLAG_INIT;
static char folder[PATH_MAX];
static atomic_int folder_state;

/* A folder being read, and next_name: its next entry's name into `name` (at most NAME_MAX + 1 bytes),
 * 1, or 0 at the end. Linux: getdents64, a system call, async-signal-safe. Elsewhere (Darwin) there is
 * no such call: readdir on a stream over a duplicate of the descriptor, which is not
 * async-signal-safe, the documented fallback (docs/reliability.md). */
typedef struct {
    int descriptor;
#if defined(__linux__)
    _Alignas(8) char buffer[4096]; /* read as struct gr_dirent, which has 8-byte members */
    long count, at;
#else
    DIR *stream;
#endif
} folder_reader;

static int next_name(folder_reader *reader, char *name) {
#if defined(__linux__)
    for (;;) {
        if (reader->at >= reader->count) {
            reader->count = syscall(SYS_getdents64, reader->descriptor, reader->buffer, sizeof reader->buffer);
            reader->at = 0;
            if (reader->count <= 0) return 0;
        }
        struct gr_dirent {
            unsigned long long ino;
            long long off;
            unsigned short reclen;
            unsigned char type;
            char name[];
        } *entry = (struct gr_dirent *)(reader->buffer + reader->at);
        reader->at += entry->reclen;
        strncpy(name, entry->name, NAME_MAX);
        name[NAME_MAX] = '\0';
        return 1;
    }
#else
    if (!reader->stream) {
        int copy = dup(reader->descriptor);
        if (copy < 0 || !(reader->stream = fdopendir(copy))) {
            if (copy >= 0) close(copy);
            return 0;
        }
    }
    struct dirent *entry = readdir(reader->stream);
    if (!entry) return 0;
    strncpy(name, entry->d_name, NAME_MAX);
    name[NAME_MAX] = '\0';
    return 1;
#endif
}

/* Back to the folder's first entry, for another pass. */
static void rewind_reader(folder_reader *reader) {
#if defined(__linux__)
    lseek(reader->descriptor, 0, SEEK_SET);
    reader->count = reader->at = 0;
#else
    if (reader->stream) rewinddir(reader->stream);
#endif
}

static void close_reader(folder_reader *reader) {
#if !defined(__linux__)
    if (reader->stream) closedir(reader->stream);
#endif
    close(reader->descriptor);
}

/*
 * Removes everything in the folder open as `descriptor` (and closes it), with system calls only
 * on Linux: getdents64, unlinkat and openat are async-signal-safe where opendir and nftw are not.
 * `depth` bounds the recursion (the check folder holds scene folders of frames).
 */
static void empty_folder(int descriptor, int depth) {
    folder_reader reader = {.descriptor = descriptor};
    char name[NAME_MAX + 1];
    /* Entries removed while the folder is read: read it again, a few times at most (an entry that
     * cannot be removed must not make this loop forever). */
    for (int pass = 0; pass < 3; pass++) {
        int seen = 0;
        while (next_name(&reader, name)) {
            if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) continue;
            seen = 1;
            if (unlinkat(descriptor, name, 0) == 0 || depth == 0) continue;
            int inner = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (inner >= 0) empty_folder(inner, depth - 1);
            unlinkat(descriptor, name, AT_REMOVEDIR);
        }
        if (!seen) break;
        rewind_reader(&reader);
    }
    close_reader(&reader);
}

/* Removes `path` and what it holds while other threads may still be writing frames into it: it is
 * emptied again until rmdir finds it empty (a pass takes microseconds, a frame milliseconds), a
 * bounded number of times. Once was not enough: a frame renamed into place after the pass left the
 * folder behind. */
static void remove_tree_now(const char *path) {
    for (int attempt = 0; attempt < 1000; attempt++) {
        int descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (descriptor >= 0) empty_folder(descriptor, 4);
        if (rmdir(path) == 0 || (errno != ENOTEMPTY && errno != EEXIST)) return;
    }
}

/* gr_signals_defer_begin/_end: sections in which a signal's exit waits (see the header). */
static atomic_int deferring;
static atomic_int pending;

static void finish(int sig);

static void on_signal(int sig) {
    if (atomic_load(&deferring) > 0) {
        atomic_store(&pending, sig);
        if (atomic_load(&deferring) > 0) return;
        /* The section ended meanwhile: whoever takes the pending signal first acts on it. */
        sig = atomic_exchange(&pending, 0);
        if (sig == 0) return;
    }
    finish(sig);
}

void gr_signals_defer_begin(void) { atomic_fetch_add(&deferring, 1); }

void gr_signals_defer_end(void) {
    if (atomic_fetch_sub(&deferring, 1) != 1) return;
    int sig = atomic_exchange(&pending, 0);
    if (sig != 0) finish(sig);
}

static void finish(int sig) {
    for (int i = 0; i < slot_count; i++) {
        if (atomic_load(&states[i]) == slot_ready) unlink(paths[i]);
    }
    /* Then the folders a writer made for its file (unlink refused them), deepest first over a few
     * passes; one that is not empty stays. */
    for (int pass = 0; pass < 8; pass++) {
        for (int i = slot_count - 1; i >= 0; i--) {
            if (atomic_load(&states[i]) == slot_ready) rmdir(paths[i]);
        }
    }
    if (atomic_load(&folder_state) == slot_ready) remove_tree_now(folder);
    struct sigaction standard;
    memset(&standard, 0, sizeof standard);
    standard.sa_handler = SIG_DFL;
    sigemptyset(&standard.sa_mask);
    sigaction(sig, &standard, NULL);
    raise(sig);
}

void gr_cleanup_install(void) {
    if (atomic_flag_test_and_set(&installed)) return;
    const int signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ};
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction current;
        /* A signal the parent had ignored (nohup, a CI runner) stays ignored. */
        if (sigaction(signals[i], NULL, &current) == 0 && current.sa_handler == SIG_IGN) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_signal;
        sigfillset(&action.sa_mask);
        sigaction(signals[i], &action, NULL);
    }
}

int gr_cleanup_add(const char *path) {
    size_t length = strlen(path);
    if (length >= PATH_MAX) return -1;
    for (int i = 0; i < slot_count; i++) {
        int expected = slot_free;
        if (atomic_compare_exchange_strong(&states[i], &expected, slot_filling)) {
            memcpy(paths[i], path, length + 1);
            atomic_store(&states[i], slot_ready);
            return i;
        }
    }
    return -1;
}

void gr_cleanup_remove(int slot) {
    if (slot >= 0 && slot < slot_count) atomic_store(&states[slot], slot_free);
}

int gr_cleanup_set_folder(const char *path) {
    size_t length = path ? strlen(path) : 0;
    if (length >= PATH_MAX) return 0;
    atomic_store(&folder_state, slot_free);
    if (path == NULL) return 1;
    memcpy(folder, path, length + 1);
    atomic_store(&folder_state, slot_ready);
    return 1;
}

/* `path` into `out` with runs of slashes as one and no trailing slash (but "/"); 0 when too long. */
static int normalised(const char *path, char out[PATH_MAX]) {
    size_t n = 0;
    for (const char *at = path; *at; at++) {
        if (*at == '/' && n > 0 && out[n - 1] == '/') continue;
        if (n + 1 >= PATH_MAX) return 0;
        out[n++] = *at;
    }
    if (n > 1 && out[n - 1] == '/') n--;
    out[n] = '\0';
    return 1;
}

int gr_cleanup_is_folder(const char *path) {
    if (atomic_load(&folder_state) != slot_ready) return 0;
    char a[PATH_MAX], b[PATH_MAX];
    return normalised(path, a) && normalised(folder, b) && strcmp(a, b) == 0;
}

void gr_remove_tree(const char *path) { remove_tree_now(path); }
