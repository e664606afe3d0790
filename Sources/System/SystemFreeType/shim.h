/* The headers of the system library this target stands for (Package.swift: pkg-config and providers). */
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
