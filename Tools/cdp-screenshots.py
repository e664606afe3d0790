#!/usr/bin/env python3
"""Screenshots of a page in headless Chromium, driven over the DevTools protocol.

    python3 Tools/cdp-screenshots.py URL OUT_PREFIX WIDTH HEIGHT T1 [T2 ...]
    python3 Tools/cdp-screenshots.py URL OUT_PREFIX WIDTH HEIGHT --step JS [--step JS ...] [--print JS]

Opens URL in a WIDTH × HEIGHT viewport, waits for its load event, then writes OUT_PREFIX0.png,
OUT_PREFIX1.png, ... at T1, T2, ... seconds after it. With --step, each JS is evaluated in the page
in turn (a promise is awaited) and its value printed as a JSON line on stdout, the page is given two
animation frames to paint, and a screenshot is taken after each; --print evaluates JS at the end and
prints its value the same way. Chromium is driven through
--remote-debugging-pipe (NUL-separated JSON on file descriptors 3 and 4), so nothing beyond the
standard library is needed. Tests only: it checks that what the tool writes plays in a real browser.
"""
import base64
import json
import os
import subprocess
import sys
import time

url, prefix = sys.argv[1], sys.argv[2]
width, height = int(sys.argv[3]), int(sys.argv[4])
rest = sys.argv[5:]
steps, prints, times = [], [], []
while rest:
    flag = rest.pop(0)
    if flag == "--step":
        steps.append(rest.pop(0))
    elif flag == "--print":
        prints.append(rest.pop(0))
    else:
        times.append(float(flag))

to_chrome_r, to_chrome_w = os.pipe()
from_chrome_r, from_chrome_w = os.pipe()


def wire_pipes():
    os.dup2(to_chrome_r, 3)
    os.dup2(from_chrome_w, 4)


browser = subprocess.Popen(
    ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe",
     "--force-color-profile=srgb", f"--window-size={width},{height}", "about:blank"],
    pass_fds=(3, 4), preexec_fn=wire_pipes, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
os.close(to_chrome_r)
os.close(from_chrome_w)
to_chrome = os.fdopen(to_chrome_w, "wb", buffering=0)
pending, events, last_id = b"", [], 0


def receive():
    global pending
    while b"\0" not in pending:
        chunk = os.read(from_chrome_r, 1 << 20)
        if not chunk:
            raise SystemExit("chromium closed the DevTools pipe")
        pending += chunk
    message, pending = pending.split(b"\0", 1)
    return json.loads(message)


def send(method, params=None, session=None):
    global last_id
    last_id += 1
    message = {"id": last_id, "method": method, "params": params or {}}
    if session:
        message["sessionId"] = session
    to_chrome.write(json.dumps(message).encode() + b"\0")
    while True:
        reply = receive()
        if reply.get("id") == last_id:
            if "error" in reply:
                raise SystemExit(f"{method}: {reply['error']}")
            return reply["result"]
        events.append(reply)


def wait_for(event, timeout=30):
    deadline = time.monotonic() + timeout
    while not any(e.get("method") == event for e in events):
        if time.monotonic() > deadline:
            raise SystemExit(f"no {event} within {timeout} s")
        events.append(receive())


try:
    target = send("Target.createTarget", {"url": "about:blank", "width": width, "height": height})["targetId"]
    session = send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    send("Emulation.setDeviceMetricsOverride",
         {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=session)
    send("Page.enable", session=session)
    send("Page.navigate", {"url": url}, session=session)
    wait_for("Page.loadEventFired")

    def evaluate(expression):
        result = send("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True},
                      session=session)
        if "exceptionDetails" in result:
            raise SystemExit(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    painted = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"
    for k, step in enumerate(steps):
        print(json.dumps(evaluate(step)), flush=True)
        evaluate(painted)
        shot = send("Page.captureScreenshot", {"format": "png"}, session=session)
        with open(f"{prefix}{k}.png", "wb") as f:
            f.write(base64.b64decode(shot["data"]))
    for expression in prints:
        print(json.dumps(evaluate(expression)))
    start = time.monotonic()
    for k, t in enumerate(times):
        time.sleep(max(0.0, start + t - time.monotonic()))
        shot = send("Page.captureScreenshot", {"format": "png"}, session=session)
        with open(f"{prefix}{k}.png", "wb") as f:
            f.write(base64.b64decode(shot["data"]))
finally:
    browser.kill()
    browser.wait()
