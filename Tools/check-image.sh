#!/usr/bin/env bash
# make image-check: builds the Dockerfile here with podman and runs the image's gallery-render on the
# fixtures, comparing its PNG with the host build's. Where no registry is reachable (this sandbox):
#   IMAGE_BASE   a local Debian 12 image (say, debootstrap --variant=minbase, tar, podman import)
#   SWIFT_IMAGE  unset: a stand-in for swift:6.3-bookworm is made from IMAGE_BASE with the packages the
#                official image installs and this machine's toolchain mounted at /opt/swift
# podman run cannot start containers in some sandboxes, so the image's file system is exported and
# the binary run in a chroot of it (root needed). Not part of .ci/run: minutes, and a registry or base.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${IMAGE_BASE:?IMAGE_BASE: name a Debian 12 image (debian:12-slim where a registry is reachable)}
args=${IMAGE_ARGS:---isolation chroot}
swift_image=${SWIFT_IMAGE:-}
if [ -z "$swift_image" ]; then
    toolchain=$(readlink -f "$(command -v swift)"); toolchain=${toolchain%/usr/bin/*}  # /opt/swift
    swift_image=localhost/swift-standin:6.3-bookworm
    # shellcheck disable=SC2086
    podman build $args -t "$swift_image" -f - . <<CONTAINERFILE
FROM $base
RUN apt-get -q update && DEBIAN_FRONTEND=noninteractive apt-get -q install -y binutils-gold libicu-dev \
    libcurl4-openssl-dev libedit-dev libsqlite3-dev libncurses-dev libpython3-dev libxml2-dev pkg-config \
    uuid-dev tzdata git gcc libstdc++-12-dev && rm -r /var/lib/apt/lists/*
ENV PATH=/opt/swift/usr/bin:\$PATH
CONTAINERFILE
    args="$args --volume $toolchain:/opt/swift:ro"
fi
version=$(make -s --no-print-directory print-version)
SWIFT_IMAGE=$swift_image IMAGE_BASE=$base IMAGE_ARGS=$args VERSION=$version Tools/make-image.sh
root=$(mktemp -d /tmp/gallery-render-image.XXXXXX)
container=$(podman create "gallery-render:${version//+/-}")
cleanup() { podman rm "$container" >/dev/null 2>&1 || true; rm -rf "$root"; }
trap cleanup EXIT
podman export "$container" | tar -x -C "$root"
! ls "$root"/usr/bin/swift* >/dev/null 2>&1 || { echo "image-check: the image has a Swift toolchain" >&2; exit 1; }
mkdir -p "$root/work" && cp -r Fixtures/photos "$root/work/photos"
chroot "$root" gallery-render --version
chroot "$root" sh -c 'cd /work && gallery-render --width 375 --offset 120 --display-scale 2 photos -o /work/g.png --quiet'
make -s release >/dev/null
.build/release/gallery-render --width 375 --offset 120 --display-scale 2 Fixtures/photos -o "$root/host.png" --quiet
cmp "$root/work/g.png" "$root/host.png"
echo "image-check: gallery-render:${version//+/-} built from this checkout; its frame is the host build's, byte for byte"
