#!/usr/bin/env bash
# Builds dist/Concierge.app and dist/Concierge-<version>-macos-<arch>.dmg on macOS 13 or later,
# smoke-tests the app (start, ready, close), then, given the credentials below, signs with the
# hardened runtime, notarises and staples. Without them the app is signed ad hoc, which runs
# on the machine that built it, and the script says that it notarised nothing.
#
#   CONCIERGE_CODESIGN_IDENTITY  "Developer ID Application: Name (TEAMID)", in the keychain
#   CONCIERGE_NOTARY_PROFILE     a notarytool keychain profile, made once with
#                                xcrun notarytool store-credentials NAME --apple-id ... --team-id ...
set -euo pipefail
cd "$(dirname "$0")/../.."
python=${PYTHON:-.venv/bin/python}
identity=${CONCIERGE_CODESIGN_IDENTITY:-}
profile=${CONCIERGE_NOTARY_PROFILE:-}
[ "$(uname)" = Darwin ] || { echo "build-macos.sh runs on macOS only" >&2; exit 1; }
version=$("$python" packaging/app_version.py)
app=dist/Concierge.app
dmg="dist/Concierge-$version-macos-$(uname -m).dmg"

# PyInstaller, dmgbuild and every runtime dependency, exactly as locked for macOS.
"$python" -m pip install -q --require-hashes --no-deps -r packaging/requirements-lock-macos.txt
# PyInstaller signs every binary and then the bundle (the spec passes the identity and
# packaging/macos/entitlements.plist); a failed signature fails the build. The spec reads
# concierge from the clone.
(cd packaging && PYINSTALLER_STRICT_BUNDLE_CODESIGN_ERROR=1 PYTHONPATH="$(cd .. && pwd)" \
  "$python" -m PyInstaller --noconfirm --clean --distpath ../dist --workpath ../build concierge.spec)
codesign --verify --deep --strict --verbose=2 "$app"

"$python" packaging/smoke_test.py "$app/Contents/MacOS/concierge"

rm -f "$dmg"
"$python" -m dmgbuild -s packaging/macos/dmg_settings.py -D app="$app" "Concierge $version" "$dmg"

if [ -z "$identity" ]; then
  echo "No CONCIERGE_CODESIGN_IDENTITY: $dmg holds an ad-hoc-signed app, not notarised."
  exit 0
fi
codesign --sign "$identity" --timestamp "$dmg"
if [ -z "$profile" ]; then
  echo "No CONCIERGE_NOTARY_PROFILE: $dmg is signed but not notarised."
  exit 0
fi
# Apple's notary service checks the signatures, the hardened runtime and the timestamps; the
# ticket stapled to the image lets Gatekeeper accept it offline.
xcrun notarytool submit "$dmg" --keychain-profile "$profile" --wait
xcrun stapler staple "$dmg"
xcrun stapler validate "$dmg"
spctl --assess --type open --context context:primary-signature --verbose=2 "$dmg"
echo "macOS build OK: $dmg ($(du -h "$dmg" | cut -f1)), signed, notarised and stapled"
