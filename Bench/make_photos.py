"""Generate the benchmark photos (needs Pillow; `Bench/run.py` installs it when missing).

    python3 Bench/make_photos.py [OUT_DIR]      # default: .build/bench-data

Makes OUT_DIR/photos12/01.jpg … 12.jpg: 4032×3024 (as displayed) quality-92 JPEGs made from the
four Kodak images in ../shared/corpus/photos, cycled, cropped and flipped differently, upscaled with
Lanczos and given seeded per-pixel luminance grain so they compress like phone photos (~3–5 MB).
Photos 3, 6 and 9 carry EXIF orientation 6, 8 and 3 and store their pixels turned the opposite way,
so they display upright. Then OUT_DIR/photos2000/1.jpg … 2000.jpg: hard links cycling through the
twelve. And OUT_DIR/diff/a.png, b.png: two 3840×2160 PNGs (zlib level 6) from photo 01, the second
with a changed block, a brightened band and a one-pixel shift along a stripe, for the diff benchmark.
Nothing is regenerated when the files already exist. The corpus is only read; nothing is written next
to it or into the repository.
"""

import random
import sys
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw

ROOT = Path(__file__).resolve().parent.parent
KODAK = sorted((ROOT.parent / "shared" / "corpus" / "photos").glob("kodim*.png"))
SIZE = (4032, 3024)
GRAIN = 16  # peak luminance deviation, in 8-bit levels (triangular distribution)
ORIENTATION = {3: 6, 6: 8, 9: 3}  # photo number -> EXIF orientation
# Pixels are stored turned the opposite way of what the orientation tag asks a viewer to do.
STORE = {6: Image.Transpose.ROTATE_90, 8: Image.Transpose.ROTATE_270, 3: Image.Transpose.ROTATE_180}


def crop_box(width, height, variant):
    """A 4:3 crop of the source that differs per variant: whole-width left/right, or zoomed in."""
    if width >= height:
        w, h = round(height * 4 / 3), height
    else:
        w, h = width, round(width * 3 / 4)
    if variant == 2:  # zoom in on the middle
        w, h = w * 4 // 5, h * 4 // 5
        x, y = (width - w) // 2, (height - h) // 2
    else:
        x, y = (width - w) * variant, (height - h) * variant
    return x, y, x + w, y + h


def grain(size, seed):
    """Zero-mean luminance noise as two images: the part to add and the part to subtract."""
    rng = random.Random(seed)
    count = size[0] * size[1]
    a = Image.frombytes("L", size, rng.randbytes(count))
    b = Image.frombytes("L", size, rng.randbytes(count))
    noise = ImageChops.add(a, b, scale=2.0)  # (a + b) / 2: triangular around 127.5
    up = noise.point([max(0, v - 128) * GRAIN // 127 for v in range(256)])
    down = noise.point([max(0, 127 - v) * GRAIN // 127 for v in range(256)])
    return Image.merge("RGB", (up,) * 3), Image.merge("RGB", (down,) * 3)


def make_photo(number, path):
    source = Image.open(KODAK[(number - 1) % len(KODAK)]).convert("RGB")
    variant = (number - 1) // len(KODAK)
    image = source.crop(crop_box(*source.size, variant))
    if variant == 1:
        image = image.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    image = image.resize(SIZE, Image.LANCZOS)
    up, down = grain(SIZE, seed=number)
    image = ImageChops.subtract(ImageChops.add(image, up), down)
    exif = Image.Exif()
    if number in ORIENTATION:
        image = image.transpose(STORE[ORIENTATION[number]])
        exif[0x0112] = ORIENTATION[number]
    image.save(path, "JPEG", quality=92, exif=exif.tobytes())


def diff_pair(out):
    """OUT/diff/a.png and b.png (see the module docstring)."""
    a_path, b_path = out / "diff" / "a.png", out / "diff" / "b.png"
    if a_path.exists() and b_path.exists():
        return
    a_path.parent.mkdir(parents=True, exist_ok=True)
    with Image.open(out / "photos12" / "01.jpg") as photo:
        photo.draft("RGB", (3840, 2160))
        a = photo.convert("RGB").resize((3840, 2160), Image.LANCZOS)
    b = a.copy()
    ImageDraw.Draw(b).rectangle((1200, 700, 1500, 900), fill=(220, 40, 40))
    b.paste(b.crop((0, 1500, 3840, 1560)).point(lambda v: min(255, v + 24)), (0, 1500))
    b.paste(a.crop((0, 300, 3839, 340)), (1, 300))
    a.save(a_path, compress_level=6)
    b.save(b_path, compress_level=6)


def main(out):
    twelve, many = out / "photos12", out / "photos2000"
    if len(list(twelve.glob("*.jpg"))) == 12 and len(list(many.glob("*.jpg"))) == 2000:
        print(f"bench data: {out} is already there")
        return
    if len(KODAK) != 4:
        sys.exit(f"make_photos: expected 4 kodim*.png in {KODAK[0].parent if KODAK else 'shared/corpus/photos'}")
    twelve.mkdir(parents=True, exist_ok=True)
    many.mkdir(parents=True, exist_ok=True)
    for number in range(1, 13):
        make_photo(number, twelve / f"{number:02d}.jpg")
        print(f"bench data: {twelve / f'{number:02d}.jpg'} ({(twelve / f'{number:02d}.jpg').stat().st_size / 1e6:.1f} MB)")
    for entry in many.iterdir():
        entry.unlink()
    for number in range(1, 2001):
        (many / f"{number}.jpg").hardlink_to(twelve / f"{(number - 1) % 12 + 1:02d}.jpg")
    print(f"bench data: {many} (2,000 hard links)")


if __name__ == "__main__":
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / ".build" / "bench-data"
    main(folder)
    diff_pair(folder)
