"""Writes Fixtures/heic/grid-250x190.heic: a HEIC laid out as iPhones write theirs, a grid item over
HEVC tiles (here 4 × 3 tiles of 64 × 64, the last column and row overhanging the 250 × 190 output),
4:2:0, of a synthetic pattern. Needs pillow-heif (pip install pillow-heif), whose libheif writes grids
when given tile_size; the tests only read the file.

    python3 Fixtures/make-grid-heic.py
"""
import math
from pathlib import Path

import pillow_heif
from PIL import Image

WIDTH, HEIGHT = 250, 190
image = Image.new("RGB", (WIDTH, HEIGHT))
pixels = image.load()
for y in range(HEIGHT):
    for x in range(WIDTH):
        pixels[x, y] = (x * 255 // WIDTH, y * 255 // HEIGHT, int(128 + 127 * math.sin(x / 9.0) * math.cos(y / 7.0)))
out = Path(__file__).resolve().parent / "heic" / "grid-250x190.heic"
pillow_heif.from_pillow(image).save(out, format="HEIF", quality=70, tile_size=64, chroma=420)
print(out)
