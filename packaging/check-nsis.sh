#!/usr/bin/env bash
# Compiles the Windows installer (packaging/windows/concierge.nsi) with Debian's makensis
# against the Linux one-folder build, as a syntax and layout check: the script must compile
# with warnings as errors, find the program and PyInstaller's _internal folder where it looks,
# and pack every file of the tree (the script names each file it installs, so a new file in the
# build must be named there too); then check_uninstall.py checks, reading the script, that the
# uninstaller removes everything the installer writes and nothing else. The Linux build has no
# console twin (concierge-cli.exe): ALLOW_NO_CLI. Uses dist/concierge if it is there, else builds it with
# PyInstaller. Compression is off (a 250 MB solid LZMA pass would only cost minutes); the
# installer it writes is thrown away: it holds Linux binaries.
set -euo pipefail
cd "$(dirname "$0")/.."
python=${PYTHON:-.venv/bin/python}
command -v makensis >/dev/null || { echo "makensis is missing: apt-get install nsis" >&2; exit 1; }
version=$("$python" packaging/app_version.py)

dist=$PWD/dist/concierge
if [ ! -x "$dist/concierge" ]; then
  echo "No dist/concierge: building it with PyInstaller..."
  "$python" -m PyInstaller --version >/dev/null 2>&1 || "$python" -m pip install -q "pyinstaller==6.22.3"
  (cd packaging && "$python" -m PyInstaller --noconfirm --distpath ../dist --workpath ../build concierge.spec)
fi

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
defines=(-DVERSION="$version" -DDIST="$dist" -DAPP_EXE=concierge -DOUTDIR="$out" -DNOCOMPRESS -DALLOW_NO_CLI)
[ -f build/icons/concierge.ico ] || { echo "No build/icons/concierge.ico: compiling without it."; defines+=(-DALLOW_NO_ICON); }
[ -f LICENSE ] || { echo "No LICENSE: compiling without the licence page."; defines+=(-DALLOW_NO_LICENSE); }
(cd packaging/windows && makensis -V4 -WX "${defines[@]}" concierge.nsi) >"$out/makensis.log" 2>&1 || {
  cat "$out/makensis.log" >&2; exit 1; }

installer="$out/Concierge-$version-windows-x64-setup.exe"
[ -f "$installer" ] || { echo "makensis wrote no $installer" >&2; exit 1; }
packed=$(grep -c '^File: "' "$out/makensis.log")
tree=$(find -L "$dist" -type f | wc -l)
[ "$packed" -eq "$tree" ] || { echo "the installer packs $packed files of the tree's $tree" >&2; exit 1; }
"$python" packaging/check_uninstall.py packaging/windows/concierge.nsi
echo "NSIS OK: Concierge-$version-windows-x64-setup.exe packs all $tree files of $dist" \
  "($(du -h "$installer" | cut -f1) uncompressed)"
