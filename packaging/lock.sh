#!/usr/bin/env bash
# Regenerates requirements-lock.txt: every runtime dependency of pyproject.toml plus the build
# tools of requirements-build.in, pinned with their hashes for Linux x86_64 and CPython 3.11
# (the interpreter and platform the Linux build is made for). uv runs from a throwaway venv,
# so nothing is installed into a project venv. Run it after changing a dependency, then commit
# the lock; build-linux.sh installs exactly that with `pip install --require-hashes`.
set -euo pipefail
cd "$(dirname "$0")"
tools=$(mktemp -d)
trap 'rm -rf "$tools"' EXIT
"${PYTHON:-python3.11}" -m venv "$tools"
"$tools/bin/python" -m pip install -q "uv==0.13.9"
"$tools/bin/uv" pip compile -q ../pyproject.toml requirements-build.in \
  --generate-hashes --python-version 3.11 --python-platform x86_64-manylinux_2_36 \
  --no-header --custom-compile-command "bash packaging/lock.sh" -o requirements-lock.txt.new
{
  echo "# Locked by \`bash packaging/lock.sh\` (uv pip compile --generate-hashes) for Linux"
  echo "# x86_64, CPython 3.11: pyproject.toml's dependencies and requirements-build.in."
  cat requirements-lock.txt.new
} >requirements-lock.txt
rm requirements-lock.txt.new
