#!/usr/bin/env bash
# Removes what install.sh installed for this user (it lists the files in .installed-files
# beside this script), then the program folder itself. Your trips stay in the data folder.
set -euo pipefail
opt="$(cd "$(dirname "$0")" && pwd)"
manifest="$opt/.installed-files"
[ -f "$manifest" ] && [ -x "$opt/concierge" ] \
  || { echo "$opt is not a Concierge installed by install.sh; nothing removed." >&2; exit 1; }
while IFS= read -r file; do
  rm -f "$file"
done <"$manifest"
rm -rf "$opt"
[ "${1:-}" = "--quiet" ] || echo "Concierge is removed from $opt (your data folder is kept)."
