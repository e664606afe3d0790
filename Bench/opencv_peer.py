"""The OpenCV peer for 3D carousels: renders the frames of a `gallery-render layout` JSON whose items
carry a `transform` (iCarousel's types) the way a good Pillow + OpenCV user would.

    gallery-render layout PHOTOS... --layout coverflow [options] > layout.json
    python3 Bench/opencv_peer.py layout.json OUT_DIR                 # writes OUT_DIR/0000.png …
    python3 Bench/opencv_peer.py motion.jsonl OUT.png --apng FPS     # one APNG of every frame

Each photo is decoded once (kept in a dict across frames) with Pillow's `draft`, so libjpeg's DCT
scaling leaves 2× the largest projected extent of any item in pixels (as gallery-render does), turned
upright by its EXIF orientation and cropped to the item's aspect (aspect fill). Its circle mask is
drawn once per photo with anti-aliased edges. For each item, in the JSON's draw order: the item's
corners are projected as the contract says (p·M, divided by W, about the item's centre, times the
display scale), `cv2.getPerspectiveTransform` maps the photo onto them, and `cv2.warpPerspective`
(bilinear) warps the photo and its mask into the bounding box of the projected corners only; the
result is composited source-over with the item's alpha in float32. Frames are saved as RGB PNG at
compress_level 4, as Bench/pillow_peer.py does; with --apng, as one APNG with Pillow's defaults.
"""

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from layout_json import command_line, frames, nearest, write  # noqa: E402

import cv2
import numpy
from PIL import Image, ImageOps


def corners(item, scale):
    """The item's four corners projected to frame pixels, or None when one is at or behind the eye."""
    bounds = item.get("bounds") or {"width": item["size"], "height": item["size"]}
    w, h = bounds["width"] / 2, bounds["height"] / 2
    m = item.get("transform") or [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    out = []
    for x, y in ((-w, -h), (w, -h), (w, h), (-w, h)):
        big_w = x * m[3] + y * m[7] + m[15]
        if big_w <= 0:
            return None
        px = (x * m[0] + y * m[4] + m[12]) / big_w
        py = (x * m[1] + y * m[5] + m[13]) / big_w
        out.append(((item["center"]["x"] + px) * scale, (item["center"]["y"] + py) * scale))
    return out


def extent(frame):
    """The largest side, in pixels, of the box round any item's projected corners."""
    largest = 1
    for item in frame["items"]:
        quad = corners(item, frame["displayScale"])
        if quad:
            xs, ys = [p[0] for p in quad], [p[1] for p in quad]
            largest = max(largest, math.ceil(max(max(xs) - min(xs), max(ys) - min(ys))))
    return largest


def decoded(path, aspect, box, cache):
    """The photo, drafted to ≥ 2× `box`, upright, cropped to `aspect` (w/h), as float32 RGB, with its
    anti-aliased ellipse mask."""
    if path not in cache:
        image = Image.open(path)
        image.draft("RGB", (2 * box, 2 * box))
        image = ImageOps.exif_transpose(image).convert("RGB")
        width, height = image.size
        if width / height > aspect:
            crop = round(height * aspect)
            image = image.crop(((width - crop) // 2, 0, (width - crop) // 2 + crop, height))
        else:
            crop = round(width / aspect)
            image = image.crop((0, (height - crop) // 2, width, (height - crop) // 2 + crop))
        pixels = numpy.asarray(image, dtype=numpy.float32)
        mask = numpy.zeros(pixels.shape[:2], dtype=numpy.uint8)
        h, w = mask.shape
        cv2.ellipse(mask, (((w - 1) / 2, (h - 1) / 2), (w, h), 0), 255, -1, cv2.LINE_AA)
        cache[path] = (pixels, mask.astype(numpy.float32) / 255)
    return cache[path]


def render(frame, box, cache):
    scale = frame["displayScale"]
    size = (nearest(frame["viewport"]["width"] * scale), nearest(frame["viewport"]["height"] * scale))
    canvas = numpy.full((size[1], size[0], 3), 255, dtype=numpy.float32)
    for item in frame["items"]:
        quad = corners(item, scale)
        alpha = item.get("alpha", 1)
        if quad is None or alpha <= 0:
            continue
        bounds = item.get("bounds") or {"width": item["size"], "height": item["size"]}
        photo, mask = decoded(item["photo"], bounds["width"] / bounds["height"], box, cache)
        left = max(0, math.floor(min(p[0] for p in quad)))
        top = max(0, math.floor(min(p[1] for p in quad)))
        right = min(size[0], math.ceil(max(p[0] for p in quad)))
        bottom = min(size[1], math.ceil(max(p[1] for p in quad)))
        if right <= left or bottom <= top:
            continue
        h, w = mask.shape
        source = numpy.float32([(0, 0), (w, 0), (w, h), (0, h)])
        target = numpy.float32([(x - left, y - top) for x, y in quad])
        matrix = cv2.getPerspectiveTransform(source, target)
        region = (right - left, bottom - top)
        colour = cv2.warpPerspective(photo, matrix, region, flags=cv2.INTER_LINEAR)
        cover = cv2.warpPerspective(mask, matrix, region, flags=cv2.INTER_LINEAR)[..., None] * alpha
        under = canvas[top:bottom, left:right]
        under[...] = colour * cover + under * (1 - cover)
    return Image.fromarray(numpy.clip(canvas + 0.5, 0, 255).astype(numpy.uint8))


def main(layout, out, fps=None):
    todo = frames(layout.read_text())
    box = max(extent(frame) for frame in todo)
    cache = {}
    write(todo, lambda frame: render(frame, box, cache), out, fps)


if __name__ == "__main__":
    command_line(main, __doc__)
