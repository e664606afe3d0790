#!/usr/bin/env python3
"""Draw the bundled demo photos: Fixtures/photos/1.jpg ... 20.jpg.

Like the twenty photos (named 1...20) that ship with the iOS tutorial, these
are small synthetic "photos": a little landscape (sky gradient with a sun or
moon, clouds or stars, then hills, sea, mountains or fields, and a tree,
pines, a house or a sailboat), each with a different time of day and palette,
and with the photo's number drawn large in the centre (a scaled 5x7 bitmap
font, white with a dark outline and drop shadow) so it stays readable after
the photo is aspect-filled and masked to a circle.

Sizes (as displayed): mostly 320x240 landscape; 4, 7, 9, 15 and 18 are
240x320 portrait; 6 and 13 are 240x240 square.

EXIF orientation fixtures:
  *  7.jpg has an EXIF APP1 segment (big-endian "MM" TIFF header) with
     Orientation = 6, i.e. "rotate the stored pixels 90 degrees clockwise to
     display".  Its pixels are therefore STORED rotated 90 degrees
     counter-clockwise (a 320x240 landscape raster holding a 240x320 portrait
     picture), so a viewer that honours EXIF shows it upright; one that
     ignores EXIF shows it lying on its side.
  * 12.jpg has an EXIF APP1 segment (little-endian "II" TIFF header) with
     Orientation = 3, "rotate 180 degrees"; its pixels are STORED upside down.

Encoding: a minimal baseline JPEG encoder written below in pure Python 3
(stdlib only): JFIF APP0, IJG tables scaled to quality 85, YCbCr 4:2:0,
the standard Huffman tables of ITU-T T.81 Annex K, byte stuffing, EOI.

Run from the repository root:

    python3 Fixtures/make-photos.py

The output is deterministic: no timestamps, and the only randomness comes from
random.Random instances with fixed seeds, so every run writes the same bytes.
(The drawing uses floating-point math.sin/cos/exp; a different platform's libm
could in principle round a pixel differently, but on one machine the output is
byte-for-byte stable.)
"""

import math
import os
import random
import struct

OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "photos")
COUNT = 20
QUALITY = 85

# ===========================================================================
# Baseline JPEG encoder
# ===========================================================================

# IJG / Annex K example quantisation tables, natural (row-major) order.
STD_LUMA_Q = [
    16, 11, 10, 16, 24, 40, 51, 61,
    12, 12, 14, 19, 26, 58, 60, 55,
    14, 13, 16, 24, 40, 57, 69, 56,
    14, 17, 22, 29, 51, 87, 80, 62,
    18, 22, 37, 56, 68, 109, 103, 77,
    24, 35, 55, 64, 81, 104, 113, 92,
    49, 64, 78, 87, 103, 121, 120, 101,
    72, 92, 95, 98, 112, 100, 103, 99,
]
STD_CHROMA_Q = [
    17, 18, 24, 47, 99, 99, 99, 99,
    18, 21, 26, 66, 99, 99, 99, 99,
    24, 26, 56, 99, 99, 99, 99, 99,
    47, 66, 99, 99, 99, 99, 99, 99,
] + [99] * 32

# Standard Huffman tables (Annex K.3): code counts per length 1..16, symbols.
DC_LUMA_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
DC_CHROMA_BITS = [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]
DC_VALS = list(range(12))
AC_LUMA_BITS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D]
AC_LUMA_VALS = [
    0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12,
    0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07,
    0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xA1, 0x08,
    0x23, 0x42, 0xB1, 0xC1, 0x15, 0x52, 0xD1, 0xF0,
    0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0A, 0x16,
    0x17, 0x18, 0x19, 0x1A, 0x25, 0x26, 0x27, 0x28,
    0x29, 0x2A, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39,
    0x3A, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49,
    0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59,
    0x5A, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68, 0x69,
    0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79,
    0x7A, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89,
    0x8A, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98,
    0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5, 0xA6, 0xA7,
    0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4, 0xB5, 0xB6,
    0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3, 0xC4, 0xC5,
    0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2, 0xD3, 0xD4,
    0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA, 0xE1, 0xE2,
    0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9, 0xEA,
    0xF1, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8,
    0xF9, 0xFA,
]
AC_CHROMA_BITS = [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77]
AC_CHROMA_VALS = [
    0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21,
    0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71,
    0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91,
    0xA1, 0xB1, 0xC1, 0x09, 0x23, 0x33, 0x52, 0xF0,
    0x15, 0x62, 0x72, 0xD1, 0x0A, 0x16, 0x24, 0x34,
    0xE1, 0x25, 0xF1, 0x17, 0x18, 0x19, 0x1A, 0x26,
    0x27, 0x28, 0x29, 0x2A, 0x35, 0x36, 0x37, 0x38,
    0x39, 0x3A, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48,
    0x49, 0x4A, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58,
    0x59, 0x5A, 0x63, 0x64, 0x65, 0x66, 0x67, 0x68,
    0x69, 0x6A, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78,
    0x79, 0x7A, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87,
    0x88, 0x89, 0x8A, 0x92, 0x93, 0x94, 0x95, 0x96,
    0x97, 0x98, 0x99, 0x9A, 0xA2, 0xA3, 0xA4, 0xA5,
    0xA6, 0xA7, 0xA8, 0xA9, 0xAA, 0xB2, 0xB3, 0xB4,
    0xB5, 0xB6, 0xB7, 0xB8, 0xB9, 0xBA, 0xC2, 0xC3,
    0xC4, 0xC5, 0xC6, 0xC7, 0xC8, 0xC9, 0xCA, 0xD2,
    0xD3, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8, 0xD9, 0xDA,
    0xE2, 0xE3, 0xE4, 0xE5, 0xE6, 0xE7, 0xE8, 0xE9,
    0xEA, 0xF2, 0xF3, 0xF4, 0xF5, 0xF6, 0xF7, 0xF8,
    0xF9, 0xFA,
]

