#!/usr/bin/env python3
"""Small JPEGs for fuzz-jpeg to start from: every sampling Pillow writes, gray, progressive, fitted
tables and restart markers, at a few sizes and qualities, from noise and gradients.

The conformance photos in ../shared/corpus are megabytes each, and each fuzz run decodes its input
about thirty times (fuzz-jpeg compares decoders), so seeded with them alone libFuzzer manages a few
runs a second; from these it manages a hundred or more. Written to the folder given, never into
the repository. Needs Pillow; without it, says so and leaves the folder empty.

    python3 Fuzz/make_jpeg_seeds.py FOLDER
"""
import io
import random
import sys
from pathlib import Path

try:
    from PIL import Image
except ImportError:
    Image = None


def picture(width, height, mode, seed):
    """Noise over a gradient: busy enough for every code length, smooth enough for long zero runs."""
    rng = random.Random(seed)
    image = Image.new("RGB", (width, height))
    image.putdata([
        tuple(min(255, max(0, (x * 255 // max(1, width - 1) + c * 80 + rng.randint(-40, 40)) % 256)) for c in range(3))
        for y in range(height) for x in range(width)
    ])
    return image.convert(mode)


def main(folder):
    folder.mkdir(parents=True, exist_ok=True)  # libFuzzer refuses a seed folder that does not exist
    if Image is None:
        print("fuzz-jpeg seeds: Pillow is not installed (pip install pillow); none written")
        return
    count = 0
    for width, height in [(8, 8), (16, 16), (17, 9), (33, 24), (64, 48)]:
        for mode in ["RGB", "L"]:
            for subsampling in ([0, 1, 2] if mode == "RGB" else [0]):
                for quality in [50, 92, 100]:
                    for options in [{}, {"progressive": True}, {"optimize": True}, {"restart_marker_blocks": 1}]:
                        buffer = io.BytesIO()
                        try:
                            picture(width, height, mode, count).save(
                                buffer, "JPEG", quality=quality, subsampling=subsampling, **options)
                        except TypeError:  # an older Pillow without restart markers
                            continue
                        (folder / f"{width}x{height}-{mode}-{subsampling}-q{quality}-{count}.jpg").write_bytes(
                            buffer.getvalue())
                        count += 1
    print(f"fuzz-jpeg seeds: {count} small JPEGs in {folder}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(Path(sys.argv[1]))
