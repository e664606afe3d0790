"""Benchmark gallery-render against Pillow, libvips and the libjpeg decode floor.

    make bench                                  # release build, decode_floor, then this script
    make bench BENCH_ARGS='--runs 3 --update'
    python3 Bench/run.py [--runs N] [--update]

Needs .build/release/gallery-render and .build/bench/decode_floor (make bench builds both). Generates
the photos into .build/bench-data when missing (Bench/make_photos.py), installs Pillow when missing,
and tries libvips + pyvips once. Each contender runs once to warm up, then N rounds (default 7) of one
run each, interleaved so that background load hits all alike; the table shows the median wall time,
the peak RSS (the largest ru_maxrss of the child, from os.wait4) and ratios between contenders of this
same run. Prints the table and writes it to Bench/results.md; --update also puts it between
the bench markers of docs/performance.md.
"""

import argparse
import datetime
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path
from time import perf_counter

sys.path.insert(0, str(Path(__file__).resolve().parent))
import layout_json  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "Bench"
BIN = ROOT / ".build" / "release" / "gallery-render"
FLOOR = ROOT / ".build" / "bench" / "decode_floor"
DATA = ROOT / ".build" / "bench-data"
VIPS_TRIED = ROOT / ".build" / "bench" / "vips-install-tried"
PY = sys.executable
LOAD_AT_START = Path("/proc/loadavg").read_text().split()[0]
SCENE_A = ["--width", "375", "--height", "200", "--display-scale", "3", "--offset", "120"]
SCENE_C = ["--width", "375", "--height", "200", "--display-scale", "2", "--offsets", "0..1020/17"]
# M: the fling of issue 17, V = 1000 pt/s from offset 120 with --snap, at @2x and 60 fps (143 frames).
SCENE_M = ["--width", "375", "--height", "200", "--display-scale", "2", "--offset", "120", "--fling", "1000", "--snap"]
# CF: iCarousel's cover flow at @3x with its default options, offset 1100 (eight items drawn); CFM:
# a fling of it at @2x and 60 fps. Their peer decodes with Pillow's draft and warps with OpenCV.
SCENE_CF = ["--layout", "coverflow", "--width", "375", "--height", "300", "--display-scale", "3", "--offset", "1100"]
# PF: a paged fling of full-page cards (AnimatedCollectionViewLayout's linear card: each card scaled,
# moved and faded by its page's progress) at 60 fps @2x, to one APNG.
SCENE_PF = ["--layout", "page-linear-card", "--width", "375", "--height", "667", "--display-scale", "2",
            "--offset", "0", "--fling", "800", "--fps", "60"]
SCENE_CFM = ["--layout", "coverflow", "--width", "375", "--height", "300", "--display-scale", "2", "--offset", "1100",
             "--fling", "1000"]
# CE: A's frame with the cells apps draw: a caption under each item, a shadow and a page control.
CELLS = ["--caption", "{name} · {number}", "--shadow-opacity", "0.3", "--shadow-radius", "6", "--page-control"]
# CT: 500 frames of a 10-item captioned line carousel at 390 × 844 @3x from the small Fixtures photos,
# and the same without captions: what the text costs.
SCENE_CT = ["--width", "390", "--height", "844", "--display-scale", "3", "--count", "10", "--offsets", "0..1497/3"]
CAPTION_CT = ["--caption", "Photo {number} · {name}"]
# LP: `layout` of the longest paged motion (a 60-s drag at 120 fps, then the paging spring stepped per
# millisecond: 7,232 frames) and a 22.8-s one (2,776 frames): 10,008 frames in two commands, start-up
# twice. No single command makes 10,000 frames (--fps ≤ 120, --drag-duration ≤ 60).
SCENE_LP = ["--layout", "line", "--paging", "--count", "4000", "--fps", "120"]
LP_DRAGS = (("lp", "100000", "60", 7232), ("lp-rest", "38000", "22.8", 2776))
# The same fling at fewer frames a second: how the time scales with frames.
M_FPS = (1, 10, 30)
# H: scenario A's frame from twelve HEICs made from the bench photos; P: from the same JPEGs tagged
# Display P3 (an APP2 ICC_PROFILE segment), which gallery-render converts to sRGB.
# D2, D3: diffs of two of gallery-render's own 4K frames (key, what, scene, the two offsets).
FRAME_PAIRS = [
    ("d2", "two 3840×2160 grid frames 2 pt apart",
     ["--layout", "grid", "--width", "1280", "--height", "720", "--display-scale", "3"], ("0", "2")),
    ("d3", "two 3840×2160 line frames 1 pt apart", ["--width", "1280", "--height", "720", "--display-scale", "3"],
     ("120", "121")),
]


def ensure_pillow():
    try:
        import PIL  # noqa: F401
    except ImportError:
        print("installing Pillow: pip install pillow", flush=True)
        subprocess.run([PY, "-m", "pip", "install", "--quiet", "--root-user-action=ignore", "pillow"], check=True)


def vips_unavailable():
    """None when `import pyvips` works, else the reason. Installs libvips42 and pyvips once."""
    def check():
        probe = subprocess.run([PY, "-c", "import pyvips"], capture_output=True, text=True)
        return None if probe.returncode == 0 else (probe.stderr.strip().splitlines() or ["import failed"])[-1]

    reason = check()
    if reason is None or VIPS_TRIED.exists():
        return reason and f"{reason} (install tried before; remove {VIPS_TRIED.relative_to(ROOT)} to retry)"
    VIPS_TRIED.parent.mkdir(parents=True, exist_ok=True)
    VIPS_TRIED.touch()
    apt = ["apt-get", "install", "-y", "-q", "libvips42"]
    for step in (apt, [PY, "-m", "pip", "install", "--quiet", "--root-user-action=ignore", "pyvips"]):
        print("installing for the libvips peer:", " ".join(step), flush=True)
        done = subprocess.run(step, capture_output=True, text=True)
        if done.returncode != 0 and step is apt:  # maybe no package lists yet
            subprocess.run(["apt-get", "update", "-q"], capture_output=True)
            done = subprocess.run(step, capture_output=True, text=True)
        if done.returncode != 0:
            return f"{' '.join(step[:3])} failed: {(done.stderr.strip().splitlines() or ['?'])[-1]}"
    return check()


