#!/usr/bin/env bash
# Lays out the desktop integration files under the folder it is given (a `share` tree):
# applications/<appid>.desktop, metainfo/<appid>.metainfo.xml and the hicolor icons, and
# validates them. The .deb and the tarball's install.sh both take them from here.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
out=$1
appid=$(cat "$here/appid")
version=$(bash "$here/version.sh")

mkdir -p "$out/applications" "$out/metainfo"
cp "$root/resources/concierge.desktop" "$out/applications/$appid.desktop"
grep -q "^Icon=$appid$" "$out/applications/$appid.desktop" || {
  echo "resources/concierge.desktop must say Icon=$appid (the icons' name)."
  exit 1
}
cp "$here/$appid.metainfo.xml" "$out/metainfo/"
newest=$(grep -o '<release version="[^"]*"' "$here/$appid.metainfo.xml" | head -1 | cut -d'"' -f2)
[ "$newest" = "$version" ] || {
  echo "$appid.metainfo.xml's newest release is $newest, the app is $version: add a <release>."
  exit 1
}

# Icons: packaging/make_icons.py (run by the spec, so by every build) writes the hicolor tree
# named by the app id into build/icons/hicolor; the SVG is the source.
icons="$root/build/icons/hicolor"
if [ -d "$icons" ]; then
  mkdir -p "$out/icons"
  cp -r "$icons" "$out/icons/"
fi
[ -d "$out/icons" ] || echo "No app icons in $icons (packaging/make_icons.py makes them): the menu entry has none." >&2

if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$out/applications/$appid.desktop"
fi
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net --pedantic "$out/metainfo/$appid.metainfo.xml" >&2
fi
