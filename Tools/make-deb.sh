#!/usr/bin/env bash
# Builds dist/gallery-render_VERSION_ARCH.deb from the release binary: make deb (after make release).
# ARCH is the building machine's (dpkg --print-architecture): amd64 here, arm64 in the Dockerfile on Apple silicon.
#
#   Tools/make-deb.sh VERSION BINARY
#
# The binary (Swift's standard library linked statically) goes to /usr/bin, the man page and the
# completion scripts it generates to where man, bash-completion, zsh and fish look. Depends: comes
# from dpkg-shlibdeps on the binary, plus libavcodec (opened at run time), Installed-Size from the
# files; no maintainer scripts.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$1 binary=$2
package=gallery-render
arch=$(dpkg --print-architecture)
work=.build/deb
root=$work/root
deb=dist/${package}_${version}_${arch}.deb
rm -rf "$work" && mkdir -p "$root/DEBIAN" dist

install -D -m 755 "$binary" "$root/usr/bin/$package"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/$package"
bin="$root/usr/bin/$package"

install -d -m 755 "$root/usr/share/man/man1"
"$bin" --generate-manual | gzip -9n > "$root/usr/share/man/man1/$package.1.gz"
install -d -m 755 "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d" "$root/usr/share/doc/$package"
"$bin" --generate-completion-script bash > "$root/usr/share/bash-completion/completions/$package"
"$bin" --generate-completion-script zsh > "$root/usr/share/zsh/vendor-completions/_$package"
"$bin" --generate-completion-script fish > "$root/usr/share/fish/vendor_completions.d/$package.fish"

# The commit's date, so the same commit gives the same package.
date=$(git log -1 --format=%cD 2>/dev/null || date -R)
cat > "$root/usr/share/doc/$package/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: $package

Files: *
Copyright: 2026 The gallery-render authors
License: all-rights-reserved
 No licence has been chosen for gallery-render yet: all rights are reserved by its authors.
COPYRIGHT
printf '%s (%s) unstable; urgency=medium\n\n  * Built from %s.\n\n -- gallery-render maintainers <maintainers@gallery-render.invalid>  %s\n' \
    "$package" "$version" "$(git rev-parse --short=12 HEAD 2>/dev/null || echo 'a source tree')" "$date" \
    | gzip -9n > "$root/usr/share/doc/$package/changelog.gz"
find "$root/usr" -type d -exec chmod 755 {} + && find "$root/usr" -type f ! -path "*/usr/bin/*" -exec chmod 644 {} +

# Depends: what the binary links, as dpkg-shlibdeps finds it (it wants a debian/control to read), and
# the libraries it opens. libjpeg62-turbo keeps shlibdeps' minimum, deliberately not pinned to the
# build's version: the fast JPEG paths that use its private structs run only when the loaded library
# is exactly the version the build's headers name (Sources/CJPEGScan/gr_jpeg_guard.c); with any other,
# libjpeg's own path gives the same pixels, slower.
mkdir -p "$work/debian"
printf 'Source: %s\n\nPackage: %s\nArchitecture: %s\n' "$package" "$package" "$arch" > "$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O -e "root/usr/bin/$package" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
# Libraries opened at run time (dlopen), which dpkg-shlibdeps cannot see: libheif (with the codecs it
# links, ~8 ms of every start) and libavcodec, which decodes HEVC (~65 libraries, ~16 ms): the
# packages of the sonames the headers name.
opened_package() {
    local path owner
    path=$(ldconfig -p | awk -v name="$1" '$1 == name {print $NF; exit}')
    owner=$(dpkg -S "$(readlink -f "${path:-/nonexistent}")" 2>/dev/null | head -n1 | cut -d: -f1) \
        || { echo "make-deb: $1 belongs to no package (apt-get install $2)" >&2; exit 1; }
    echo "$owner"
}
# libheif at least the version built against (the functions CHEIF looks up are that version's).
heif_version=$(pkg-config --modversion libheif)
major=$(awk '/#define LIBAVCODEC_VERSION_MAJOR/ {print $3}' /usr/include/*/libavcodec/version_major.h | head -n1)
depends="$depends, $(opened_package "libheif.so.${heif_version%%.*}" libheif-dev) (>= $heif_version)"
depends="$depends, $(opened_package "libavcodec.so.$major" libavcodec-dev)"
# The caption font: Debian's Inter, data the binary opens by path, which dpkg-shlibdeps cannot see.
depends="$depends, fonts-inter"
size=$(du -sk --apparent-size "$root/usr" | cut -f1)
cat > "$root/DEBIAN/control" <<CONTROL
Package: $package
Version: $version
Architecture: $arch
Maintainer: gallery-render maintainers <maintainers@gallery-render.invalid>
Installed-Size: $size
Depends: $depends
Section: graphics
Priority: optional
Description: render iOS photo carousels, grids and flow layouts to PNG
 gallery-render renders, without any Apple device, what an iOS photo
 carousel, round-photo grid or flow layout looks like at a scroll position,
 or moving (flings, layout toggles, deletions, as APNG or animated WebP),
 and compares frames with recorded baselines for visual diffs in CI, with
 HTML and JUnit reports.
CONTROL
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
dpkg-deb --build --root-owner-group -Zxz "$root" "$deb" > /dev/null
echo "$deb"