TIME = Path("/usr/bin/time")


def run_once(cmd, accept=(0,)):
    """Runs cmd; returns (wall ms, peak RSS MiB, stdout). Exits when its status is not in `accept`.

    The peak comes from GNU time's %M when it is installed: a child forked from this driver would
    count the driver's own resident pages in its ru_maxrss; `time` is small, so its child's is honest.
    """
    measured = [str(TIME), "-f", "%M", *map(str, cmd)] if TIME.exists() else cmd
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = perf_counter()
        child = subprocess.Popen(measured, stdout=out, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        wall = (perf_counter() - start) * 1000
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0), err.seek(0)
        errors = err.read().decode()
        if child.returncode not in accept:  # time exits with its child's status
            sys.exit(f"bench: {' '.join(map(str, cmd))} failed ({child.returncode}):\n{errors}")
        if TIME.exists():  # time's last line is the child's peak in KB
            lines = errors.rstrip().splitlines()
            peak = int(lines[-1]) / 1024 if lines and lines[-1].strip().isdigit() else 0.0
        else:
            peak = usage.ru_maxrss / 1024
        return wall, peak, out.read().decode()


def round_order(contenders, round_, previous):
    """Round `round_`'s order: shuffled, seeded by the round (so a run repeats), so that no contender
    always follows the same one (what ran before moves a run by several per cent); and never
    starting with `previous`, the key the round before ended with: a run straight after itself finds
    its photos still in the CPU's caches (A after A 59.9 ms, after the Pillow peer 64.6, medians of
    9). Odd rounds reversed, as this did before, ran A after itself in two rounds of five."""
    order, random_ = list(contenders), random.Random(round_)
    while True:
        random_.shuffle(order)
        if len(order) < 2 or order[0][0] != previous:
            return order


def measure(contenders, runs):
    """Runs every (key, name, cmd) once to warm up, then N rounds, one run of each per round in an
    order of its own (round_order), so a background load hits all of them alike. Returns key ->
    median ms, peak MiB, stdout of each run."""
    for key, name, cmd in contenders:
        print(f"  warm-up: {name}", flush=True)
        run_once(cmd, ACCEPT.get(key, (0,)))
    samples = {key: [] for key, _, _ in contenders}
    previous = contenders[-1][0] if contenders else None
    for round_ in range(runs):
        print(f"  round {round_ + 1}/{runs}", flush=True)
        for key, _, cmd in round_order(contenders, round_, previous):
            samples[key].append(run_once(cmd, ACCEPT.get(key, (0,))))
            previous = key
    return {key: {"ms": statistics.median(s[0] for s in runs_), "mib": max(s[1] for s in runs_),
                  "stdout": [s[2] for s in runs_]} for key, runs_ in samples.items()}


# Exit statuses that are success for a contender: both diff tools exit 1 when the images differ, and
# merge-reports when the merged run has failures.
ACCEPT = {key: (0, 1) for key in ("d", "d-im", "d2", "d2-im", "d2-de", "d3", "d3-im", "r")}


def layout(photos, scene, path):
    path.write_text(subprocess.run([BIN, "layout", photos, *scene], check=True, capture_output=True, text=True).stdout)
    return layout_json.frames(path.read_text())


def dct_scale(path, box):
    """gallery-render's pick: the smallest M with both sides of the M/8 decode ≥ 2× the box."""
    from PIL import Image

    width, height = Image.open(path).size
    return next((m for m in range(1, 8) if math.ceil(width * m / 8) >= 2 * box and math.ceil(height * m / 8) >= 2 * box), 8)


def check_outputs(folder, count, size):
    """Same output size for every contender: count PNGs of the frame size. Returns their total bytes."""
    from PIL import Image

    pngs = sorted(Path(folder).rglob("*.png"))
    bad = [p for p in pngs if Image.open(p).size != size]
    if len(pngs) != count or bad:
        sys.exit(f"bench: {folder}: expected {count} PNGs of {size[0]}×{size[1]}, got {len(pngs)} ({bad[:1]})")
    return sum(p.stat().st_size for p in pngs)


def decode_count(tmp):
    manifest = tmp / "scroll.json"
    manifest.write_text(json.dumps({"scenes": [{
        "name": "scroll", "photos": [str(DATA / "photos12")], "width": 375, "height": 200,
        "displayScale": 2, "offsets": "0..1020/17"}]}))
    subprocess.run([BIN, "batch", manifest, "--out", tmp / "batch", "--summary", tmp / "summary.json", "--quiet"],
                   check=True)
    return json.loads((tmp / "summary.json").read_text())["totals"]["decodes"]


def apng_facts(path):
    """The frame count of an APNG, from its acTL chunk."""
    data = Path(path).read_bytes()
    at = data.find(b"acTL")
    if at < 0:
        sys.exit(f"bench: {path} is not an APNG")
    return int.from_bytes(data[at + 4:at + 8], "big")


def ensure_opencv():
    try:
        import cv2  # noqa: F401
    except ImportError:
        print("installing OpenCV: pip install opencv-python-headless", flush=True)
        subprocess.run([PY, "-m", "pip", "install", "--quiet", "--root-user-action=ignore", "opencv-python-headless"],
                       check=True)


def ensure_pillow_heif():
    try:
        import pillow_heif  # noqa: F401
    except ImportError:
        print("installing pillow-heif: pip install pillow-heif", flush=True)
        subprocess.run([PY, "-m", "pip", "install", "--quiet", "--root-user-action=ignore", "pillow-heif"], check=True)


def from_bench_photos(name, how, write):
    """DATA/name/NN.heic, one for each bench photo, upright: `write(image, path)` makes each one that
    is missing (made once: x265 takes seconds a photo). Returns the folder."""
    from PIL import Image, ImageOps

    folder = DATA / name
    folder.mkdir(parents=True, exist_ok=True)
    for jpeg in sorted((DATA / "photos12").glob("*.jpg")):
        heic = folder / (jpeg.stem + ".heic")
        if heic.exists():
            continue
        print(f"  making {heic.relative_to(ROOT)} with {how}", flush=True)
        scratch = heic.with_suffix(".part.heic")  # heif-enc picks the format by the name's ending
        write(ImageOps.exif_transpose(Image.open(jpeg)).convert("RGB"), scratch)
        scratch.rename(heic)
    return folder


