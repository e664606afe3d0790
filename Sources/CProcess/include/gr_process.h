/*
 * CProcess: what a signal handler must do, in C because Swift code cannot run in one.
 *
 * A write in progress registers its temporary file; when SIGINT, SIGTERM, SIGHUP, SIGPIPE or SIGXFSZ
 * ends the process, the handler unlinks every registered temporary (and removes the one registered
 * folder), then lets the signal end the process as it would have (so a shell sees 130, 143 or 141).
 * Registering and unregistering are lock-free and async-signal-safe; the handler makes only
 * async-signal-safe system calls.
 */
#ifndef GR_PROCESS_H
#define GR_PROCESS_H

/** Installs the handlers once; later calls do nothing. */
void gr_cleanup_install(void);

/**
 * Registers `path` for removal on those signals: a file (a temporary), or an empty folder made for
 * one (removed after the files, when empty). Returns a slot for gr_cleanup_remove, or -1 when the
 * path is too long or every slot is taken (it is then not removed by a signal).
 */
int gr_cleanup_add(const char *path);

/** The temporary in `slot` is gone or in place: forget it. A slot of -1 is ignored. */
void gr_cleanup_remove(int slot);

/**
 * Begins a section that a SIGINT, SIGTERM or SIGHUP (and the others above) does not cut: one that
 * arrives is acted on (cleanup, then the default action) when the last section ends. For the few
 * renames that put files that belong together in place (a baseline and its layout). Sections nest.
 */
void gr_signals_defer_begin(void);

/** Ends a section begun by gr_signals_defer_begin, acting on a signal that arrived during it. */
void gr_signals_defer_end(void);

/**
 * Registers `path`, a folder this process made, to be removed with all it holds on those signals; NULL
 * forgets it. Returns 0 when the path is too long. One folder at a time.
 */
int gr_cleanup_set_folder(const char *path);

/**
 * Whether `path` names the registered folder (repeated and trailing slashes aside). Writers must not
 * make it again: made once by mkdtemp, it is missing only when the signal handler removed it, and a
 * copy made in the moment before the process ends would be left behind.
 */
int gr_cleanup_is_folder(const char *path);

/** Removes the folder `path` and what it holds (four levels deep at most), as the handler does. */
void gr_remove_tree(const char *path);

#endif
