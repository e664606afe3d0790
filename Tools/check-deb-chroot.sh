#!/usr/bin/env bash
# Installs a built .deb with apt-get on a fresh Debian 12 (debootstrap --variant=minbase into a
# scratch folder: no Swift toolchain, no -dev packages), renders with it and removes it again.
#
#   sudo Tools/check-deb-chroot.sh dist/gallery-render_VERSION_ARCH.deb    (make deb-chroot)
#
# Needs root, debootstrap and a Debian mirror; not part of .ci/run (it downloads a base system).
set -euo pipefail
cd "$(dirname "$0")/.."
deb=$1
root=$(mktemp -d /tmp/gallery-render-chroot.XXXXXX)
cleanup() { umount "$root/proc" 2>/dev/null || true; rm -rf "$root"; }
trap cleanup EXIT
debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian > "$root.log" 2>&1 \
    || { echo "debootstrap failed: see $root.log" >&2; exit 1; }
cp "$deb" "$root/root/" && cp /etc/resolv.conf "$root/etc/" && cp -r Fixtures/photos "$root/root/photos"
mount -t proc proc "$root/proc"
chroot "$root" /bin/sh -euc "
    ! ls /usr/bin/swift* >/dev/null 2>&1
    ! dpkg -l | grep -q -- '-dev '
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q /root/$(basename "$deb") >/dev/null
    gallery-render --version
    gallery-render --width 375 --offset 120 /root/photos -o /root/gallery.png --quiet
    gallery-render diff /root/gallery.png /root/gallery.png >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get remove -y -q gallery-render >/dev/null
    ! ls /usr/bin/gallery-render /usr/share/man/man1/gallery-render.1.gz 2>/dev/null
"
echo "$deb: installed with apt-get on a minimal Debian 12, ran, and removed cleanly"