def heic_photos():
    """DATA/photosHEIC: single-stream HEICs, heif-enc at quality 50 with a 320-px thumbnail."""
    def write(image, path):
        with tempfile.TemporaryDirectory() as scratch:
            png = Path(scratch) / "upright.png"
            image.save(png, compress_level=1)
            subprocess.run(["heif-enc", "-q", "50", "-t", "320", png, "-o", path], check=True, capture_output=True)

    return from_bench_photos("photosHEIC", "heif-enc", write)


def grid_heic_photos():
    """DATA/photosGrid: HEICs as an iPhone writes them, a grid item over 512×512 HEVC tiles (4:2:0,
    quality 80) and a 320-px thumbnail item, by pillow-heif's libheif and x265."""
    import pillow_heif

    def write(image, path):
        pillow_heif.from_pillow(image).save(path, format="HEIF", quality=80, tile_size=512, thumbnails=[320],
                                            chroma=420)

    return from_bench_photos("photosGrid", "pillow-heif (tile_size=512)", write)


def p3_photos(tmp):
    """DATA/photosP3/NN.jpg: the bench JPEGs with gallery-render's Display P3 profile in APP2."""
    folder = DATA / "photosP3"
    folder.mkdir(parents=True, exist_ok=True)
    frame = tmp / "p3-profile.png"
    subprocess.run([BIN, "--count", "1", "--width", "10", "--height", "10", "--color-space", "display-p3",
                    "-o", frame], check=True)
    data = frame.read_bytes()
    at = data.index(b"iCCP")
    length = int.from_bytes(data[at - 4:at], "big")
    chunk = data[at + 4:at + 4 + length]
    import zlib

    profile = zlib.decompress(chunk[chunk.index(b"\0") + 2:])
    segment = b"ICC_PROFILE\0\x01\x01" + profile
    app2 = b"\xff\xe2" + (len(segment) + 2).to_bytes(2, "big") + segment
    for jpeg in sorted((DATA / "photos12").glob("*.jpg")):
        tagged = folder / jpeg.name
        if not tagged.exists():
            raw = jpeg.read_bytes()
            tagged.write_bytes(raw[:2] + app2 + raw[2:])
    return folder


CDP = ROOT / "Tools" / "cdp-screenshots.py"
R_SCENES, R_FRAMES, R_SHARDS = 40, 50, 8  # 2,000 small frames, ~10 % failing, checked in 8 shards


def sharded_reports(tmp):
    """R: a 2,000-frame check in 8 shards (40 scenes of 50 frames of 64×48), baselines recorded, then
    every seventh baseline replaced by its neighbour's frame so ~10 % fail; the 8 report folders."""
    manifest = tmp / "r.json"
    manifest.write_text(json.dumps({"defaults": {"width": 64, "height": 48, "count": 20}, "scenes": [
        {"name": f"s{k:02d}", "offsets": f"{k}..{k + (R_FRAMES - 1) * 10}/10"} for k in range(R_SCENES)]}))
    baseline = tmp / "r-baseline"
    subprocess.run([BIN, "check", manifest, "--baseline", baseline, "--record", "--quiet"], check=True)
    frames = sorted(baseline.rglob("*.png"))
    for index in range(0, len(frames) - 1, 7):  # some neighbours match: ~10 % of the frames fail
        frames[index].write_bytes(frames[index + 1].read_bytes())
    reports = []
    for shard in range(1, R_SHARDS + 1):
        report = tmp / f"r-shard-{shard}"
        subprocess.run([BIN, "check", manifest, "--baseline", baseline, "--shard", f"{shard}/{R_SHARDS}", "--report",
                        report, "--junit", report / "junit.xml", "--quiet"], check=False, capture_output=True)
        reports.append(report)
    return reports, len(frames)


