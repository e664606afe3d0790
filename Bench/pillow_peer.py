"""The Pillow peer: renders the frames of a `gallery-render layout` JSON the way a good Pillow user would.

    gallery-render layout PHOTOS... [scene options] > layout.json     # JSON, or JSON Lines with --offsets
    python3 Bench/pillow_peer.py layout.json OUT_DIR                   # writes OUT_DIR/0000.png …
    python3 Bench/pillow_peer.py motion.jsonl OUT.png --apng FPS       # one APNG of every frame
    python3 Bench/pillow_peer.py layout.json OUT_DIR --heif            # HEIC photos, through pillow-heif

For each visible item, in the JSON's draw order: open the photo, `draft` it so libjpeg's DCT scaling
leaves 2× the largest item's pixel side (as gallery-render does), apply EXIF orientation, crop the
centre square, resize to the item's pixel side with Lanczos, and paste it through a circle mask drawn
4× supersampled and reduced with Lanczos onto a white canvas of round(W·scale) × round(H·scale).
Decoded photos are kept in a dict across frames. Frames are opaque, so they are saved as RGB PNG at
compress_level 4, whose files are within a few per cent of gallery-render's (its run encoder: on the
A frame 405 KB vs 399 KB; level 3 gives 434 KB); Bench/run.py reports the bytes of both. With
--apng, the frames of a motion (`gallery-render layout --fling …`, whose items carry an alpha of 1)
are saved as one APNG with Pillow's defaults, `save(..., save_all=True)`, each shown 1/FPS s:
Pillow then stores each frame as the bounding box of its change from the previous one. With --heif,
pillow-heif's opener is registered first: its `draft` picks the smallest embedded thumbnail that is at
least the size asked for, as gallery-render does.
"""

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from layout_json import command_line, frames, nearest, write  # noqa: E402

from PIL import Image, ImageDraw, ImageOps


def circle(side):
    big = Image.new("L", (4 * side, 4 * side), 0)
    ImageDraw.Draw(big).ellipse((0, 0, 4 * side - 1, 4 * side - 1), fill=255)
    return big.resize((side, side), Image.LANCZOS)


def decoded(path, cell, cache):
    if path not in cache:
        image = Image.open(path)
        image.draft("RGB", (2 * cell, 2 * cell))
        image = ImageOps.exif_transpose(image).convert("RGB")
        side = min(image.size)
        left, top = (image.width - side) // 2, (image.height - side) // 2
        cache[path] = image.crop((left, top, left + side, top + side))
    return cache[path]


def render(frame, cell, cache):
    scale = frame["displayScale"]
    size = (nearest(frame["viewport"]["width"] * scale), nearest(frame["viewport"]["height"] * scale))
    canvas = Image.new("RGBA", size, "white")
    for item in frame["items"]:
        side = max(1, nearest(item["size"] * scale))
        x = nearest(item["center"]["x"] * scale - side / 2)
        y = nearest(item["center"]["y"] * scale - side / 2)
        tile = decoded(item["photo"], cell, cache).resize((side, side), Image.LANCZOS)
        canvas.paste(tile, (x, y), circle(side))
    return canvas.convert("RGB")


def main(layout, out, fps=None):
    todo = frames(layout.read_text())
    cell = max(math.ceil(item["size"] * f["displayScale"]) for f in todo for item in f["items"])
    cache = {}
    write(todo, lambda frame: render(frame, cell, cache), out, fps)


if __name__ == "__main__":
    if "--heif" in sys.argv:
        import pillow_heif

        pillow_heif.register_heif_opener()
        sys.argv.remove("--heif")
    command_line(main, __doc__)
