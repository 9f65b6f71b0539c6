#!/usr/bin/env bash
# The Linux packaging check (root, Debian): builds the one-folder app, the tarball and the
# .deb (build-linux.sh; CONCIERGE_REUSE_BUILD=1 keeps an existing dist/concierge), installs
# the .deb with dpkg -i, checks it carries the pt_BR translations (ours and Qt's qtbase),
# validates the installed menu entry and AppStream metadata, runs the installed command's
# self-check (database, place index, PortAudio), starts the
# installed /usr/bin/concierge offscreen on an empty data folder until "Concierge is ready",
# closes it with SIGTERM, requires exit status 0, and removes it with dpkg -r. Then installs
# the tarball into a scratch home with its install.sh and takes it out with uninstall.sh.
# Its last line gives the sizes and the glibc floor.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" = 0 ] || { echo "check-linux.sh installs a .deb: run it as root."; exit 1; }
started=$SECONDS
appid=$(cat packaging/linux/appid)
version=$(bash packaging/linux/version.sh)
deb="dist/concierge_${version}_amd64.deb"
tarball="dist/concierge-${version}-linux-$(uname -m).tar.gz"
if dpkg -s concierge >/dev/null 2>&1; then
  echo "A concierge package is installed already; remove it (dpkg -r concierge) to run the check."
  exit 1
fi

bash packaging/build-linux.sh
built=$SECONDS

scratch=$(mktemp -d)
installed=0
cleanup() {
  [ "$installed" = 1 ] && dpkg -r concierge >/dev/null
  rm -rf "$scratch"
}
trap cleanup EXIT

# dpkg -i does not fetch dependencies: a machine without Qt's libraries gets them first.
missing=()
IFS=',' read -ra needs <<<"$(dpkg-deb -f "$deb" Depends)"
for need in "${needs[@]}"; do
  name=$(awk '{print $1}' <<<"$need")
  dpkg -s "$name" >/dev/null 2>&1 || missing+=("$name")
done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
dpkg -i "$deb" >/dev/null
installed=1
for path in /usr/bin/concierge /opt/concierge/concierge "/usr/share/applications/$appid.desktop" \
  "/usr/share/metainfo/$appid.metainfo.xml"; do
  [ -e "$path" ] || { echo "the .deb did not install $path"; exit 1; }
done
for qm in concierge_pt_BR.qm qtbase_pt_BR.qm; do  # ours, and Qt's buttons and dialogs
  [ -n "$(find /opt/concierge -name "$qm" -print -quit)" ] || { echo "the .deb has no $qm"; exit 1; }
done
desktop-file-validate "/usr/share/applications/$appid.desktop"
appstreamcli validate --no-net "/usr/share/metainfo/$appid.metainfo.xml" >/dev/null

# Offscreen, on an empty data folder and a scratch home, from the command on PATH.
log="$scratch/run.log"
HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/home/.config" XDG_DATA_HOME="$scratch/home/.local/share" \
  XDG_STATE_HOME="$scratch/home/.local/state" XDG_CACHE_HOME="$scratch/home/.cache" \
  QT_QPA_PLATFORM=offscreen PYTHON_KEYRING_BACKEND=keyring.backends.fail.Keyring \
  concierge --data-dir "$scratch/data" >"$log" 2>&1 &
pid=$!
for _ in $(seq 1 240); do
  grep -q "Concierge is ready" "$log" && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.5
done
grep -q "Concierge is ready" "$log" || { echo "the installed app never got ready:"; cat "$log"; exit 1; }
ready=$SECONDS
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
[ "$status" = 0 ] || { echo "the installed app exited with $status on SIGTERM:"; cat "$log"; exit 1; }
! grep -q "Traceback" "$log" || { echo "the installed app logged a traceback:"; cat "$log"; exit 1; }
# The installed command's self-check: database, place index, and PortAudio through sounddevice.
HOME="$scratch/home" concierge self-check --data-dir "$scratch/data" >"$scratch/self-check.log" \
  || { cat "$scratch/self-check.log"; echo "the installed app's self-check failed"; exit 1; }
grep -q "^sound: PortAudio" "$scratch/self-check.log" || { echo "PortAudio did not load"; exit 1; }

dpkg -r concierge >/dev/null
installed=0
for path in /usr/bin/concierge /opt/concierge "/usr/share/applications/$appid.desktop"; do
  [ ! -e "$path" ] || { echo "dpkg -r left $path"; exit 1; }
done

# The tarball for a user's home: install.sh, then uninstall.sh, in a scratch home.
mkdir -p "$scratch/unpacked" "$scratch/user"
tar -C "$scratch/unpacked" -xzf "$tarball"
HOME="$scratch/user" bash "$scratch/unpacked/concierge/install.sh" >/dev/null
for path in .local/bin/concierge .local/opt/concierge/concierge \
  ".local/share/applications/$appid.desktop" ".local/share/metainfo/$appid.metainfo.xml"; do
  [ -e "$scratch/user/$path" ] || { echo "install.sh did not install ~/$path"; exit 1; }
done
grep -q "^Exec=$scratch/user/.local/bin/concierge" "$scratch/user/.local/share/applications/$appid.desktop" \
  || { echo "install.sh's menu entry does not name ~/.local/bin/concierge"; exit 1; }
HOME="$scratch/user" bash "$scratch/user/.local/opt/concierge/uninstall.sh" >/dev/null
left=$(find "$scratch/user" -type f)
[ -z "$left" ] || { echo "uninstall.sh left: $left"; exit 1; }

# The glibc floor (the newest GLIBC_ symbol version any bundled ELF file needs, which
# make-deb.sh writes into Depends): a rise narrows the distributions the .deb installs on.
glibc=$(dpkg-deb -f "$deb" Depends | sed -n 's/.*libc6 (>= \([0-9.]*\)).*/\1/p')
echo "Linux packaging check OK: build $((built - started)) s, install to ready $((ready - built)) s," \
  "whole check $((SECONDS - started)) s; $deb $(du -h "$deb" | cut -f1)," \
  "installed $(dpkg-deb -f "$deb" Installed-Size) KiB; $tarball $(du -h "$tarball" | cut -f1);" \
  "one folder $(du -sh dist/concierge | cut -f1); needs glibc >= $glibc"
