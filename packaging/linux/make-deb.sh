#!/usr/bin/env bash
# Makes dist/concierge_<version>_amd64.deb from the one-folder build in dist/concierge (run
# build-linux.sh first): the program under /opt/concierge, the command /usr/bin/concierge,
# the menu entry, icons and AppStream metadata under /usr/share. Debian's desktop-file-utils
# and hicolor-icon-theme refresh their caches by triggers, so there are no maintainer scripts.
#
# Depends is read off the build, as dpkg-shlibdeps would: every library that a bundled ELF
# file loads from outside the bundle, mapped to its Debian package, plus libc6 at the newest
# GLIBC symbol version any of them needs (the build's glibc floor). A library Qt's core or
# its xcb platform plugin needs that this machine lacks stops the build; for other optional
# plugins (SQL drivers, other platforms) it is only listed. libportaudio2 is added by name:
# sounddevice opens it with dlopen when voice starts, so no bundled ELF file links it and ldd
# cannot see it. Maintainer has no address: the project has none to publish yet.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dist="$here/../../dist"
app="$dist/concierge"
[ -x "$app/concierge" ] || { echo "No $app: run bash packaging/build-linux.sh first."; exit 1; }
version=$(bash "$here/version.sh")
deb="$dist/concierge_${version}_amd64.deb"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/root"
mkdir -p "$root/opt" "$root/usr/bin" "$root/usr/share/doc/concierge" "$root/DEBIAN"
cp -a "$app" "$root/opt/concierge"
ln -s /opt/concierge/concierge "$root/usr/bin/concierge"
bash "$here/stage-share.sh" "$root/usr/share"
for doc in LICENSE THIRD-PARTY-NOTICES.txt; do
  [ -f "$here/../../$doc" ] && cp "$here/../../$doc" "$root/usr/share/doc/concierge/"
done

# Which libraries the bundle takes from the system (ldd and objdump take many files a call).
elves="$work/elves"
find "$app" -type f \( -name '*.so' -o -name '*.so.*' -o -perm -u+x \) >"$elves"
tr '\n' '\0' <"$elves" | xargs -0 env LD_LIBRARY_PATH="$app/_internal" ldd 2>/dev/null >"$work/ldd" || true
libs="$work/libs"
awk -v app="$app/" '/^[^\t]/ {sub(/:$/, ""); file=$0; next}
  $2 == "=>" && $3 ~ /^\// && index($3, app) != 1 {print $3}' "$work/ldd" | sort -u >"$libs"
missing_core="$work/missing-core"
missing_optional="$work/missing-optional"
awk -v app="$app/" '/^[^\t]/ {sub(/:$/, ""); file=substr($0, length(app) + 1); next}
  /not found/ {print file ": " $1}' "$work/ldd" | sort -u >"$work/missing"
grep -E '^_internal/PySide6/Qt/(plugins/(platforms/libqxcb|xcbglintegrations/)|lib/libQt6(Core|Gui|Widgets|XcbQpa)\.)' \
  "$work/missing" >"$missing_core" || true
grep -v -x -F -f "$missing_core" "$work/missing" >"$missing_optional" || true
floor=$(tr '\n' '\0' <"$elves" | xargs -0 objdump -T 2>/dev/null | grep -o 'GLIBC_[0-9.]*' \
  | cut -c7- | sort -uV | tail -1)
if [ -s "$missing_core" ]; then
  echo "Qt needs libraries this machine lacks (install them, then build again):"
  cat "$missing_core"
  exit 1
fi
if [ -s "$missing_optional" ]; then
  echo "Optional plugins whose libraries are not here (not in Depends):"
  sed 's/^/  /' "$missing_optional"
fi
packages=$(while IFS= read -r lib; do
  dpkg -S "$lib" 2>/dev/null || dpkg -S "$(realpath "$lib")" 2>/dev/null \
    || { echo "no Debian package has $lib" >&2; exit 1; }
done <"$libs" | cut -d: -f1 | sort -u | grep -vx libc6 || true)
packages=$({ echo "$packages"; echo libportaudio2; } | grep -v '^$' | sort -u)
depends="libc6 (>= $floor)$(printf ', %s' $packages)"

installed=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
cat >"$root/DEBIAN/control" <<CONTROL
Package: concierge
Version: $version
Architecture: amd64
Maintainer: The Concierge authors
Installed-Size: $installed
Depends: $depends
Section: utils
Priority: optional
Description: desktop travel concierge
 Plan a trip in forms while an assistant works beside you: flights, stays,
 places and budget in a local database, and an assistant that talks to the
 model server you choose.
CONTROL
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "deb OK: $deb ($(du -h "$deb" | cut -f1), installed $((installed / 1024)) MiB, glibc >= $floor)"
echo "Depends: $depends"
