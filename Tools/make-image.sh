#!/usr/bin/env bash
# make image: the container image of the Dockerfile, from the .deb in dist/, tagged
# gallery-render:VERSION and gallery-render:latest. Uses docker when its daemon answers, else podman.
#   IMAGE_BASE   the Debian 12 image to start from (debian:12-slim; a local one where no registry is reachable)
#   IMAGE_ARGS   more arguments for the build (podman here: --isolation chroot)
set -euo pipefail
cd "$(dirname "$0")/.."
deb=$(ls -t dist/gallery-render_*_amd64.deb 2>/dev/null | head -n 1 || true)
[ -n "$deb" ] || { echo "make image: no .deb in dist/ (make deb makes it)" >&2; exit 1; }
version=$(basename "$deb" | sed 's/^gallery-render_\(.*\)_amd64\.deb$/\1/; s/+/-/g')
if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
    tool=docker
elif command -v podman >/dev/null 2>&1; then
    tool=podman
else
    echo "make image: neither docker (with its daemon running) nor podman is here" >&2
    exit 1
fi
# shellcheck disable=SC2086 # IMAGE_ARGS is a list of arguments
"$tool" build ${IMAGE_ARGS:-} --build-arg "BASE=${IMAGE_BASE:-debian:12-slim}" --build-arg "DEB=$deb" \
    -t "gallery-render:$version" -t gallery-render:latest .
echo "make image: gallery-render:$version ($tool, from $deb)"
