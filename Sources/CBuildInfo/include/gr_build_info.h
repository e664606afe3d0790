/*
 * CBuildInfo: the version this binary was built as, fixed at compile time.
 *
 * The declared version is the VERSION file at the top of the repository (Package.swift passes it as
 * GR_DECLARED_VERSION). Every `make` build writes GR_BUILD_VERSION into .build/generated: the git
 * tag on HEAD when there is one, else the declared version plus the commit (0.1.0+g1a2b3c4), the
 * same string the .deb is named and versioned by. C, because only a C define can carry a string
 * into a build.
 */
#ifndef GR_BUILD_INFO_H
#define GR_BUILD_INFO_H

/** The version `--version` prints. */
const char *gr_build_version(void);

#endif
