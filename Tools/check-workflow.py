#!/usr/bin/env python3
"""Checks .github/workflows/release.yml against what GitHub Actions accepts and what a release needs.

    python3 Tools/check-workflow.py [.github/workflows/release.yml]

The schema's rules that matter here (GitHub's workflow syntax): top-level keys, the tag trigger, each
job's runs-on, steps that each have exactly one of `uses` and `run`, actions pinned to a version,
`needs` naming jobs that exist, permissions the jobs need (contents: write to attach, packages:
write to push). And what the release must do: a .deb built on amd64 and on an arm runner, the image
for both architectures, the .debs attached; every `make TARGET` a run step names is a Makefile
target (so the steps are the ones `make deb-check` and `make image` run locally). Exit 1 naming each
fault. PyYAML is needed (pip install pyyaml).
"""

import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
TOP = {"name", "on", "permissions", "jobs", "env", "concurrency", "defaults", "run-name"}
JOB = {"name", "strategy", "runs-on", "container", "steps", "needs", "permissions", "timeout-minutes", "env",
       "if", "outputs", "services", "concurrency", "defaults", "continue-on-error", "environment"}
STEP = {"name", "uses", "run", "with", "env", "id", "if", "shell", "working-directory", "continue-on-error",
        "timeout-minutes"}


def faults(workflow, makefile):
    found = []
    # YAML 1.1 reads the key `on` as True.
    if True in workflow:
        workflow["on"] = workflow.pop(True)
    found += [f"unknown top-level key {key!r}" for key in workflow if key not in TOP]
    tags = (((workflow.get("on") or {}).get("push") or {}).get("tags")) or []
    if not any(str(tag).startswith("v") for tag in tags):
        found.append("on.push.tags must run on version tags (v*)")
    jobs = workflow.get("jobs") or {}
    if not jobs:
        found.append("no jobs")
    targets = set(re.findall(r"^([A-Za-z][\w-]*):", makefile, re.M))
    for name, job in jobs.items():
        found += [f"jobs.{name}: unknown key {key!r}" for key in job if key not in JOB]
        if "runs-on" not in job:
            found.append(f"jobs.{name}: no runs-on")
        for need in [job["needs"]] if isinstance(job.get("needs"), str) else job.get("needs", []):
            if need not in jobs:
                found.append(f"jobs.{name}: needs {need!r}, which is no job")
        for number, step in enumerate(job.get("steps") or []):
            where = f"jobs.{name}.steps[{number}]"
            found += [f"{where}: unknown key {key!r}" for key in step if key not in STEP]
            if ("uses" in step) == ("run" in step):
                found.append(f"{where}: needs exactly one of uses and run")
            if "uses" in step and not re.fullmatch(r"[\w.-]+/[\w./-]+@v?\d[\w.]*", step["uses"]):
                found.append(f"{where}: {step['uses']!r} is not pinned to a version")
            for target in re.findall(r"(?:^|&&|;|\n)\s*make ([a-z][\w-]*)", step.get("run", "")):
                if target not in targets:
                    found.append(f"{where}: make {target}: no such Makefile target")
    return found + release_faults(jobs)


def release_faults(jobs):
    found = []
    text = yaml.safe_dump(jobs)
    deb = [job for job in jobs.values() if "make deb" in yaml.safe_dump(job.get("steps", []))]
    arches = {entry.get("arch") for job in deb for entry in (job.get("strategy", {}).get("matrix", {}).get("include", []))}
    runners = {entry.get("runner") for job in deb for entry in (job.get("strategy", {}).get("matrix", {}).get("include", []))}
    if {"amd64", "arm64"} - arches:
        found.append("the .deb must be built for amd64 and arm64")
    if not any("arm" in str(runner) for runner in runners):
        found.append("the arm64 .deb must build on an arm runner")
    if "linux/amd64,linux/arm64" not in text:
        found.append("the image must be built for linux/amd64 and linux/arm64")
    if "push: true" not in text:
        found.append("the image must be pushed")
    if "gh release upload" not in text:
        found.append("the .debs must be attached to the release")
    wants = {"contents": "write", "packages": "write"}
    for scope, level in wants.items():
        if not any((job.get("permissions") or {}).get(scope) == level for job in jobs.values()):
            found.append(f"a job needs permissions {scope}: {level}")
    return found


def main():
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / ".github" / "workflows" / "release.yml"
    workflow = yaml.safe_load(path.read_text())
    found = faults(workflow, (ROOT / "Makefile").read_text())
    for fault in found:
        print(f"{path}: {fault}", file=sys.stderr)
    if not found:
        print(f"{path}: ok")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
