#!/usr/bin/env bash
# Checks a built .deb as a user's machine would see it: make deb-check (after make deb).
#
#   Tools/check-deb.sh dist/gallery-render_VERSION_ARCH.deb
#
# Inspects it (dpkg-deb -I / -c), unpacks it into a scratch root (dpkg -x), runs the unpacked
# binary on the fixtures with the Swift toolchain out of reach, checks that every library it loads
# comes from a package its Depends names, and runs lintian when it is installed (errors and
# warnings fail; lintian's informational tags are listed in the README).
set -euo pipefail
cd "$(dirname "$0")/.."
deb=$1
fail() { echo "check-deb: $*" >&2; exit 1; }
version=$(dpkg-deb -f "$deb" Version)
depends=$(dpkg-deb -f "$deb" Depends)
[ "$(dpkg-deb -f "$deb" Package)" = gallery-render ] || fail "the package is not gallery-render"
[ "$(basename "$deb")" = "gallery-render_${version}_$(dpkg --print-architecture).deb" ] || fail "$deb is not named by its version $version"
[ -n "$depends" ] || fail "no Depends"
contents=$(dpkg-deb -c "$deb")
for path in ./usr/bin/gallery-render ./usr/share/man/man1/gallery-render.1.gz \
    ./usr/share/bash-completion/completions/gallery-render ./usr/share/zsh/vendor-completions/_gallery-render \
    ./usr/share/fish/vendor_completions.d/gallery-render.fish ./usr/share/doc/gallery-render/copyright; do
    grep -q " $path\$" <<< "$contents" || fail "$path is missing"
done
! dpkg-deb --ctrl-tarfile "$deb" | tar -t | grep -qE 'preinst|postinst|prerm|postrm' || fail "maintainer scripts"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
dpkg -x "$deb" "$scratch/root"
bin="$scratch/root/usr/bin/gallery-render"
installed=$(du -sk --apparent-size "$scratch/root/usr" | cut -f1)
[ "$installed" = "$(dpkg-deb -f "$deb" Installed-Size)" ] || fail "Installed-Size is not $installed"
# The toolchain and its libraries out of reach: only /usr/bin and /bin on the PATH, no LD_LIBRARY_PATH.
run() { env -i PATH=/usr/bin:/bin HOME="$scratch" "$bin" "$@"; }
[ "$(run --version)" = "$version" ] || fail "--version is not $version"
run --width 375 --offset 120 --display-scale 2 Fixtures/photos -o "$scratch/gallery.png" --quiet
run diff "$scratch/gallery.png" "$scratch/gallery.png" > /dev/null
run animate Fixtures/photos --to-layout flow --fps 10 -o "$scratch/toggle.webp" --quiet
man -l "$scratch/root/usr/share/man/man1/gallery-render.1.gz" > /dev/null 2>&1 || fail "man cannot read the page"
# Nothing the binary loads comes from the toolchain, and every library it links directly (NEEDED)
# belongs to a package Depends names.
! ldd "$bin" | grep -qE '/opt/|swift' || fail "the binary loads the Swift toolchain's libraries: $(ldd "$bin")"
for soname in $(objdump -p "$bin" | awk '/NEEDED/ {print $2}'); do
    # `name => path`, or the dynamic loader's own line, `path (address)`.
    library=$(ldd "$bin" | awk -v name="$soname" '$1 == name && $2 == "=>" {print $3} $1 ~ ("/" name "$") {print $1}')
    [ -n "$library" ] || fail "$soname is not found"
    owner=$(dpkg -S "$(readlink -f "$library")" 2>/dev/null | head -n1 | cut -d: -f1) \
        || owner=$(dpkg -S "$library" 2>/dev/null | head -n1 | cut -d: -f1) || fail "$library belongs to no package"
    sed 's/ *([^)]*)//g; s/, */\n/g' <<< "$depends" | grep -qxF "$owner" \
        || fail "$library ($owner) is not in Depends: $depends"
done
# libheif and libavcodec are opened at run time, so no NEEDED entry names them.
grep -qE '(^|, )libheif[0-9]+ \(>= [0-9.]+\)' <<< "$depends" || fail "Depends does not name libheif (>= its version): $depends"
grep -qE '(^|, )libavcodec[0-9]+' <<< "$depends" || fail "Depends does not name libavcodec: $depends"
grep -qE '(^|, )fonts-inter($|,)' <<< "$depends" || fail "Depends does not name fonts-inter (the caption font): $depends"
if command -v lintian > /dev/null; then
    findings=$(lintian --tag-display-limit 0 "$deb" 2>&1 | grep -E '^[EW]: ' || true)
    [ -z "$findings" ] || fail "lintian: $findings"
    echo "lintian: no errors or warnings"
else
    echo "lintian is not installed: skipped (apt-get install lintian)"
fi
echo "$deb: inspected, unpacked and run (version $version; Depends: $depends)"
