/* The headers of the system library this target stands for (Package.swift: pkg-config and providers). */
#include <hb.h>
#include <hb-ot.h>
