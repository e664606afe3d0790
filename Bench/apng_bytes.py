"""How small can gallery-render's APNG get? Two yardsticks on the very frames it stored.

    python3 Bench/apng_bytes.py OURS.png [--every N]    # prints one JSON object

- `pillow`: Pillow's APNG writer (`save_all=True`, its defaults: each frame the bounding box of its
  change, repeats merged) given gallery-render's own frames, decoded from OURS.png by Pillow. The same
  frames through both encoders, so the bytes compare the encoders alone.
- `ceiling`: every Nth stored frame (and the last) taken out of OURS.png as a PNG of its own (its fcTL
  region, its fdAT data as IDAT) and squeezed by oxipng at level 4 (it tries several per-row filter
  strategies) with zopfli (optimal parsing, block splitting): what lossless PNG coding can still take
  off those frames. `ours` is the same frames' bytes as stored. (Level 6 took 1.0 % off every 10th
  frame in 9 min, with a Swift build sharing the machine; level 4 0.9 % off every 20th in 74 s alone.)

Installs pyoxipng when missing (a benchmark tool, never part of the product).
"""

import io
import json
import struct
import subprocess
import sys
import zlib
from pathlib import Path


def ensure_oxipng():
    try:
        import oxipng  # noqa: F401
    except ImportError:
        print("installing pyoxipng: pip install pyoxipng", file=sys.stderr, flush=True)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--root-user-action=ignore", "pyoxipng"],
                       check=True)


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def payload_bytes(png):
    """The payload bytes of a PNG's chunks but IHDR and IEND: its image data (what a stored frame's
    fdAT carries, less the sequence numbers), with a palette should oxipng make one."""
    at, total = 8, 0
    while at + 12 <= len(png):
        length = struct.unpack(">I", png[at:at + 4])[0]
        total += length if png[at + 4:at + 8] not in (b"IHDR", b"IEND") else 0
        at += 12 + length
    return total


def stored_frames(apng):
    """Each stored frame as a standalone PNG: (bytes of its image data as stored, PNG)."""
    data = Path(apng).read_bytes()
    at, header, frames, current = 8, None, [], None
    while at + 12 <= len(data):
        length = struct.unpack(">I", data[at:at + 4])[0]
        kind, body = data[at + 4:at + 8], data[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = body
        elif kind == b"fcTL":
            if current:
                frames.append(current)
            width, height = struct.unpack(">II", body[4:12])
            current = [struct.pack(">II", width, height) + header[8:], []]
        elif kind in (b"IDAT", b"fdAT") and current:
            current[1].append(body if kind == b"IDAT" else body[4:])
        at += 12 + length
    if current:
        frames.append(current)
    signature = b"\x89PNG\r\n\x1a\n"
    return [(sum(map(len, parts)), signature + chunk(b"IHDR", ihdr) + b"".join(chunk(b"IDAT", p) for p in parts)
             + chunk(b"IEND", b"")) for ihdr, parts in frames]


def pillow_bytes(apng):
    from PIL import Image, ImageSequence

    with Image.open(apng) as animation:
        frames = [frame.convert("RGB") for frame in ImageSequence.Iterator(animation)]
        duration = animation.info.get("duration", 1000 / 60)
    out = io.BytesIO()
    frames[0].save(out, "PNG", save_all=True, append_images=frames[1:], duration=duration, loop=0)
    written = out.getvalue()
    stored = struct.unpack(">I", written[written.find(b"acTL") + 4:][:4])[0]
    return len(frames), stored, len(written)


def main(apng, every):
    ensure_oxipng()
    import oxipng

    frames = stored_frames(apng)
    picked = sorted(set(range(0, len(frames), every)) | {len(frames) - 1})
    ours = sum(frames[i][0] for i in picked)
    squeezed = sum(payload_bytes(oxipng.optimize_from_memory(frames[i][1], level=4,
                                                                deflate=oxipng.Deflaters.zopfli(15)))
                   for i in picked)
    decoded, stored, pillow = pillow_bytes(apng)
    print(json.dumps({"frames": decoded, "ceiling": {"sampled": len(picked), "ours": ours, "oxipng": squeezed},
                      "pillow": {"stored": stored, "bytes": pillow}}))


if __name__ == "__main__":
    args = sys.argv[1:]
    every = 20
    if "--every" in args:
        at = args.index("--every")
        every = int(args[at + 1])
        del args[at:at + 2]
    if len(args) != 1:
        sys.exit(__doc__)
    main(args[0], every)