def report_in_chromium(index_html):
    """Headless Chromium on the merged report: ms from navigation to the load event, and ms to scroll
    to the bottom and paint twice. None when Chromium is not installed."""
    if shutil.which("chromium") is None:
        return None
    scroll = ("(async () => { const t = performance.now(); window.scrollTo(0, document.body.scrollHeight); "
              "await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))); "
              "return performance.now() - t; })()")
    load = "performance.timing.loadEventEnd - performance.timing.navigationStart"
    with tempfile.TemporaryDirectory() as shots:
        out = subprocess.run([PY, CDP, f"file://{index_html}", f"{shots}/shot-", "1280", "900", "--step", scroll,
                              "--print", load], capture_output=True, text=True, check=True).stdout.split()
        # For scale: a page of plain paragraphs as large as the report, in the same browser.
        plain = Path(shots) / "plain.html"
        size = Path(index_html).stat().st_size
        plain.write_text("<!doctype html><body>" + "<p>a paragraph of plain text, nothing else</p>" * (size // 47))
        reference = subprocess.run([PY, CDP, f"file://{plain}", f"{shots}/plain-", "1280", "900", "--print", load],
                                   capture_output=True, text=True, check=True).stdout.split()
    return float(out[1]), float(out[0]), float(reference[0])


def verdict(value, limit):
    return "pass" if value <= limit else "**fail**"


def scenario_of(key):
    """The scenario a contender key belongs to: "a-pil" → "A", "d2-im" → "D2"."""
    return key.split("-")[0].upper()


def benchmark(runs, tmp, baseline=None, only=None):
    """Times the scenarios (all, or those in `only`) and returns the table's rows, the decode count,
    the frame count of C, the peers' versions and the measurements."""
    want = lambda scenario: only is None or scenario in only  # noqa: E731
    twelve, many = str(DATA / "photos12"), str(DATA / "photos2000")
    heic = str(heic_photos()) if want("H") else None
    grid = str(grid_heic_photos()) if want("G") else None
    p3 = str(p3_photos(tmp)) if want("P") else None
    if want("H"):
        layout(heic, SCENE_A, tmp / "h.json")
    if want("G"):
        layout(grid, SCENE_A, tmp / "g.json")
    frame_a = layout(twelve, SCENE_A, tmp / "a.json")[0]
    frames_c = layout(twelve, SCENE_C, tmp / "c.jsonl")
    frames_m = layout(twelve, SCENE_M, tmp / "m.jsonl")
    frames_cfm = layout(twelve, SCENE_CFM, tmp / "cfm.jsonl") if want("CFM") else []
    frames_pf = layout(twelve, SCENE_PF, tmp / "pf.jsonl") if want("PF") else []
    if want("CF"):
        layout(twelve, SCENE_CF, tmp / "cf.json")
    visible = list(dict.fromkeys(item["photo"] for item in frame_a["items"]))
    # gallery-render decodes for the scene's largest item: line item 100 pt × 1.6 at the centre × @3x.
    scale = dct_scale(visible[0], math.ceil(100 * 1.6 * 3))
    count = len(frames_c)
    vips_reason = vips_unavailable() if want("A") else "not timed (--only)"
    if vips_reason and want("A"):
        print(f"libvips peer: unavailable ({vips_reason})")
    # A's portable run: our kernels without SIMD (what arm64 runs: none has NEON code), libjpeg-turbo
    # with its own (it has NEON on arm64), so the ratio to libvips estimates an arm64 frame.
    portable = ["env", "GALLERY_RENDER_SIMD=none", "JSIMD_FORCENONE=0", BIN]
    contenders = [  # key, name, command; outputs checked below
        ("a", "A gallery-render", [BIN, *SCENE_A, twelve, "-o", tmp / "a-ours" / "a.png"]),
        ("p", "P gallery-render, Display P3 JPEGs", [BIN, *SCENE_A, p3, "-o", tmp / "p-ours" / "p.png"]),
        ("b", "B gallery-render", [BIN, *SCENE_A, many, "-o", tmp / "b-ours" / "b.png"]),
        ("a-pil", "A Pillow peer", [PY, BENCH / "pillow_peer.py", tmp / "a.json", tmp / "a-pil"]),
        ("a-floor", "A decode floor", [FLOOR, str(scale), *visible]),
        ("a-none", "A gallery-render, portable kernels", [*portable, *SCENE_A, twelve, "-o", tmp / "a-none" / "a.png"]),
        ("g", "G gallery-render, HEIC grids", [BIN, *SCENE_A, grid, "-o", tmp / "g-ours" / "g.png"]),
        ("g-pil", "G Pillow + pillow-heif peer", [PY, BENCH / "pillow_peer.py", tmp / "g.json", tmp / "g-pil", "--heif"]),
        ("h", "H gallery-render, HEIC", [BIN, *SCENE_A, heic, "-o", tmp / "h-ours" / "h.png"]),
        ("h-pil", "H Pillow + pillow-heif peer", [PY, BENCH / "pillow_peer.py", tmp / "h.json", tmp / "h-pil", "--heif"]),
        ("c", "C gallery-render", [BIN, *SCENE_C, twelve, "-o", tmp / "c-ours" / "{index}.png"]),
        ("c-1", "C gallery-render --jobs 1", [BIN, *SCENE_C, "--jobs", "1", twelve, "-o", tmp / "c-1" / "{index}.png"]),
        ("c-pil", "C Pillow peer", [PY, BENCH / "pillow_peer.py", tmp / "c.jsonl", tmp / "c-pil"]),
        ("m", "M gallery-render animate", [BIN, "animate", *SCENE_M, twelve, "-o", tmp / "m-ours" / "m.png"]),
        ("m-pil", "M Pillow peer", [PY, BENCH / "pillow_peer.py", tmp / "m.jsonl", tmp / "m-pil" / "m.png", "--apng", "60"]),
        ("cf", "CF gallery-render, cover flow", [BIN, *SCENE_CF, twelve, "-o", tmp / "cf-ours" / "cf.png"]),
        ("cf-cv", "CF Pillow + OpenCV peer", [PY, BENCH / "opencv_peer.py", tmp / "cf.json", tmp / "cf-cv"]),
        ("cfm", "CFM gallery-render animate", [BIN, "animate", *SCENE_CFM, twelve, "-o", tmp / "cfm-ours" / "cfm.png"]),
        ("cfm-cv", "CFM Pillow + OpenCV peer", [PY, BENCH / "opencv_peer.py", tmp / "cfm.jsonl",
                                               tmp / "cfm-cv" / "cfm.png", "--apng", "60"]),
        ("ce", "CE gallery-render, A with cells", [BIN, *SCENE_A, *CELLS, twelve, "-o", tmp / "ce-ours" / "ce.png"]),
        ("ct", "CT gallery-render, 500 captioned frames",
         [BIN, *SCENE_CT, *CAPTION_CT, ROOT / "Fixtures" / "photos", "-o", tmp / "ct-ours" / "{index}.png"]),
        ("ct-plain", "CT gallery-render, 500 frames without captions",
         [BIN, *SCENE_CT, ROOT / "Fixtures" / "photos", "-o", tmp / "ct-plain" / "{index}.png"]),
        ("pf", "PF gallery-render animate", [BIN, "animate", *SCENE_PF, twelve, "-o", tmp / "pf-ours" / "pf.png"]),
        ("pf-pil", "PF Pillow peer", [PY, BENCH / "pillow_peer.py", tmp / "pf.jsonl", tmp / "pf-pil" / "pf.png",
                                      "--apng", "60"]),
        *[(key, f"LP gallery-render layout, {frames:,} frames", [BIN, "layout", *SCENE_LP, "--drag", drag,
                                                                   "--drag-duration", seconds])
          for key, drag, seconds, frames in LP_DRAGS],
        *[(f"m-{fps}", f"M gallery-render animate --fps {fps}",
           [BIN, "animate", *SCENE_M, "--fps", str(fps), twelve, "-o", tmp / f"m-{fps}" / "m.png"]) for fps in M_FPS],
    ]
    # Made by make_photos.py in its own process: a driver holding 4K images would inflate every
    # child's ru_maxrss (a forked child starts from its parent's resident size).
    diff_a, diff_b = DATA / "diff" / "a.png", DATA / "diff" / "b.png"
    have_im = False
    if any(want(d) for d in ("D", "D2", "D3")):
        if shutil.which("compare") is None:
            print("installing ImageMagick for the diff peer: apt-get install -y imagemagick", flush=True)
            subprocess.run(["apt-get", "install", "-y", "-qq", "imagemagick"], check=False)
        have_im = shutil.which("compare") is not None
    contenders.append(("d", "D gallery-render diff", [BIN, "diff", diff_a, diff_b]))
    if have_im:
        contenders.append(("d-im", "D ImageMagick compare", ["compare", "-metric", "AE", "-fuzz", "10%", diff_a, diff_b, "null:"]))
    for key, _, scene, offsets in FRAME_PAIRS:
        if not want(key.upper()):
            continue
        pair = [tmp / key / f"{offset}.png" for offset in offsets]
        for offset, path in zip(offsets, pair):
            subprocess.run([BIN, *scene, "--offset", offset, twelve, "-o", path], check=True)
        contenders.append((key, f"{key.upper()} gallery-render diff", [BIN, "diff", *pair]))
        if key == "d2":  # swift-snapshot-testing's perceptual measure on the same pair
            contenders.append(("d2-de", "D2 gallery-render diff --perceptual-precision 0.98",
                               [BIN, "diff", *pair, "--perceptual-precision", "0.98"]))
        if have_im:
            contenders.append((f"{key}-im", f"{key.upper()} ImageMagick compare",
                               ["compare", "-metric", "AE", "-fuzz", "10%", *pair, "null:"]))
    if not vips_reason:
        contenders.insert(2, ("a-vips", "A libvips peer", [PY, BENCH / "vips_peer.py", tmp / "a.json", tmp / "a-vips"]))
    if want("R"):
        r_reports, r_frames = sharded_reports(tmp)
        contenders.append(("r", "R gallery-render merge-reports", [BIN, "merge-reports", *r_reports, "--report",
                                                                     tmp / "r-merged", "--junit", tmp / "r-merged.xml"]))
    # B, P and CF are compared with A's frame, so A's own run comes with them.
    contenders = [c for c in contenders
                  if want(scenario_of(c[0])) or (c[0] == "a" and (want("B") or want("P") or want("CF") or want("CE")))]
    print(f"A: {' '.join(SCENE_A)}; B: the same over 2,000 photos; C: {' '.join(SCENE_C)}; D: diff of two 4K PNGs; D2, D3: of two 4K frames; M: animate {' '.join(SCENE_M)}")
    if baseline:
        contenders += baseline_twins(contenders, baseline)
    r = measure(contenders, runs)
    size_a, size_c = (round(375 * 3), round(200 * 3)), (round(375 * 2), round(200 * 2))
    sizes = {folder: check_outputs(tmp / folder, 1, size_a)
             for folder in ("a-ours", "a-pil", "a-none", "b-ours", "g-ours", "g-pil", "h-ours", "h-pil", "p-ours", "a-vips")
             if (tmp / folder).exists()}
    sizes |= {folder: check_outputs(tmp / folder, count, size_c) for folder in ("c-ours", "c-1", "c-pil")
              if (tmp / folder).exists()}
    size_cf = (round(375 * 3), round(300 * 3))
    sizes |= {folder: check_outputs(tmp / folder, 1, size_cf) for folder in ("cf-ours", "cf-cv")
              if (tmp / folder).exists()}
    if want("A") and (tmp / "a-none" / "a.png").read_bytes() != (tmp / "a-ours" / "a.png").read_bytes():
        sys.exit("bench: A with GALLERY_RENDER_SIMD=none wrote other bytes than A")
    kib = lambda folder: f"{sizes[folder] / 1024:,.0f} KiB"  # noqa: E731
    sizes_text = ""
    if want("A"):
        sizes_text += (f"PNG bytes written: A {kib('a-ours')} (gallery-render), {kib('a-pil')} (Pillow)"
                       + ("" if vips_reason else f", {kib('a-vips')} (libvips)") + "; ")
    if want("C"):
        sizes_text += f"C {kib('c-ours')} (gallery-render), {kib('c-pil')} (Pillow)."

    def ratio(key, other, label):
        return r[key]["ms"] / r[other]["ms"], f"{r[key]['ms'] / r[other]['ms']:.3f}× {label}"

    def row(scenario, name, key, ratio_text="—", target="—", result="—"):
        return (scenario, name, r[key]["ms"], r[key]["mib"], ratio_text, target, result)

    rows = []
    if want("A"):
        a_pil, a_pil_text = ratio("a", "a-pil", "(ours ÷ Pillow)")
        a_floor, a_floor_text = ratio("a", "a-floor", "(ours ÷ floor)")
        inside = statistics.median(float(out) for out in r["a-floor"]["stdout"])
        rows += [
            row("A", "gallery-render", "a", "—", "peak ≤ 96 MiB", verdict(r["a"]["mib"], 96)),
            row("A", "Pillow peer", "a-pil", a_pil_text, "ours ≤ 0.18×", verdict(a_pil, 0.18)),
            ("A", f"libvips peer: unavailable ({vips_reason})", None, None, "—", "—", "—") if vips_reason
            else row("A", "libvips peer", "a-vips", ratio("a", "a-vips", "(ours ÷ libvips)")[1]),
            row("A", f"decode floor: {len(visible)} photos at {scale}/8, serial (in-process {inside:.0f} ms)",
                "a-floor", a_floor_text, "ours ≤ 0.75×", verdict(a_floor, 0.75)),
            row("A", "gallery-render, portable kernels (`GALLERY_RENDER_SIMD=none JSIMD_FORCENONE=0`: what "
                "arm64 runs; same bytes, checked)", "a-none",
                ratio("a-none", "a", "of A")[1] if vips_reason else ratio("a-none", "a-vips", "of libvips")[1],
                "≤ 1.0× libvips", "—" if vips_reason else verdict(ratio("a-none", "a-vips", "")[0], 1.0)),
        ]
    if want("B"):
        b_time, b_memory = r["b"]["ms"] / r["a"]["ms"], r["b"]["mib"] / r["a"]["mib"]
        rows.append(row("B", "gallery-render, 2,000 photos", "b", f"{b_time:.2f}× time, {b_memory:.2f}× memory of A",
                        "≤ 1.15× both", verdict(max(b_time, b_memory), 1.15)))
    if want("C"):
        c_pil, c_pil_text = ratio("c", "c-pil", "of Pillow")
        rows += [
            row("C", f"gallery-render, {count} frames (default jobs: {os.cpu_count()})", "c", c_pil_text,
                "ours ≤ 0.125× Pillow", verdict(c_pil, 0.125)),
            row("C", f"gallery-render, {count} frames, --jobs 1", "c-1", ratio("c-1", "c-pil", "of Pillow")[1]),
            row("C", f"Pillow peer, {count} frames (decoded photos kept in a dict)", "c-pil"),
        ]
    if want("G"):
        g_pil, g_pil_text = ratio("g", "g-pil", "of Pillow + pillow-heif")
        rows += [
            row("G", "gallery-render, twelve 4032×3024 HEICs as iPhones write them (a grid of 48 HEVC tiles of "
                "512×512, thumbnail 320×240)", "g", g_pil_text, "ours ≤ 0.45×, peak ≤ peer's",
                verdict(max(g_pil, r["g"]["mib"] / r["g-pil"]["mib"] * 0.45), 0.45)),
            row("G", "Pillow + pillow-heif peer (its libheif decodes a grid's tiles on several threads)", "g-pil"),
        ]
    if want("H"):
        h_pil, h_pil_text = ratio("h", "h-pil", "of Pillow + pillow-heif")
        rows += [
            row("H", "gallery-render, twelve 4032×3024 single-stream HEICs (thumbnail 320×240)", "h", h_pil_text,
                "ours ≤ 0.4×, peak ≤ peer's", verdict(max(h_pil, r["h"]["mib"] / r["h-pil"]["mib"] * 0.4), 0.4)),
            row("H", "Pillow + pillow-heif peer: visible photos only, draft (thumbnail when big enough), mask, "
                "composite", "h-pil"),
        ]
    if want("P"):
        p_a, p_a_text = ratio("p", "a", "of A")
        rows.append(row("P", "gallery-render, A's JPEGs tagged Display P3 (converted to sRGB)", "p", p_a_text,
                        "≤ 1.05× A", verdict(p_a, 1.05)))
    if want("R"):
        merged = json.loads((tmp / "r-merged" / "results.json").read_text())["totals"]
        rows.append(row("R", f"merge-reports of {R_SHARDS} shards, {merged['frames']:,} frames ({merged['failed']} "
                        "failing)", "r", "—", "≤ 2 s and ≤ 100 MiB",
                        verdict(max(r["r"]["ms"] / 2000, r["r"]["mib"] / 100), 1.0)))
        chromium = report_in_chromium(tmp / "r-merged" / "index.html")
        rows.append(("R", "the merged report in headless Chromium: load event; scroll to the bottom and paint "
                     "(a plain page of its size: load event)" if chromium else
                     "the merged report in Chromium: chromium not installed", None, None,
                     f"{chromium[0]:.0f} ms; {chromium[1]:.0f} ms ({chromium[2]:.0f} ms)" if chromium else "—",
                     "< 1 s each", verdict(max(chromium[:2]) / 1000, 1.0) if chromium else "—"))
    if want("M"):
        rows += m_rows(r, tmp, len(frames_m), ratio, row)
    if want("CF"):
        cf_a, cf_a_text = ratio("cf", "a", "of A")
        cf_cv, cf_cv_text = ratio("cf", "cf-cv", "of Pillow + OpenCV")
        rows += [
            row("CF", "gallery-render, cover flow @3x (375×300 pt, offset 1100: eight items drawn)", "cf", cf_a_text,
                "≤ 1.3× A", verdict(cf_a, 1.3)),
            row("CF", "gallery-render against the peer", "cf", cf_cv_text, "ours ≤ 0.25×", verdict(cf_cv, 0.25)),
            row("CF", "Pillow + OpenCV peer: draft, crop, `warpPerspective` of photo and mask, composite", "cf-cv"),
        ]
    if want("CFM"):
        frames = apng_facts(tmp / "cfm-ours" / "cfm.png")
        if frames != len(frames_cfm):
            sys.exit(f"bench: the CFM APNG has {frames} frames, layout {len(frames_cfm)}")
        cfm_cv, cfm_cv_text = ratio("cfm", "cfm-cv", "of Pillow + OpenCV")
        rows += [
            row("CFM", f"gallery-render animate, cover-flow fling, {frames} frames at 60 fps @2x to one APNG "
                f"({r['cfm']['ms'] / frames:.1f} ms a frame)", "cfm", cfm_cv_text, "ours ≤ 0.1×", verdict(cfm_cv, 0.1)),
            row("CFM", f"Pillow + OpenCV peer, the same layout, save_all APNG ({r['cfm-cv']['ms'] / frames:.1f} ms a "
                "frame)", "cfm-cv"),
        ]
    if want("PF"):
        frames, ours_bytes = apng_facts(tmp / "pf-ours" / "pf.png"), (tmp / "pf-ours" / "pf.png").stat().st_size
        pil_bytes = (tmp / "pf-pil" / "pf.png").stat().st_size
        if frames != len(frames_pf):
            sys.exit(f"bench: the PF APNG has {frames} frames, layout {len(frames_pf)}")
        pf_pil, pf_pil_text = ratio("pf", "pf-pil", "of Pillow")
        rows += [
            row("PF", f"gallery-render animate, paged fling of full-page cards (page-linear-card), {frames} frames "
                f"at 60 fps @2x to one APNG ({r['pf']['ms'] / frames:.1f} ms a frame)", "pf", pf_pil_text,
                "ours ≤ 0.1×", verdict(pf_pil, 0.1)),
            row("PF", f"APNG bytes: ours {ours_bytes / 1024:,.0f} KiB, Pillow's {pil_bytes / 1024:,.0f} KiB",
                "pf", f"{ours_bytes / pil_bytes:.2f}× of Pillow's", "ours ≤ 1.0×", verdict(ours_bytes / pil_bytes, 1.0)),
            row("PF", f"Pillow peer, the same layout, save_all APNG ({r['pf-pil']['ms'] / frames:.1f} ms a frame)",
                "pf-pil"),
        ]
    if want("CE"):
        ce_a, ce_a_text = ratio("ce", "a", "of A")
        rows.append(row("CE", "gallery-render, A's frame with a caption under each item, shadows (opacity 0.3, "
                        "radius 6) and a page control", "ce", ce_a_text, "ours ≤ 1.15× A", verdict(ce_a, 1.15)))
    if want("CT"):
        for folder in ("ct-ours", "ct-plain"):
            check_outputs(tmp / folder, 500, (round(390 * 3), round(844 * 3)))
        ct_plain, ct_text = ratio("ct", "ct-plain", "of the same without captions")
        rows += [
            row("CT", f"500 frames of a 10-item captioned line carousel, 390 × 844 @3x, small photos: "
                f"{500000 / r['ct']['ms']:.0f} frames a second", "ct", ct_text),
            row("CT", f"the same without captions: {500000 / r['ct-plain']['ms']:.0f} frames a second", "ct-plain"),
        ]
    if want("LP"):
        rows.append(lp_row(r))
    if want("D"):
        if have_im:
            d_im, d_im_text = ratio("d", "d-im", "of ImageMagick")
            rows += [
                row("D", "gallery-render diff, two 3840×2160 PNGs", "d", d_im_text, "ours ≤ 0.1× ImageMagick",
                    verdict(d_im, 0.1)),
                row("D", "ImageMagick compare -metric AE -fuzz 10%", "d-im"),
            ]
        else:
            rows.append(row("D", "gallery-render diff, two 3840×2160 PNGs (ImageMagick unavailable)", "d"))
    for key, what, _, _ in FRAME_PAIRS:
        if not want(key.upper()):
            continue
        if not have_im:
            rows.append(row(key.upper(), f"gallery-render diff, {what} (ImageMagick unavailable)", key))
            continue
        ours, ours_text = ratio(key, f"{key}-im", "of ImageMagick")
        rows += [
            row(key.upper(), f"gallery-render diff, {what}", key, ours_text, "ours ≤ 0.1× ImageMagick",
                verdict(ours, 0.1)),
            row(key.upper(), "ImageMagick compare -metric AE -fuzz 10%", f"{key}-im"),
        ]
        if key == "d2":
            rows.append(row("D2", "gallery-render diff --perceptual-precision 0.98 (CIE ΔE94)", "d2-de",
                            ratio("d2-de", "d2", "of pixelmatch's")[1], "≤ 2× pixelmatch's",
                            verdict(ratio("d2-de", "d2", "")[0], 2.0)))
    decodes = decode_count(tmp) if want("C") else None
    return rows, decodes, count, versions(not vips_reason) + ". " + sizes_text, r


def lp_row(r):
    """LP's row: the two commands' medians summed, after checking each printed its frames."""
    for key, _, _, frames in LP_DRAGS:
        printed = r[key]["stdout"][-1].count("\n")
        if printed != frames:
            sys.exit(f"bench: LP's {key} printed {printed} frames, not {frames}")
    total = sum(frames for *_, frames in LP_DRAGS)
    ms = sum(r[key]["ms"] for key, *_ in LP_DRAGS)
    return ("LP", f"gallery-render layout --paging, a drag and the paging spring: {total:,} frames in two commands "
            f"({' + '.join(f'{f:,}' for *_, f in LP_DRAGS)}; {1000 * ms / total:.1f} µs a frame with start-up)",
            ms, max(r[key]["mib"] for key, *_ in LP_DRAGS), "—", "≤ 100 ms", verdict(ms, 100))


def m_rows(r, tmp, layout_frames, ratio, row):
    """M's rows: the fling to one APNG against Pillow's, its bytes, and the time a frame costs."""
    m_frames, m_bytes = apng_facts(tmp / "m-ours" / "m.png"), (tmp / "m-ours" / "m.png").stat().st_size
    m_pil_frames, m_pil_bytes = apng_facts(tmp / "m-pil" / "m.png"), (tmp / "m-pil" / "m.png").stat().st_size
    if m_frames != layout_frames:
        sys.exit(f"bench: the M APNG has {m_frames} frames, layout {layout_frames}")
    m_pil, m_pil_text = ratio("m", "m-pil", "of Pillow")
    rows = [
        row("M", f"gallery-render animate, {m_frames} frames at 60 fps to one APNG", "m", m_pil_text,
            "ours ≤ 0.1× Pillow", verdict(m_pil, 0.1)),
        row("M", f"Pillow peer: decode once (draft), resample per frame, save_all APNG ({m_pil_frames} frames "
            "stored: it merges repeats)", "m-pil"),
        ("M", f"APNG bytes: ours {m_bytes / 1e6:.2f} MB ({m_bytes / m_frames / 1e3:.0f} KB a frame), Pillow's "
         f"{m_pil_bytes / 1e6:.2f} MB ({m_pil_bytes / m_pil_frames / 1e3:.0f} KB a stored frame)", None, None,
         f"{m_bytes / m_pil_bytes:.3f}× Pillow's", "ours ≤ 1.0× Pillow's", verdict(m_bytes / m_pil_bytes, 1.0)),
    ]
    # The same frames through Pillow's APNG writer, and what lossless PNG coding could still take off.
    same = json.loads(subprocess.run([PY, BENCH / "apng_bytes.py", tmp / "m-ours" / "m.png"], check=True,
                                     capture_output=True, text=True).stdout)
    ceiling = same["ceiling"]
    rows += [
        ("M", f"APNG bytes, the same frames: Pillow's writer given gallery-render's {same['frames']} frames "
         f"({same['pillow']['stored']} stored) makes {same['pillow']['bytes'] / 1e6:.2f} MB", None, None,
         f"{m_bytes / same['pillow']['bytes']:.3f}× Pillow's", "—", "—"),
        ("M", f"lossless ceiling: oxipng with zopfli on {ceiling['sampled']} of our stored frames", None, None,
         f"{ceiling['oxipng'] / ceiling['ours']:.3f}× of their bytes", "—", "—"),
    ]
    for fps in M_FPS:
        fewer = apng_facts(tmp / f"m-{fps}" / "m.png")
        rows.append(row("M", f"gallery-render animate --fps {fps}: {fewer} frames", f"m-{fps}",
                        f"{(r['m']['ms'] - r[f'm-{fps}']['ms']) / (m_frames - fewer):.1f} ms a frame more at 60 fps"))
    return rows


def baseline_twins(contenders, baseline):
    """Each gallery-render contender again with the `baseline` binary, writing into folders of its own
    (`a-ours` becomes `a-ours-base`), so one run compares the two builds under the same load."""
    twins = []
    for key, name, cmd in contenders:
        if cmd[0] != BIN:
            continue
        args = list(cmd[1:])
        if "-o" in args:
            out = Path(args[args.index("-o") + 1])
            args[args.index("-o") + 1] = out.parent.with_name(out.parent.name + "-base") / out.name
        twins.append((f"{key}-base", f"{name} (baseline)", [Path(baseline), *args]))
        ACCEPT[f"{key}-base"] = ACCEPT.get(key, (0,))
    return twins


def baseline_table(r):
    """This build against the baseline, scenario by scenario: median ms of each and their ratio."""
    lines = ["", "| scenario | this build, median ms | baseline, median ms | this ÷ baseline |", "|---|--:|--:|--:|"]
    for key in [k for k in r if f"{k}-base" in r]:
        ours, base = r[key]["ms"], r[f"{key}-base"]["ms"]
        lines.append(f"| {key.upper()} | {ours:.0f} | {base:.0f} | {ours / base:.3f} |")
    return "\n".join(lines) + "\n"


def versions(vips_ok):
    import PIL.features

    text = f"Pillow {PIL.__version__} (libjpeg-turbo {PIL.features.version('libjpeg_turbo')}, zlib {PIL.features.version('zlib')})"
    if vips_ok:
        probe = [PY, "-c", "import pyvips; print(pyvips.__version__, *(pyvips.version(i) for i in range(3)))"]
        pyvips, *libvips = subprocess.run(probe, capture_output=True, text=True).stdout.split()
        text += f", libvips {'.'.join(libvips)} (pyvips {pyvips})"
    return text


def report(rows, decodes, frames, runs, command, peers):
    cpu = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), "unknown CPU")
    nproc = subprocess.run(["nproc"], capture_output=True, text=True).stdout.strip()
    when = datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")
    load = Path("/proc/loadavg").read_text().split()[0]
    lines = [f"Machine: {nproc} cores (nproc), {cpu}; {when}; 1-minute load average {LOAD_AT_START} before, "
             f"{load} after; `{command}`", "",
             "| scenario | contender | median ms | peak MiB | ratio | target | result |",
             "|---|---|--:|--:|---|---|---|"]
    for scenario, name, ms, mib, ratio, target, result in rows:
        cells = ["—" if ms is None else f"{ms:.0f}", "—" if mib is None else f"{mib:.1f}", ratio]
        lines.append(f"| {scenario} | {name} | {' | '.join(cells)} | {target} | {result} |")
    if decodes is not None:
        lines += ["", f"gallery-render decoded {decodes} photos for the {frames}-frame scroll (`gallery-render "
                  "batch --summary`, `totals.decodes`)."]
    lines += ["",
              f"Median of {runs} interleaved rounds, each in its own shuffled order, after one warm-up run each (photos in the page cache); wall "
              "time of the whole process, start-up included; peak RSS is the largest of GNU time's `%M` for the "
              f"process over the runs. Peers: {peers} "
              "A: `gallery-render --width 375 --height 200 --display-scale 3 --offset 120 photos12 -o a.png` "
              "(three visible items, 1125×600); C: `--display-scale 2 --offsets 0..1020/17`. M: `animate "
              "--display-scale 2 --offset 120 --fling 1000 --snap`, 143 frames of 750×400 at 60 fps in one APNG; "
              "its Pillow peer renders the same layout (`layout --fling …`) and saves it with `save_all=True`. "
              "Photos: twelve "
              "4032×3024 quality-92 JPEGs of ~4 MB from `Bench/make_photos.py`. Every contender writes PNGs of "
              "the same dimensions (checked), the peers at zlib level 4, whose files are within a few per cent of "
              "gallery-render's (Paeth and its own run encoder; bytes above). D: `gallery-render diff` "
              "and `compare -metric AE -fuzz 10%` on the same two 3840×2160 PNGs (a photo, and a copy with a "
              "changed block, a brightened band and a shifted stripe). D2, D3: the same on two of gallery-render's "
              "own frames of the twelve photos at `--width 1280 --height 720 --display-scale 3`: a grid at offsets "
              "0 and 2 (78 % of the pixels change, 11 % beyond the threshold) and a line at 120 and 121."]
    return "\n".join(line if line.startswith("|") else textwrap.fill(line, 100) for line in lines) + "\n"


