/* The headers of the system library this target stands for (Package.swift: pkg-config and providers). */
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
