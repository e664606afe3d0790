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

A page layout's card (an item with `bounds` W × H and a transform that only scales by s and moves by
(m41, m42): page-linear-card, page-zoom-in-out, page-page) is drawn the same way at its own aspect:
the photo cropped to W:H about its centre, resized to round(W·s·scale) × round(H·s·scale), pasted
through the inscribed ellipse (4× supersampled) times the item's alpha at its centre moved by
(m41, m42). Any other transform is refused: this peer has no perspective (the OpenCV peer has).
"""

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from layout_json import command_line, frames, nearest, write  # noqa: E402

from PIL import Image, ImageDraw, ImageOps


def ellipse(width, height):
    big = Image.new("L", (4 * width, 4 * height), 0)
    ImageDraw.Draw(big).ellipse((0, 0, 4 * width - 1, 4 * height - 1), fill=255)
    return big.resize((width, height), Image.LANCZOS)


def circle(side):
    return ellipse(side, side)


def decoded(path, cell, cache, aspect=1.0):
    """The photo drafted for `cell` pixels, cropped about its centre to width:height = `aspect`."""
    key = (path, aspect)
    if key not in cache:
        image = Image.open(path)
        image.draft("RGB", (2 * cell, 2 * cell))
        image = ImageOps.exif_transpose(image).convert("RGB")
        width = min(image.width, image.height * aspect)
        height = width / aspect
        left, top = (image.width - width) / 2, (image.height - height) / 2
        cache[key] = image.crop((round(left), round(top), round(left + width), round(top + height)))
    return cache[key]


def card(item):
    """A page card's (width, height, scale, shift x, shift y) in points; None for a square item."""
    if "bounds" not in item:
        return None
    t = item["transform"]
    if any(t[i] != 0 for i in (1, 2, 3, 4, 6, 7, 8, 9, 11, 14)) or t[0] != t[5] or t[15] != 1:
        sys.exit("pillow_peer: only a scale and a move in the plane (no perspective): " + str(t))
    return item["bounds"]["width"], item["bounds"]["height"], t[0], t[12], t[13]


def render(frame, cell, cache):
    scale = frame["displayScale"]
    size = (nearest(frame["viewport"]["width"] * scale), nearest(frame["viewport"]["height"] * scale))
    canvas = Image.new("RGBA", size, "white")
    for item in frame["items"]:
        page = card(item)
        if page is None:
            side = max(1, nearest(item["size"] * scale))
            x = nearest(item["center"]["x"] * scale - side / 2)
            y = nearest(item["center"]["y"] * scale - side / 2)
            tile = decoded(item["photo"], cell, cache).resize((side, side), Image.LANCZOS)
            canvas.paste(tile, (x, y), circle(side))
            continue
        width, height, s, dx, dy = page
        w, h = max(1, nearest(width * s * scale)), max(1, nearest(height * s * scale))
        x = nearest((item["center"]["x"] + dx) * scale - w / 2)
        y = nearest((item["center"]["y"] + dy) * scale - h / 2)
        tile = decoded(item["photo"], cell, cache, width / height).resize((w, h), Image.LANCZOS)
        mask = ellipse(w, h)
        alpha = item.get("alpha", 1)
        if alpha < 1:
            mask = mask.point(lambda v: round(v * alpha))
        canvas.paste(tile, (x, y), mask)
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
