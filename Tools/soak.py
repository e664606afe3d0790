#!/usr/bin/env python3
"""make soak: a long batch and a long check, with their resident memory sampled, to show it stays flat.

Half the time (SOAK_MINUTES, default 20) a `batch` of a large manifest runs; the other half a `check`
of the frames it wrote against themselves. Each process is sampled every few seconds (VmRSS from
/proc) and ended with SIGTERM when its half is up. The run fails when the peak of a phase's last third
is more than 10 % (and 8 MiB) above the peak of its first third after a warm-up: memory that grows
with the number of frames done, a leak. Standard library only; writes the samples as a Markdown table
to .build/soak/samples.md.
"""
import json, os, signal, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, ".build/release/gallery-render")
WORK = os.path.join(ROOT, ".build/soak")
MINUTES = float(os.environ.get("SOAK_MINUTES", "20"))
INTERVAL = max(1.0, MINUTES * 60 / 200)


def manifest(path, scenes):
    """scenes × 100 frames of a 375 × 300 pt carousel at 2x, each scene its own offsets and layout."""
    layouts = ["line", "grid", "line"]
    doc = {
        "defaults": {"photos": [os.path.join(ROOT, "Fixtures/photos")], "width": 375, "height": 300,
                     "displayScale": 2, "count": 30},
        "scenes": [{"name": f"s{i:05d}", "layout": layouts[i % 3], "offsets": f"{i % 7}..{i % 7 + 990}/10"}
                   for i in range(scenes)],
    }
    with open(path, "w") as f:
        json.dump(doc, f)


def rss_kib(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def phase(name, arguments, seconds):
    """Runs the tool for `seconds` (or until it ends), sampling VmRSS; returns [(t, MiB)]."""
    process = subprocess.Popen([BIN] + arguments, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    start, samples = time.time(), []
    while process.poll() is None and time.time() - start < seconds:
        kib = rss_kib(process.pid)
        if kib is not None:
            samples.append((time.time() - start, kib / 1024))
        time.sleep(INTERVAL)
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
    process.wait()
    print(f"{name}: {len(samples)} samples over {time.time() - start:.0f} s, exit {process.returncode}")
    return samples


def flat(name, samples):
    """The leak test: last third's peak against the first third's, after the first 10 % (warm-up)."""
    usable = samples[len(samples) // 10:]
    if len(usable) < 6:
        print(f"{name}: too few samples to judge")
        return True
    third = len(usable) // 3
    first, last = max(m for _, m in usable[:third]), max(m for _, m in usable[-third:])
    ok = last <= max(first * 1.10, first + 8)
    print(f"{name}: peak {first:.1f} MiB in the first third, {last:.1f} MiB in the last: {'flat' if ok else 'GROWING'}")
    return ok


def main():
    if not os.path.exists(BIN):
        sys.exit("build first: make release")
    os.makedirs(WORK, exist_ok=True)
    half = MINUTES * 60 / 2
    path = os.path.join(WORK, "soak.json")
    manifest(path, 2000)  # 200,000 frames: more than either half gets through
    out = os.path.join(WORK, "frames")
    subprocess.run(["rm", "-rf", out])
    batch = phase("batch", ["batch", path, "--out", out, "--quiet"], half)
    # check the scenes batch finished, against themselves (every frame passes).
    done = sorted(d for d in os.listdir(out) if os.path.isdir(os.path.join(out, d))
                  and len([f for f in os.listdir(os.path.join(out, d)) if f.endswith(".png")]) == 100)
    with open(path) as f:
        doc = json.load(f)
    doc["scenes"] = [s for s in doc["scenes"] if s["name"] in set(done)]
    checked = os.path.join(WORK, "check.json")
    with open(checked, "w") as f:
        json.dump(doc, f)
    # Repeated until the half is up, so a check that ends early still gives a long curve.
    check, began = [], time.time()
    while time.time() - began < half - 5:
        offset = time.time() - began
        check += [(t + offset, m) for t, m in
                  phase("check", ["check", checked, "--baseline", out, "--quiet"], half - offset)]
    with open(os.path.join(WORK, "samples.md"), "w") as f:
        f.write("| phase | seconds | RSS MiB |\n|---|---|---|\n")
        for name, samples in (("batch", batch), ("check", check)):
            step = max(1, len(samples) // 12)
            for t, m in samples[::step]:
                f.write(f"| {name} | {t:.0f} | {m:.1f} |\n")
    print(f"scenes done by batch: {len(done)} ({len(done) * 100} frames); samples in {WORK}/samples.md")
    sys.exit(0 if flat("batch", batch) and flat("check", check) else 1)


if __name__ == "__main__":
    main()