def update_docs(table):
    """Puts the table between the bench markers of docs/performance.md."""
    doc = ROOT / "docs" / "performance.md"
    text = doc.read_text()
    start, end = "<!-- bench:start -->", "<!-- bench:end -->"
    if start not in text or end not in text:
        sys.exit(f"bench: {doc.relative_to(ROOT)} has no {start} … {end} markers")
    before, rest = text.split(start, 1)
    doc.write_text(before + start + "\n" + table + rest[rest.index(end):])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7, help="timed runs per contender (default 7)")
    parser.add_argument("--update", action="store_true", help="put the table into docs/performance.md")
    parser.add_argument("--only", metavar="SCENARIOS", type=lambda text: set(text.upper().split(",")),
                        help="time only these scenarios, comma-separated (A,G,H); the table is not put in the docs")
    parser.add_argument("--baseline", metavar="BINARY",
                        help="also time another gallery-render build on every scenario, in the same rounds")
    args = parser.parse_args()
    for tool in (BIN, FLOOR):
        if not tool.exists():
            sys.exit(f"bench: {tool.relative_to(ROOT)} is missing: run `make bench`")
    ensure_pillow()
    ensure_pillow_heif()
    ensure_opencv()
    if shutil.which("heif-enc") is None:
        sys.exit("bench: heif-enc is missing (Debian's libheif-examples; Tools/install-deps.sh installs it)")
    subprocess.run([PY, BENCH / "make_photos.py", DATA], check=True)
    command = "python3 Bench/run.py" + "".join(f" {a}" for a in sys.argv[1:])
    tmp = Path(tempfile.mkdtemp(prefix="gallery-bench-"))
    try:
        rows, decodes, frames, peers, measured = benchmark(args.runs, tmp, args.baseline, args.only)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    table = report(rows, decodes, frames, args.runs, command, peers)
    if args.baseline:
        table += baseline_table(measured)
    print("\n" + table)
    if not args.only:
        (BENCH / "results.md").write_text("# Benchmark results\n\n" + table)
    if args.update and args.only:
        print("bench: --update ignored with --only (the docs hold the whole table)")
    elif args.update:
        update_docs(table)
        print("docs/performance.md updated")


if __name__ == "__main__":
    main()
