#!/usr/bin/env bash
# Installs the Debian packages gallery-render builds against, when they are missing or out of date
# (on macOS, the Homebrew formulas instead).
# The one list of them: the Makefile (make run, make test, ...) and .ci/run both call this script.
#
#   Tools/install-deps.sh           install what is missing, upgrade what Debian has updated
#   Tools/install-deps.sh --build   only what building and packaging need (the Dockerfile: make deb DEPS_ARGS=--build)
#   Tools/install-deps.sh --list    print the package list, one a line
#
# Without root or apt-get it installs nothing and stops with one line naming the packages.
set -euo pipefail

# Build-time packages (headers and linker names); each pulls in its runtime library.
build=(
    pkg-config           # SwiftPM finds the C libraries' headers and link flags through it (Package.swift)
    libpng-dev           # CPNG's libpng shim (decode); libpng16-16 at run time
    libjpeg62-turbo-dev  # CJPEG's libjpeg-turbo shim; libjpeg62-turbo at run time
    libdeflate-dev       # CPNG's deflate encoder; libdeflate0 at run time
    libisal-dev          # CPNG's fast inflate (ISA-L); libisal2 at run time
    libwebp-dev          # CWebP: WebP photos and the animated WebP encoder; libwebp7, libwebpdemux2, libwebpmux3 at run time
    libheif-dev          # CHEIF: HEIF/HEIC and AVIF photos; libheif1 (with libde265, dav1d, aom) opened at run time
    libavcodec-dev       # CHEIF: HEVC decoded by FFmpeg's libavcodec, ~1.4x libde265's speed; libavcodec59 at run time
    liblcms2-dev         # CColor: colour management with Little CMS 2; liblcms2-2 at run time
    libharfbuzz-dev      # CText: captions shaped by HarfBuzz; libharfbuzz0b at run time
    libfreetype-dev      # CText: glyph outlines read by FreeType (not its rasteriser); libfreetype6 at run time
    fonts-inter          # the caption font (Inter, SHA-256 checked); the .deb Depends on it too
    dpkg-dev             # make deb: dpkg-shlibdeps finds the package's Depends
    binutils             # make deb: strip
)
# What the tests and checks add.
tests=(
    libheif-examples     # tests only: heif-enc makes HEIC photos, heif-convert is the reference decoder
    libgs-common         # tests only: Ghostscript's CMYK ICC profile, for a colour-managed CMYK JPEG
    python3-pil          # tests only: Pillow reads the APNGs as an independent reader
    python3-yaml         # tests only: Tools/check-workflow.py reads the release workflow
    webp                 # tests only: webpinfo checks the animated WebPs
    chromium             # tests only: plays the APNG headless
    zsh                  # tests only: zsh -n on the zsh completion script
    fish                 # tests only: fish -n and completions of the fish script
    groff-base           # tests only: groff -ww -z on the man page
    lintian              # make deb-check: the .deb checked by Debian's own tool
    gcc-aarch64-linux-gnu  # make cross-check: the C kernels built for arm64 (with its libc, static)
    qemu-user-static     # make cross-check: runs that arm64 build here
)
# Runtime libraries that the tool links and that Debian has shipped security fixes for: upgraded
# when a newer version is available (libpng 1.6.39-2+deb12u6 fixes a use-after-free after a
# truncated iCCP chunk).
runtime=(libpng16-16 libjpeg62-turbo libdeflate0 libisal2 libwebp7 libwebpmux3 libwebpdemux2 libheif1 libde265-0 libavcodec59 liblcms2-2 libharfbuzz0b libfreetype6)

packages=("${build[@]}" "${tests[@]}")
case "${1:-}" in
    --build) packages=("${build[@]}") ;;
    --list) printf '%s\n' "${packages[@]}"; exit 0 ;;
    "") ;;
    *) echo "install-deps: unknown option '$1' (--build, --list)" >&2; exit 64 ;;
esac

# macOS: the same libraries from Homebrew (Package.swift names each one's formula), found through
# pkg-config. Prepared, not tested here: CI runs on Debian (README, "What is tested").
if [ "$(uname -s)" = Darwin ]; then
    formulas=(pkg-config libpng libdeflate isa-l jpeg-turbo webp libheif little-cms2 ffmpeg harfbuzz freetype)
    command -v brew >/dev/null 2>&1 || { echo "gallery-render needs Homebrew (https://brew.sh) for: ${formulas[*]}" >&2; exit 1; }
    need=()
    for f in "${formulas[@]}"; do brew list --formula "$f" >/dev/null 2>&1 || need+=("$f"); done
    [ ${#need[@]} -eq 0 ] || brew install "${need[@]}"
    # jpeg-turbo is keg-only (it would shadow libjpeg): its pkg-config file is not on the default path.
    echo "install-deps: export PKG_CONFIG_PATH=$(brew --prefix jpeg-turbo)/lib/pkgconfig before swift build" >&2
    exit 0
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

# Which installed packages have a newer candidate. Reads the package lists as they are; they are
# refreshed below only when something is to be installed or the lists are older than a day.
upgradable() {
    local p installed candidate
    for p in "${packages[@]}" "${runtime[@]}"; do
        installed=$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null) || continue
        [ -n "$installed" ] || continue
        candidate=$(apt-cache policy "$p" 2>/dev/null | awk '/Candidate:/ {print $2}')
        [ -n "$candidate" ] && [ "$candidate" != "(none)" ] || continue
        dpkg --compare-versions "$candidate" gt "$installed" && echo "$p"
    done
    return 0
}

can_install() { [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; }

if [ ${#missing[@]} -eq 0 ] && ! can_install; then
    exit 0  # nothing missing, and no way to check for updates: build with what is here
fi
if [ ${#missing[@]} -gt 0 ] && ! can_install; then
    echo "gallery-render needs these Debian packages: ${missing[*]} (run: sudo apt-get install ${missing[*]})" >&2
    exit 1
fi

lists=/var/lib/apt/lists
fresh=$(find "$lists" -maxdepth 1 -name '*Packages*' -mmin -1440 2>/dev/null | head -n 1)
if [ ${#missing[@]} -gt 0 ] || [ -z "$fresh" ]; then
    apt-get update -qq || echo "install-deps: apt-get update failed; using the package lists as they are" >&2
fi
mapfile -t outdated < <(upgradable)
todo=("${missing[@]}" "${outdated[@]}")
if [ ${#todo[@]} -gt 0 ]; then
    echo "install-deps: installing ${todo[*]}"
    log=$(mktemp)
    if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${todo[@]}" >"$log" 2>&1; then
        tail -n 20 "$log" >&2
        rm -f "$log"
        echo "install-deps: apt-get install ${todo[*]} failed" >&2
        exit 1
    fi
    rm -f "$log"
fi
