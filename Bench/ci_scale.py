"""CI at scale: shard balance and the frame cache on a generated 2,000-scene manifest.

    python3 Bench/ci_scale.py shards [--count-binary OLD] [--shards 8] [--rounds 3]
    python3 Bench/ci_scale.py cache
    python3 Bench/ci_scale.py expect [--runs 15]

`shards` renders each of N shards of the manifest in turn and reports each shard's CPU time (user +
system of the child, from os.wait4) and wall time, each the median of --rounds rounds (each round
starting one shard later): the slowest shard against the mean. With
--count-binary (a build that dealt scenes by count), the same manifest dealt the old way runs too.

`cache` records baselines, runs `check --cache` twice (cold, then warm), changes one photo and runs
it again: how many frames rendered, and the time against the uncached check.

The manifest: 100 photo folders of 6 of the fixtures' small JPEGs each (so one photo is drawn by few
scenes), 2,000 scenes: stills of 1–4 offsets at 120–390 × 100–300 pt @1–3x, and one in ten an
animation (a fling, a layout toggle or a deletion at 15–30 fps). Seeded: the same manifest every run.
"""

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from time import perf_counter

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / ".build" / "release" / "gallery-render"
FIXTURES = ROOT / "Fixtures" / "photos"
SCENES = 2000
FOLDERS = 100


def make_project(tmp):
    """The photo folders and the manifest under `tmp`; returns the manifest's path."""
    rng = random.Random(55)
    photos = sorted(FIXTURES.glob("*.jpg"))
    for folder in range(FOLDERS):
        target = tmp / "photos" / f"set{folder:03}"
        target.mkdir(parents=True)
        for index, source in enumerate(rng.sample(photos, 6)):
            shutil.copyfile(source, target / f"{index}.jpg")
    scenes = []
    for index in range(SCENES):
        scene = {
            "name": f"s{index:04}",
            "photos": [f"photos/set{rng.randrange(FOLDERS):03}/"],
            "width": rng.randrange(120, 391, 10),
            "height": rng.randrange(100, 301, 10),
            "displayScale": rng.choice([1, 2, 3]),
        }
        if index % 10 == 9:
            scene["fps"] = rng.choice([15, 20, 30])
            kind = rng.choice(["fling", "toLayout", "delete"])
            if kind == "fling":
                scene.update(fling=rng.randrange(300, 2000, 100), snap=True)
            elif kind == "toLayout":
                scene.update(offset=rng.randrange(0, 300, 10), toLayout="flow")
            else:
                scene.update(delete=rng.randrange(0, 5))
        else:
            scene["offsets"] = sorted(rng.sample(range(0, 400, 5), rng.randint(1, 4)))
        scenes.append(scene)
    manifest = tmp / "manifest.json"
    manifest.write_text(json.dumps({"defaults": {"layout": "line"}, "scenes": scenes}, indent=1))
    return manifest


def run_shards(binary, manifest, shards, tmp, label, rounds=1):
    """Each shard's (cpu, wall, files): the medians over `rounds` rounds, each round rendering every
    shard one after another, starting one shard later than the round before (this machine's CPU time
    for the same work drifts by up to 15 % from one run to the next, so one round can make the
    first shard look slow)."""
    samples = {k: [] for k in range(1, shards + 1)}
    for r in range(rounds):
        order = [(k + r) % shards + 1 for k in range(shards)]
        for k, row in zip(order, run_shard_round(binary, manifest, order, tmp, label)):
            samples[k].append(row)
    return [tuple(statistics.median(row[i] for row in samples[k]) for i in range(3)) for k in sorted(samples)]


def run_shard_round(binary, manifest, order, tmp, label):
    """Each shard's (cpu, wall, files) in `order`, rendered one after another."""
    shards = len(order)
    rows = []
    for k in order:
        out = tmp / f"{label}-{k}"
        before = os.times()
        start = perf_counter()
        done = subprocess.run([binary, "batch", manifest, "--out", out, "--shard", f"{k}/{shards}", "--quiet"],
                              capture_output=True, text=True)
        wall = perf_counter() - start
        after = os.times()
        if done.returncode != 0:
            sys.exit(f"{label} shard {k}: exit {done.returncode}: {done.stderr[-400:]}")
        cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
        frames = sum(1 for _ in out.rglob("*.png"))
        rows.append((cpu, wall, frames))
        shutil.rmtree(out)
    return rows


def summarise(label, rows):
    cpus = [r[0] for r in rows]
    walls = [r[1] for r in rows]
    print(f"{label}: CPU slowest/mean {max(cpus) / statistics.mean(cpus):.3f}× "
          f"(max {max(cpus):.2f} s, mean {statistics.mean(cpus):.2f} s); "
          f"wall slowest/mean {max(walls) / statistics.mean(walls):.3f}× "
          f"(max {max(walls):.2f} s, mean {statistics.mean(walls):.2f} s)")
    print("   per shard CPU s: " + ", ".join(f"{c:.2f}" for c in cpus))
    print("   per shard files: " + ", ".join(str(r[2]) for r in rows))


