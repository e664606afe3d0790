"""Reading `gallery-render layout` output, shared by the benchmark driver and the peers."""

import json
import math


def frames(text):
    """The layout objects in `text`: one (pretty-printed) or several (JSON Lines)."""
    decoder, position, found = json.JSONDecoder(), 0, []
    while position < len(text.rstrip()):
        frame, position = decoder.raw_decode(text, position)
        found.append(frame)
        while position < len(text) and text[position].isspace():
            position += 1
    return found


def nearest(value):
    """Round half up, as gallery-render rounds pixel sizes."""
    return math.floor(value + 0.5)


def write(todo, render, out, fps=None):
    """Writes `render(frame)` of every frame of `todo`: with `fps`, one APNG at `out` with Pillow's
    defaults (`save_all=True`, each frame 1/fps s); otherwise `out/0000.png` … at compress_level 4."""
    if fps:
        out.parent.mkdir(parents=True, exist_ok=True)
        rendered = [render(frame) for frame in todo]
        rendered[0].save(out, save_all=True, append_images=rendered[1:], duration=1000 / fps, loop=0)
        return
    out.mkdir(parents=True, exist_ok=True)
    for index, frame in enumerate(todo):
        render(frame).save(out / f"{index:04d}.png", compress_level=4)


def command_line(main, doc):
    """Runs a peer's `main(layout, out[, fps])` from `sys.argv`: `LAYOUT OUT` or `LAYOUT OUT --apng FPS`."""
    import sys
    from pathlib import Path

    if len(sys.argv) == 5 and sys.argv[3] == "--apng":
        main(Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[4]))
    elif len(sys.argv) == 3:
        main(Path(sys.argv[1]), Path(sys.argv[2]))
    else:
        sys.exit(doc)
