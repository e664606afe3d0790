#!/usr/bin/env bash
# make image: the Dockerfile's image, built from this checkout (the .deb is made inside, by the
# Swift image), tagged gallery-render:VERSION and gallery-render:latest. Uses docker when its daemon
# answers, else podman.
#   VERSION      the version to build (make image passes the checkout's)
#   SWIFT_IMAGE  the Swift image that builds (swift:6.3-bookworm)
#   IMAGE_BASE   the Debian 12 image the tool is installed on (debian:12-slim)
#   IMAGE_ARGS   more arguments for the build (podman here: --isolation chroot)
set -euo pipefail
cd "$(dirname "$0")/.."
version=${VERSION:-$(cat VERSION)}
if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
    tool=docker
elif command -v podman >/dev/null 2>&1; then
    tool=podman
else
    echo "make image: neither docker (with its daemon running) nor podman is here" >&2
    exit 1
fi
tag=${version//+/-}  # image tags allow no '+'
# shellcheck disable=SC2086 # IMAGE_ARGS is a list of arguments
"$tool" build ${IMAGE_ARGS:-} --build-arg "SWIFT_IMAGE=${SWIFT_IMAGE:-swift:6.3-bookworm}" \
    --build-arg "BASE=${IMAGE_BASE:-debian:12-slim}" --build-arg "GALLERY_VERSION=$version" \
    -t "gallery-render:$tag" -t gallery-render:latest .
echo "make image: gallery-render:$tag ($tool)"