for _bits, _vals in ((DC_LUMA_BITS, DC_VALS), (DC_CHROMA_BITS, DC_VALS),
                     (AC_LUMA_BITS, AC_LUMA_VALS), (AC_CHROMA_BITS, AC_CHROMA_VALS)):
    assert len(_bits) == 16 and sum(_bits) == len(_vals) == len(set(_vals))

# ZIGZAG[i] = natural (row * 8 + col) index of the i-th coefficient in zigzag
# order: walk the anti-diagonals r + c = 0..14, alternating direction.
ZIGZAG = sorted(range(64), key=lambda k: (k // 8 + k % 8,
                                          k % 8 if (k // 8 + k % 8) % 2 == 0 else k // 8))
assert ZIGZAG[:10] == [0, 1, 8, 16, 9, 2, 3, 10, 17, 24] and ZIGZAG[-6:] == [61, 54, 47, 55, 62, 63]

# Orthonormal 8-point DCT-II matrix; F = C . f . C^T equals the JPEG FDCT.
DCT = [[(math.sqrt(0.125) if u == 0 else 0.5) * math.cos((2 * x + 1) * u * math.pi / 16)
        for x in range(8)] for u in range(8)]


def scaled_qtable(base, quality):
    """IJG quality scaling (jcparam.c: jpeg_quality_scaling / add_quant_table)."""
    scale = 5000 // quality if quality < 50 else 200 - 2 * quality
    return [min(255, max(1, (b * scale + 50) // 100)) for b in base]


def huffman_codes(bits, vals):
    """Canonical codes (Annex C): symbol -> (code, length)."""
    table, code, k = {}, 0, 0
    for length in range(1, 17):
        for _ in range(bits[length - 1]):
            table[vals[k]] = (code, length)
            code += 1
            k += 1
        code <<= 1
    return table


class BitWriter:
    """MSB-first bit packer with 0xFF -> 0xFF 0x00 byte stuffing."""

    def __init__(self):
        self.out = bytearray()
        self.acc = 0
        self.nbits = 0

    def write(self, value, length):
        self.acc = (self.acc << length) | (value & ((1 << length) - 1))
        self.nbits += length
        while self.nbits >= 8:
            self.nbits -= 8
            byte = (self.acc >> self.nbits) & 0xFF
            self.out.append(byte)
            if byte == 0xFF:
                self.out.append(0x00)
        self.acc &= (1 << self.nbits) - 1

    def flush(self):
        """Pad the last byte with 1-bits (T.81 F.1.2.3)."""
        if self.nbits:
            self.write((1 << (8 - self.nbits)) - 1, 8 - self.nbits)


def fdct_quantize(block, qtable):
    """8x8 level-shifted samples (row-major) -> quantised coefficients (natural order)."""
    rows = [block[r * 8:r * 8 + 8] for r in range(8)]
    # Horizontal pass: tmp[y][u] = sum_x C[u][x] * f[y][x]
    tmp = [[sum(c * v for c, v in zip(cu, row)) for cu in DCT] for row in rows]
    out = [0] * 64
    for u in range(8):
        col = [tmp[y][u] for y in range(8)]
        for v in range(8):
            k = v * 8 + u
            out[k] = int(math.floor(sum(c * t for c, t in zip(DCT[v], col)) / qtable[k] + 0.5))
    return out


def encode_block(bw, coefs, prev_dc, dc_codes, ac_codes):
    zz = [coefs[k] for k in ZIGZAG]
    diff = zz[0] - prev_dc
    size = abs(diff).bit_length()
    bw.write(*dc_codes[size])
    if size:
        bw.write(diff if diff > 0 else diff + (1 << size) - 1, size)
    run = 0
    for value in zz[1:]:
        if value == 0:
            run += 1
            continue
        while run > 15:
            bw.write(*ac_codes[0xF0])  # ZRL: sixteen zeros
            run -= 16
        size = abs(value).bit_length()
        bw.write(*ac_codes[(run << 4) | size])
        bw.write(value if value > 0 else value + (1 << size) - 1, size)
        run = 0
    if run:
        bw.write(*ac_codes[0x00])  # EOB
    return zz[0]


def segment(marker, payload):
    return struct.pack(">BBH", 0xFF, marker, len(payload) + 2) + payload


def exif_orientation_payload(orientation, byte_order):
    """APP1 'Exif' payload: TIFF header + IFD0 holding Orientation (0x0112) plus the
    tags Exif 2.3 requires in IFD0 (X/YResolution 72/1, ResolutionUnit inch,
    YCbCrPositioning centred), so `exiftool -validate` is clean."""
    e = ">" if byte_order == "MM" else "<"
    n = 5
    data_off = 8 + 2 + 12 * n + 4                  # rationals stored after the IFD
    entries = [  # (tag, type, count, 4-byte value field); SHORT = 3, RATIONAL = 5
        (0x0112, 3, 1, struct.pack(e + "HH", orientation, 0)),   # SHORTs are left-justified
        (0x011A, 5, 1, struct.pack(e + "I", data_off)),
        (0x011B, 5, 1, struct.pack(e + "I", data_off + 8)),
        (0x0128, 3, 1, struct.pack(e + "HH", 2, 0)),
        (0x0213, 3, 1, struct.pack(e + "HH", 1, 0)),
    ]
    tiff = byte_order.encode("ascii") + struct.pack(e + "HI", 42, 8) + struct.pack(e + "H", n)
    for tag, typ, count, value in entries:         # IFD entries sorted by tag
        tiff += struct.pack(e + "HHI", tag, typ, count) + value
    tiff += struct.pack(e + "I", 0)                # no next IFD
    assert len(tiff) == data_off
    tiff += struct.pack(e + "IIII", 72, 1, 72, 1)
    return b"Exif\x00\x00" + tiff


def encode_jpeg(width, height, rgb, quality=QUALITY, orientation=None, byte_order="MM"):
    """rgb: bytes-like, width*height*3, row-major.  Returns baseline JFIF bytes (4:2:0)."""
    pw, ph = -(-width // 16) * 16, -(-height // 16) * 16
    ys, cbs, crs = [], [], []
    for y in range(ph):
        sy = min(y, height - 1)
        yr, cbr, crr = [], [], []
        for x in range(pw):
            i = (sy * width + min(x, width - 1)) * 3
            r, g, b = rgb[i], rgb[i + 1], rgb[i + 2]
            yr.append(0.299 * r + 0.587 * g + 0.114 * b - 128.0)
            cbr.append(-0.168736 * r - 0.331264 * g + 0.5 * b)
            crr.append(0.5 * r - 0.418688 * g - 0.081312 * b)
        ys.append(yr)
        cbs.append(cbr)
        crs.append(crr)

    def subsample(plane):
        return [[(plane[2 * y][2 * x] + plane[2 * y][2 * x + 1] +
                  plane[2 * y + 1][2 * x] + plane[2 * y + 1][2 * x + 1]) * 0.25
                 for x in range(pw // 2)] for y in range(ph // 2)]

    cbs, crs = subsample(cbs), subsample(crs)

    def block_at(plane, y0, x0):
        return [v for r in plane[y0:y0 + 8] for v in r[x0:x0 + 8]]

    q_luma = scaled_qtable(STD_LUMA_Q, quality)
    q_chroma = scaled_qtable(STD_CHROMA_Q, quality)
    dc_l, ac_l = huffman_codes(DC_LUMA_BITS, DC_VALS), huffman_codes(AC_LUMA_BITS, AC_LUMA_VALS)
    dc_c, ac_c = huffman_codes(DC_CHROMA_BITS, DC_VALS), huffman_codes(AC_CHROMA_BITS, AC_CHROMA_VALS)

    bw = BitWriter()
    prev = [0, 0, 0]
    for my in range(ph // 16):
        for mx in range(pw // 16):
            for by, bx in ((0, 0), (0, 8), (8, 0), (8, 8)):
                coefs = fdct_quantize(block_at(ys, my * 16 + by, mx * 16 + bx), q_luma)
                prev[0] = encode_block(bw, coefs, prev[0], dc_l, ac_l)
            for c, plane in ((1, cbs), (2, crs)):
                coefs = fdct_quantize(block_at(plane, my * 8, mx * 8), q_chroma)
                prev[c] = encode_block(bw, coefs, prev[c], dc_c, ac_c)
    bw.flush()

    out = bytearray(b"\xFF\xD8")                                                  # SOI
    out += segment(0xE0, b"JFIF\x00\x01\x01\x00" + struct.pack(">HH", 1, 1) + b"\x00\x00")
    if orientation is not None:
        out += segment(0xE1, exif_orientation_payload(orientation, byte_order))
    out += segment(0xDB, bytes([0]) + bytes(q_luma[k] for k in ZIGZAG) +
                   bytes([1]) + bytes(q_chroma[k] for k in ZIGZAG))               # DQT
    out += segment(0xC0, struct.pack(">BHHB", 8, height, width, 3) +
                   bytes([1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]))                   # SOF0
    dht = b""
    for tc_th, bits, vals in ((0x00, DC_LUMA_BITS, DC_VALS), (0x10, AC_LUMA_BITS, AC_LUMA_VALS),
                              (0x01, DC_CHROMA_BITS, DC_VALS), (0x11, AC_CHROMA_BITS, AC_CHROMA_VALS)):
        dht += bytes([tc_th]) + bytes(bits) + bytes(vals)
    out += segment(0xC4, dht)                                                     # DHT
    out += segment(0xDA, bytes([3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]))         # SOS
    out += bw.out
    out += b"\xFF\xD9"                                                            # EOI
    return bytes(out)


# ===========================================================================
# Drawing
# ===========================================================================

def clamp01(v):
    return 0.0 if v < 0.0 else 1.0 if v > 1.0 else v


def mix(a, b, t):
    return tuple(p + (q - p) * t for p, q in zip(a, b))


def tint(c, light, k=1.0):
    return tuple(v * l * k for v, l in zip(c, light))


class Canvas:
    """Float RGB canvas with coverage-based (anti-aliased) painting."""

    def __init__(self, w, h):
        self.w, self.h = w, h
        self.px = [0.0] * (w * h * 3)

    def blend(self, x, y, color, a):
        if a <= 0.0 or not (0 <= x < self.w and 0 <= y < self.h):
            return
        j = (y * self.w + x) * 3
        px = self.px
        if a >= 1.0:
            px[j], px[j + 1], px[j + 2] = color
        else:
            px[j] += (color[0] - px[j]) * a
            px[j + 1] += (color[1] - px[j + 1]) * a
            px[j + 2] += (color[2] - px[j + 2]) * a

    def circle(self, cx, cy, r, color, alpha=1.0, soft=1.0):
        for y in range(max(0, int(cy - r - soft - 1)), min(self.h, int(cy + r + soft + 2))):
            for x in range(max(0, int(cx - r - soft - 1)), min(self.w, int(cx + r + soft + 2))):
                d = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
                self.blend(x, y, color, alpha * clamp01((r - d) / soft + 0.5))

    def polygon(self, pts, color, alpha=1.0):
        """Convex polygon, vertices in either winding; AA by edge distance."""
        area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]))
        sign = 1.0 if area > 0 else -1.0
        edges = []
        for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
            ln = math.hypot(x1 - x0, y1 - y0)
            # inward normal for this winding
            edges.append((x0, y0, -(y1 - y0) * sign / ln, (x1 - x0) * sign / ln))
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        for y in range(max(0, int(min(ys)) - 1), min(self.h, int(max(ys)) + 2)):
            for x in range(max(0, int(min(xs)) - 1), min(self.w, int(max(xs)) + 2)):
                px, py = x + 0.5, y + 0.5
                d = min((px - ex) * nx + (py - ey) * ny for ex, ey, nx, ny in edges)
                self.blend(x, y, color, alpha * clamp01(d + 0.5))

    def rect(self, x0, y0, x1, y1, color, alpha=1.0):
        self.polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], color, alpha)

    def ridge(self, heights, top, bottom, snow=None):
        """Fill everything below heights[x] with a vertical top->bottom gradient.
        snow = (snow_line_y, snow_color): paint pixels above the line in snow_color."""
        h = self.h
        for x in range(self.w):
            hx = heights[x]
            for y in range(max(0, int(hx)), h):
                a = clamp01(y + 1 - hx)
                color = mix(top, bottom, clamp01((y - hx) / max(1.0, h - hx)))
                if snow is not None and y < snow[0]:
                    color = mix(color, snow[1], 0.9 * clamp01((snow[0] - y) / 3.0))
                self.blend(x, y, color, a)

    def to_bytes(self):
        return bytes(int(min(255.0, max(0.0, v)) + 0.5) for v in self.px)


SKIES = {
    "dawn": dict(top=(70, 84, 150), mid=(196, 142, 172), horizon=(255, 198, 152),
                 sun=(255, 238, 205), elev=0.30, light=(1.0, 0.86, 0.84), glow=0.55),
    "day": dict(top=(36, 110, 204), mid=(96, 160, 228), horizon=(192, 224, 246),
                sun=(255, 252, 232), elev=0.80, light=(1.0, 1.0, 1.0), glow=0.35),
    "golden": dict(top=(66, 116, 186), mid=(156, 170, 186), horizon=(255, 206, 130),
                   sun=(255, 228, 156), elev=0.45, light=(1.05, 0.92, 0.72), glow=0.5),
    "sunset": dict(top=(46, 32, 94), mid=(172, 72, 112), horizon=(255, 142, 72),
                   sun=(255, 196, 112), elev=0.10, light=(0.78, 0.52, 0.55), glow=0.8),
    "night": dict(top=(6, 10, 32), mid=(18, 28, 72), horizon=(46, 64, 116),
                  sun=(242, 240, 222), elev=0.65, light=(0.30, 0.36, 0.55), glow=0.25),
}
TIMES = ["dawn", "day", "golden", "sunset", "night"]
TERRAINS = ["hills", "sea", "mountains", "fields"]   # 5 x 4 -> all 20 combinations distinct
LAND_PALETTES = [
    ((92, 164, 72), (46, 104, 44)),    # spring green
    ((196, 140, 56), (142, 74, 36)),   # autumn
    ((104, 150, 120), (44, 92, 84)),   # teal pine
    ((160, 170, 72), (96, 110, 40)),   # olive
    ((150, 118, 170), (82, 62, 110)),  # heather
]
PORTRAIT = {4, 7, 9, 15, 18}
SQUARE = {6, 13}
ORIENTATION = {7: (6, "MM"), 12: (3, "II")}


def photo_size(index):
    """Display size (width, height) of a photo."""
    if index in PORTRAIT:
        return 240, 320
    if index in SQUARE:
        return 240, 240
    return 320, 240


def wave(rng, w, base, amp, freqs):
    comps = [(amp * rng.uniform(0.6, 1.0) / (k + 1), f * rng.uniform(0.8, 1.25),
              rng.uniform(0, 2 * math.pi)) for k, f in enumerate(freqs)]
    return [base + sum(a * math.sin(2 * math.pi * f * x / 320.0 + p) for a, f, p in comps)
            for x in range(w)]


def jagged(rng, w, base, lo, hi, steps):
    """Piecewise-linear mountain ridge refined by midpoint displacement."""
    n = 4
    pts = [base - rng.uniform(lo, hi) for _ in range(n + 1)]
    amp = (hi - lo) * 0.5
    for _ in range(steps):
        refined = []
        for a, b in zip(pts, pts[1:]):
            refined += [a, (a + b) / 2 + rng.uniform(-amp, amp)]
        pts = refined + [pts[-1]]
        amp *= 0.5
    seg = (w - 1) / (len(pts) - 1)
    out = []
    for x in range(w):
        i = min(len(pts) - 2, int(x / seg))
        t = x / seg - i
        out.append(pts[i] + (pts[i + 1] - pts[i]) * t)
    return out


def draw_sky(cv, sky, horizon_y, sun_x, sun_y, sun_r):
    w, h = cv.w, cv.h
    falloff = min(w, h) * 0.2
    for y in range(h):
        t = clamp01(y / horizon_y)
        row = mix(sky["top"], sky["mid"], t / 0.6) if t < 0.6 else \
            mix(sky["mid"], sky["horizon"], (t - 0.6) / 0.4)
        for x in range(w):
            d = math.hypot(x + 0.5 - sun_x, y + 0.5 - sun_y)
            g = sky["glow"] * math.exp(-max(0.0, d - sun_r) / falloff)
            cv.blend(x, y, row, 1.0)
            cv.blend(x, y, sky["sun"], g)


def draw_crescent(cv, cx, cy, r, color):
    """Moon disc minus an offset disc (the sky shows through the bite)."""
    bx, by, br = cx + r * 0.45, cy - r * 0.25, r * 0.9
    for y in range(max(0, int(cy - r - 2)), min(cv.h, int(cy + r + 3))):
        for x in range(max(0, int(cx - r - 2)), min(cv.w, int(cx + r + 3))):
            moon = clamp01(r - math.hypot(x + 0.5 - cx, y + 0.5 - cy) + 0.5)
            bite = clamp01(br - math.hypot(x + 0.5 - bx, y + 0.5 - by) + 0.5)
            cv.blend(x, y, color, moon * (1.0 - bite))


def draw_stars(cv, rng, horizon_y):
    for _ in range(40):
        x, y = rng.randrange(cv.w), rng.randrange(int(horizon_y * 0.8))
        b = rng.uniform(0.35, 1.0)
        cv.blend(x, y, (255, 255, 240), b)
        if b > 0.85:
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                cv.blend(x + dx, y + dy, (255, 255, 240), b * 0.35)


def draw_cloud(cv, rng, cx, cy, size, color):
    puffs = [(cx + (k - 2) * size * 0.55, cy - rng.uniform(0.1, 0.45) * size * (1.2 - abs(k - 2) * 0.3),
              size * rng.uniform(0.35, 0.55) * (1.1 - abs(k - 2) * 0.15)) for k in range(5)]
    base = cy + size * 0.15
    x0 = int(min(p[0] - p[2] for p in puffs)) - 2
    x1 = int(max(p[0] + p[2] for p in puffs)) + 2
    y0 = int(min(p[1] - p[2] for p in puffs)) - 2
    for y in range(max(0, y0), min(cv.h, int(base) + 2)):
        for x in range(max(0, x0), min(cv.w, x1)):
            a = max(clamp01((r - math.hypot(x + 0.5 - px, y + 0.5 - py)) / 1.5 + 0.5)
                    for px, py, r in puffs)
            a *= clamp01(base - (y + 0.5) + 0.5)
            shade = clamp01((y - y0) / max(1.0, base - y0))
            cv.blend(x, y, mix(color, tint(color, (0.82, 0.84, 0.92)), shade), a * 0.9)


def draw_tree(cv, x, ground, s, leaf, trunk):
    cv.rect(x - s * 0.018, ground - s * 0.16, x + s * 0.018, ground + 2, trunk)
    cv.circle(x, ground - s * 0.2, s * 0.085, leaf)
    cv.circle(x - s * 0.05, ground - s * 0.15, s * 0.06, leaf)
    cv.circle(x + s * 0.05, ground - s * 0.16, s * 0.062, leaf)


def draw_pine(cv, x, ground, s, color):
    cv.rect(x - s * 0.01, ground - s * 0.04, x + s * 0.01, ground + 2, tint(color, (0.6, 0.5, 0.45)))
    for k in range(3):
        top = ground - s * (0.13 + 0.07 * k)
        half = s * (0.065 - 0.014 * k)
        cv.polygon([(x, top), (x + half, top + s * 0.11), (x - half, top + s * 0.11)], color)


def draw_house(cv, x, ground, s, light, lit):
    w2, hh = s * 0.075, s * 0.1
    cv.rect(x - w2, ground - hh, x + w2, ground + 2, tint((206, 190, 160), light))
    cv.polygon([(x - w2 - s * 0.015, ground - hh), (x, ground - hh - s * 0.07),
                (x + w2 + s * 0.015, ground - hh)], tint((150, 58, 46), light))
    window = (255, 214, 120) if lit else tint((70, 84, 110), light)
    cv.rect(x - w2 * 0.6, ground - hh * 0.7, x - w2 * 0.15, ground - hh * 0.35, window)
    cv.rect(x + w2 * 0.2, ground - hh * 0.7, x + w2 * 0.65, ground - hh * 0.2, tint((96, 60, 40), light))


def draw_boat(cv, x, water_y, s, light):
    cv.polygon([(x - s * 0.08, water_y - s * 0.03), (x + s * 0.08, water_y - s * 0.03),
                (x + s * 0.055, water_y), (x - s * 0.055, water_y)], tint((90, 52, 36), light))
    cv.rect(x - s * 0.005, water_y - s * 0.2, x + s * 0.005, water_y - s * 0.03, tint((70, 50, 40), light))
    cv.polygon([(x + s * 0.012, water_y - s * 0.19), (x + s * 0.012, water_y - s * 0.045),
                (x + s * 0.085, water_y - s * 0.045)], tint((248, 244, 232), light))
    cv.polygon([(x - s * 0.012, water_y - s * 0.15), (x - s * 0.012, water_y - s * 0.045),
                (x - s * 0.06, water_y - s * 0.045)], tint((236, 120, 90), light))


# 5x7 bitmap digits ('#' = ink).
FONT = {
    "0": [".###.", "#...#", "#...#", "#...#", "#...#", "#...#", ".###."],
    "1": ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###."],
    "2": [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
    "3": [".###.", "#...#", "....#", "..##.", "....#", "#...#", ".###."],
    "4": ["...#.", "..##.", ".#.#.", "#..#.", "#####", "...#.", "...#."],
    "5": ["#####", "#....", "####.", "....#", "....#", "#...#", ".###."],
    "6": ["..##.", ".#...", "#....", "####.", "#...#", "#...#", ".###."],
    "7": ["#####", "....#", "...#.", "..#..", ".#...", ".#...", ".#..."],
    "8": [".###.", "#...#", "#...#", ".###.", "#...#", "#...#", ".###."],
    "9": [".###.", "#...#", "#...#", ".####", "....#", "...#.", ".##.."],
}


def draw_number(cv, text, cell=10):
    """Centre `text` in the 5x7 font, `cell` px per font pixel: white fill,
    dark outline and a soft drop shadow, all anti-aliased via box distances."""
    cols = 6 * len(text) - 1
    ox, oy = (cv.w - cols * cell) // 2, (cv.h - 7 * cell) // 2
    ink = {(6 * n + c, r) for n, ch in enumerate(text)
           for r, line in enumerate(FONT[ch]) for c, on in enumerate(line) if on == "#"}
    outline, grow = cell * 0.38, 0.5
    shadow_dx, shadow_dy, shadow_soft = 3.0, 4.0, 3.0
    reach = outline + grow + shadow_soft + 1

    def dist(px, py):
        """Distance from (px, py) to the union of ink cells (<= 0 inside)."""
        best = 1e9
        fx, fy = (px - ox) / cell, (py - oy) / cell
        for c in range(int(math.floor(fx - reach / cell)), int(math.floor(fx + reach / cell)) + 1):
            for r in range(int(math.floor(fy - reach / cell)), int(math.floor(fy + reach / cell)) + 1):
                if (c, r) in ink:
                    qx = abs(px - (ox + (c + 0.5) * cell)) - (cell * 0.5 + grow)
                    qy = abs(py - (oy + (r + 0.5) * cell)) - (cell * 0.5 + grow)
                    d = math.hypot(max(qx, 0.0), max(qy, 0.0)) + min(max(qx, qy), 0.0)
                    best = min(best, d)
        return best

    dark, white = (18, 18, 28), (255, 253, 246)
    for y in range(max(0, int(oy - reach)), min(cv.h, int(oy + 7 * cell + reach + shadow_dy) + 1)):
        for x in range(max(0, int(ox - reach)), min(cv.w, int(ox + cols * cell + reach + shadow_dx) + 1)):
            px, py = x + 0.5, y + 0.5
            ds = dist(px - shadow_dx, py - shadow_dy)
            cv.blend(x, y, (0, 0, 0), 0.45 * clamp01((outline + shadow_soft - ds) / shadow_soft))
            d = dist(px, py)
            cv.blend(x, y, dark, 0.92 * clamp01(outline + 0.5 - d))
            cv.blend(x, y, white, clamp01(0.5 - d))


def render_photo(index):
    """Return (width, height, rgb bytes) of photo `index`, upright (as displayed)."""
    w, h = photo_size(index)
    s = min(w, h)
    rng = random.Random(0x5EED + index)
    tod, terrain = TIMES[index % 5], TERRAINS[index % 4]
    sky, light = SKIES[tod], SKIES[tod]["light"]
    land_hi, land_lo = LAND_PALETTES[(index * 2) % len(LAND_PALETTES)]
    lit_windows = tod in ("night", "sunset", "dawn")

    cv = Canvas(w, h)
    horizon = h * (0.62 if h > w else 0.58)
    feature_left = index % 2 == 1
    sun_x = w * (0.76 if feature_left else 0.24) + rng.uniform(-0.04, 0.04) * w
    sun_y = horizon - sky["elev"] * horizon * 0.85
    sun_r = s * (0.06 if tod == "night" else 0.075)

    draw_sky(cv, sky, horizon, sun_x, sun_y, sun_r)
    if tod == "night":
        draw_stars(cv, rng, horizon)
    if tod == "night":
        draw_crescent(cv, sun_x, sun_y, sun_r, sky["sun"])
    else:
        cv.circle(sun_x, sun_y, sun_r, sky["sun"])
    if tod in ("day", "golden", "dawn"):
        cloud = tint((255, 255, 255), light, 0.98 if tod == "day" else 1.0)
        for k in range(2):
            cx = w * (0.3 + 0.4 * k) + rng.uniform(-0.08, 0.08) * w
            draw_cloud(cv, rng, cx, horizon * rng.uniform(0.22, 0.42), s * rng.uniform(0.09, 0.13),
                       tuple(min(255, c) for c in cloud))

    haze = sky["horizon"]
    near_hi, near_lo = tint(land_hi, light), tint(land_lo, light, 0.8)
    # beside the centred number, close enough to survive a circular crop
    fx = w / 2 + (-1 if feature_left else 1) * s * rng.uniform(0.36, 0.4)
    fxi = int(fx)

    if terrain == "sea":
        # distant headland on the feature side, then the water
        bump = [horizon - max(0.0, math.cos((x - (w * 0.1 if feature_left else w * 0.9)) / (w * 0.22)))
                * s * 0.06 if abs(x - (w * 0.1 if feature_left else w * 0.9)) < w * 0.22 * math.pi / 2
                else horizon + 1 for x in range(w)]
        cv.ridge(bump, mix(tint(land_lo, light), haze, 0.45), mix(tint(land_lo, light), haze, 0.45))
        far_water = mix(haze, sky["top"], 0.35)
        near_water = tint(sky["top"], (0.75, 0.8, 0.85))
        for y in range(int(horizon), h):
            t = clamp01((y - horizon) / (h - horizon))
            row = mix(far_water, near_water, t)
            a_row = clamp01(y + 1 - horizon)
            spread = sun_r * (0.8 + 2.8 * t)
            shimmer = 0.55 + 0.45 * math.sin(y * 0.9 + 2.0 * math.sin(y * 0.23))
            for x in range(w):
                cv.blend(x, y, row, a_row)
                g = sky["glow"] * 0.9 * math.exp(-((x + 0.5 - sun_x) / spread) ** 2) * shimmer
                cv.blend(x, y, sky["sun"], g * a_row)
        draw_boat(cv, fx, horizon + (h - horizon) * 0.45, s, light)
    elif terrain == "hills":
        for k, (base, amp, haze_t) in enumerate(((horizon - s * 0.03, s * 0.07, 0.55),
                                                 (horizon + s * 0.07, s * 0.06, 0.28),
                                                 (horizon + s * 0.2, s * 0.05, 0.0))):
            hs = wave(rng, w, base, amp, (1.0, 2.3, 4.1))
            cv.ridge(hs, mix(near_hi, haze, haze_t), mix(near_lo, haze, haze_t * 0.7))
        draw_tree(cv, fx, hs[fxi] + s * 0.02, s, tint(land_lo, light, 0.7), tint((84, 58, 40), light))
    elif terrain == "mountains":
        rock_hi, rock_lo = tint((128, 130, 150), light), tint((70, 72, 92), light)
        peaks = jagged(rng, w, horizon + s * 0.02, s * 0.16, s * 0.34, 4)
        snow_line = horizon - s * 0.2
        cv.ridge(peaks, mix(rock_hi, haze, 0.35), mix(rock_lo, haze, 0.25),
                 snow=(snow_line, tint((244, 246, 252), light)))
        hs = wave(rng, w, horizon + s * 0.13, s * 0.04, (0.8, 2.1))
        cv.ridge(hs, near_hi, near_lo)
        for k, dx in enumerate((-0.05, 0.0, 0.055)):
            px = fx + dx * s
            draw_pine(cv, px, hs[min(w - 1, max(0, int(px)))] + s * 0.03, s * (1.0 - 0.15 * abs(k - 1)),
                      tint(land_lo, light, 0.6))
    else:  # fields: patchwork bands
        colors = [(196, 176, 88), (118, 160, 70), (210, 150, 70), (92, 136, 62)]
        for k in range(4):
            hs = wave(rng, w, horizon + (h - horizon) * (0.0, 0.2, 0.45, 0.74)[k], s * 0.025, (0.7, 1.6))
            c = tint(mix(colors[(k + index) % 4], land_hi, 0.3), light)
            cv.ridge(hs, mix(c, haze, 0.45 - 0.13 * k), mix(tint(c, (0.8, 0.8, 0.8)), haze, 0.3 - 0.1 * k))
        draw_house(cv, fx, hs[fxi] + s * 0.03, s, light, lit_windows)

    # gentle vignette
    for y in range(h):
        vy = (y + 0.5 - h / 2) / (h / 2)
        for x in range(w):
            vx = (x + 0.5 - w / 2) / (w / 2)
            f = 1.0 - 0.18 * (vx * vx + vy * vy) / 2
            j = (y * w + x) * 3
            cv.px[j] *= f
            cv.px[j + 1] *= f
            cv.px[j + 2] *= f

    draw_number(cv, str(index))
    return w, h, cv.to_bytes()


def rotate_for_storage(w, h, rgb, orientation):
    """Pre-rotate an upright image so that applying EXIF `orientation` shows it upright.
    Returns (stored_width, stored_height, stored_rgb)."""
    def px(x, y):
        i = (y * w + x) * 3
        return rgb[i:i + 3]
    if orientation == 3:    # viewer rotates 180 -> store rotated 180
        return w, h, b"".join(px(w - 1 - x, h - 1 - y) for y in range(h) for x in range(w))
    if orientation == 6:    # viewer rotates 90 CW -> store rotated 90 CCW (h x w raster)
        # stored (sx, sy) lands at display (W - 1 - sy, sx) after the CW turn
        return h, w, b"".join(px(w - 1 - sy, sx) for sy in range(w) for sx in range(h))
    raise ValueError(orientation)


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    for index in range(1, COUNT + 1):
        w, h, rgb = render_photo(index)
        orientation, byte_order = ORIENTATION.get(index, (None, "MM"))
        if orientation is not None:
            w, h, rgb = rotate_for_storage(w, h, rgb, orientation)
        data = encode_jpeg(w, h, rgb, QUALITY, orientation, byte_order)
        path = os.path.join(OUT_DIR, "%d.jpg" % index)
        with open(path, "wb") as f:
            f.write(data)
        print("%-9s %dx%d stored%s  %6d bytes" % (
            "%d.jpg" % index, w, h,
            "" if orientation is None else ", EXIF orientation %d (%s)" % (orientation, byte_order),
            len(data)))


if __name__ == "__main__":
    main()
