#!/usr/bin/env bash
# Installs Concierge for this user from the unpacked tarball it sits in: the program to
# ~/.local/opt/concierge, the command ~/.local/bin/concierge, the menu entry, icons and
# AppStream metadata under ~/.local/share. No root needed; `--prefix DIR` replaces ~/.local.
# Run again to upgrade. ~/.local/opt/concierge/uninstall.sh removes it; your trips (in the
# data folder) are never touched by either.
set -euo pipefail
src="$(cd "$(dirname "$0")" && pwd)"
prefix="$HOME/.local"
if [ "${1:-}" = "--prefix" ] && [ -n "${2:-}" ]; then
  prefix=$2
elif [ $# -gt 0 ]; then
  echo "usage: $0 [--prefix DIR]   (DIR defaults to ~/.local)" >&2
  exit 2
fi
[ -x "$src/concierge" ] && [ -d "$src/share" ] \
  || { echo "Run install.sh from the unpacked concierge folder of the tarball." >&2; exit 1; }
opt="$prefix/opt/concierge"
manifest="$opt/.installed-files"

if [ -e "$opt" ]; then
  [ -x "$opt/uninstall.sh" ] || { echo "$opt exists and is not an install.sh install." >&2; exit 1; }
  "$opt/uninstall.sh" --quiet
fi
mkdir -p "$prefix/opt" "$prefix/bin"
staging=$(mktemp -d "$prefix/opt/.concierge.XXXXXX")
trap 'rm -rf "$staging"' EXIT
cp -a "$src/." "$staging/"
rm -rf "$staging/install.sh" "$staging/share"
mv "$staging" "$opt"
trap - EXIT

files=()
printf '#!/bin/sh\nexec "%s/concierge" "$@"\n' "$opt" >"$prefix/bin/concierge"
chmod 755 "$prefix/bin/concierge"
files+=("$prefix/bin/concierge")
while IFS= read -r -d '' file; do
  rel=${file#"$src/share/"}
  mkdir -p "$prefix/share/$(dirname "$rel")"
  case $rel in
    # ~/.local/bin is not always on a desktop session's PATH: the menu entry names it whole.
    applications/*.desktop) sed "s|^Exec=concierge|Exec=$prefix/bin/concierge|" "$file" >"$prefix/share/$rel" ;;
    *) cp "$file" "$prefix/share/$rel" ;;
  esac
  files+=("$prefix/share/$rel")
done < <(find "$src/share" -type f -print0)
printf '%s\n' "${files[@]}" >"$manifest"

# No cache to refresh: desktops watch ~/.local/share/applications and the icon folders.
echo "Concierge is installed in $opt; start it from the menu or with $prefix/bin/concierge."
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "($prefix/bin is not on your PATH.)" ;; esac
