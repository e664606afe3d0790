/*
 * The process's arguments as the C start-up code passed them. Swift's CommandLine on Linux reads
 * /proc/self/cmdline, so in a chroot or sandbox without /proc it sees none; glibc also hands
 * argc and argv to every .init_array function, and this one keeps them.
 */
#ifndef GR_ARGUMENTS_H
#define GR_ARGUMENTS_H

/** The number of arguments, the program's name included; 0 where they were not captured (not glibc). */
int gr_arguments_count(void);

/** Argument `index` (0 the program's name), or NULL when out of range or not captured. */
const char *gr_argument(int index);

#endif