def shards_command(args, tmp):
    manifest = make_project(tmp)
    summarise(f"cost dealing ({args.shards} shards, medians of {args.rounds} rounds)",
              run_shards(BIN, manifest, args.shards, tmp, "cost", args.rounds))
    if args.count_binary:
        summarise(f"count dealing ({args.shards} shards, medians of {args.rounds} rounds)",
                  run_shards(args.count_binary, manifest, args.shards, tmp, "count", args.rounds))


def check(manifest, tmp, *extra):
    """(wall seconds, the summary line) of one `check` of the manifest."""
    start = perf_counter()
    done = subprocess.run([BIN, "check", manifest, "--baseline", tmp / "baseline", *extra],
                          capture_output=True, text=True)
    wall = perf_counter() - start
    lines = [line for line in done.stderr.splitlines() if " passed, " in line]
    return wall, done.returncode, (lines[-1] if lines else done.stderr[-300:])


def cache_command(args, tmp):
    manifest = make_project(tmp)
    subprocess.run([BIN, "check", manifest, "--baseline", tmp / "baseline", "--record", "--quiet"], check=True)
    uncached, status, line = check(manifest, tmp)
    print(f"uncached check: {uncached:.2f} s, exit {status}: {line}")
    cold, status, line = check(manifest, tmp, "--cache", tmp / "cache")
    print(f"cold cache:     {cold:.2f} s, exit {status}: {line}")
    warm, status, line = check(manifest, tmp, "--cache", tmp / "cache")
    print(f"warm cache:     {warm:.2f} s, exit {status}: {line}")
    photo = tmp / "photos" / "set007" / "0.jpg"
    shutil.copyfile(sorted(FIXTURES.glob("*.jpg"))[0] if photo.read_bytes() != sorted(FIXTURES.glob("*.jpg"))[0].read_bytes()
                    else sorted(FIXTURES.glob("*.jpg"))[1], photo)
    changed, status, line = check(manifest, tmp, "--cache", tmp / "cache")
    print(f"one photo changed: {changed:.2f} s, exit {status}: {line}")
    frames = sum(1 for _ in (tmp / "baseline").rglob("*.png"))
    cached = int(line.rsplit(", ", 1)[-1].split()[0]) if "from the cache" in line else 0
    print(f"rendered {frames - cached} of {frames} frames ({100 * (frames - cached) / frames:.2f} %); "
          f"time {changed / uncached:.3f}× the uncached check")


def expect_command(args, tmp):
    """`check` of one 300-frame animation with and without an `expect`, interleaved: the median difference."""
    photos = tmp / "photos"
    shutil.copytree(FIXTURES, photos)
    scene = {"name": "toggle", "offset": 170, "toLayout": "flow", "fps": 60, "duration": 299 / 60,
             "width": 200, "height": 120}
    expect = [{"item": 1, "centerX": {"min": -1000, "max": 5000, "monotonic": "decreasing"}},
              {"item": 2, "scale": {"at": {"time": 2.5, "equals": 1, "within": 10}}}, {"othersStill": False}][:2]
    for name, extra in (("plain", {}), ("expect", {"expect": expect})):
        (tmp / f"{name}.json").write_text(json.dumps({"defaults": {"photos": ["photos/"]}, "scenes": [scene | extra]}))
        subprocess.run([BIN, "check", tmp / f"{name}.json", "--baseline", tmp / name, "--record", "--quiet"],
                       check=True)
    times = {"plain": [], "expect": []}
    for _ in range(args.runs):
        for name in times:
            start = perf_counter()
            subprocess.run([BIN, "check", tmp / f"{name}.json", "--baseline", tmp / name, "--quiet"], check=True)
            times[name].append(perf_counter() - start)
    plain, expected = statistics.median(times["plain"]), statistics.median(times["expect"])
    print(f"300-frame check: {plain * 1000:.1f} ms plain, {expected * 1000:.1f} ms with expect: "
          f"+{(expected - plain) * 1000:.1f} ms (median of {args.runs})")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["shards", "cache", "expect"])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--shards", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3, help="shards: rounds of every shard, medians kept")
    parser.add_argument("--count-binary", help="a gallery-render that dealt shards by scene count")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="gallery-ci-scale-") as folder:
        tmp = Path(folder)
        {"shards": shards_command, "cache": cache_command, "expect": expect_command}[args.what](args, tmp)


if __name__ == "__main__":
    main()
