#include "gr_process.h"

#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

enum { slot_count = 256, slot_free = 0, slot_filling = 1, slot_ready = 2 };

static char paths[slot_count][PATH_MAX];
static atomic_int states[slot_count];
static atomic_flag installed = ATOMIC_FLAG_INIT;

static void on_signal(int sig) {
    for (int i = 0; i < slot_count; i++) {
        if (atomic_load(&states[i]) == slot_ready) unlink(paths[i]);
    }
    struct sigaction standard;
    memset(&standard, 0, sizeof standard);
    standard.sa_handler = SIG_DFL;
    sigemptyset(&standard.sa_mask);
    sigaction(sig, &standard, NULL);
    raise(sig);
}

void gr_cleanup_install(void) {
    if (atomic_flag_test_and_set(&installed)) return;
    const int signals[] = {SIGINT, SIGTERM, SIGHUP};
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
