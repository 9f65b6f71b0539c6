#!/usr/bin/env bash
# Prints the app's version: concierge/__init__.py's __version__ where it is declared there,
# else pyproject.toml's project version.
set -euo pipefail
root="$(dirname "$0")/../.."
version=$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$root/concierge/__init__.py")
[ -n "$version" ] || version=$(sed -n 's/^version = "\(.*\)"$/\1/p' "$root/pyproject.toml" | head -1)
[ -n "$version" ] || { echo "no version in concierge/__init__.py or pyproject.toml" >&2; exit 1; }
echo "$version"
