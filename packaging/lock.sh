#!/usr/bin/env bash
# Regenerates the three locks: every runtime dependency of pyproject.toml plus the build tools
# of requirements-build.in, pinned with their hashes for CPython 3.11 on each system the
# installers are built for:
#   requirements-lock-linux.txt    x86_64, manylinux 2.34 (PySide6's floor; build-linux.sh)
#   requirements-lock-windows.txt  x86_64 (the workflow's Windows job)
#   requirements-lock-macos.txt    Apple silicon, macOS 13 (build-macos.sh)
# pip-compile resolves only for the machine it runs on; uv resolves for another system's
# markers and wheels. uv runs from a throwaway venv, so nothing is installed into a project
# venv. Run it after changing a dependency, then commit the locks; the builds install exactly
# them with `pip install --require-hashes --no-deps`.
set -euo pipefail
cd "$(dirname "$0")"
tools=$(mktemp -d)
trap 'rm -rf "$tools"' EXIT
"${PYTHON:-python3.11}" -m venv "$tools"
"$tools/bin/python" -m pip install -q "uv==0.13.9"
for target in linux:x86_64-manylinux_2_34:"Linux x86_64 (glibc 2.34 or later)" \
  windows:x86_64-pc-windows-msvc:"Windows x86_64" \
  macos:aarch64-apple-darwin:"macOS 13 or later on Apple silicon"; do
  IFS=: read -r system platform label <<<"$target"
  lock="requirements-lock-$system.txt"
  # uv keeps the pins of the file it writes: today's lock, or Linux's for a new system, so
  # the three name the same versions and a run changes only what pyproject.toml changed.
  cp "$( [ -f "$lock" ] && echo "$lock" || echo requirements-lock-linux.txt)" "$lock.new"
  "$tools/bin/uv" pip compile -q ../pyproject.toml requirements-build.in \
    --generate-hashes --python-version 3.11 --python-platform "$platform" \
    --no-header --custom-compile-command "bash packaging/lock.sh" -o "$lock.new"
  {
    echo "# Locked by \`bash packaging/lock.sh\` (uv pip compile --generate-hashes) for"
    echo "# $label, CPython 3.11: pyproject.toml's dependencies and requirements-build.in."
    cat "$lock.new"
  } >"$lock"
  rm "$lock.new"
done
