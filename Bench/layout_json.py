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
