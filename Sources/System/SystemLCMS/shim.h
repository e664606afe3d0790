/* The headers of the system library this target stands for (Package.swift: pkg-config and providers). */
#include <lcms2.h>
