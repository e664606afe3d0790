"""The libvips peer: renders the frames of a `gallery-render layout` JSON with pyvips.

    gallery-render layout PHOTOS... [scene options] > layout.json     # JSON, or JSON Lines with --offsets
    python3 Bench/vips_peer.py layout.json OUT_DIR                     # writes OUT_DIR/0000.png …

Needs libvips and pyvips (`Bench/run.py` tries `apt-get install -y libvips42` and `pip install pyvips`
once). For each visible item, in draw order: `thumbnail` (shrink-on-load, EXIF autorotate, centre
crop) to the item's pixel side, a circle mask drawn 4× supersampled and reduced with Lanczos-3,
composited over a white round(W·scale) × round(H·scale) frame, saved as RGB PNG at compression 4 (as the Pillow peer).
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from layout_json import frames, nearest  # noqa: E402

import pyvips


def circle(side):
    big = pyvips.Image.black(4 * side, 4 * side).draw_circle(255, 2 * side, 2 * side, 2 * side, fill=True)
    return big.resize(0.25, kernel="lanczos3").cast("uchar")


def render(frame):
    scale = frame["displayScale"]
    width, height = nearest(frame["viewport"]["width"] * scale), nearest(frame["viewport"]["height"] * scale)
    canvas = pyvips.Image.black(width, height, bands=3).invert().copy(interpretation="srgb")
    for item in frame["items"]:
        side = max(1, nearest(item["size"] * scale))
        x = nearest(item["center"]["x"] * scale - side / 2)
        y = nearest(item["center"]["y"] * scale - side / 2)
        photo = pyvips.Image.thumbnail(item["photo"], side, height=side, crop="centre")
        canvas = canvas.composite2(photo.bandjoin(circle(side)), "over", x=x, y=y)
    return canvas.extract_band(0, n=3).cast("uchar")  # the frame is opaque: RGB, as ours


def main(layout, out):
    out.mkdir(parents=True, exist_ok=True)
    for index, frame in enumerate(frames(layout.read_text())):
        render(frame).write_to_file(str(out / f"{index:04d}.png"), compression=4)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(Path(sys.argv[1]), Path(sys.argv[2]))
