"""What makes a one-folder build big: its size and its biggest parts, biggest first.

``python packaging/size_report.py dist/concierge [--top N]``. A part is a file or folder
directly in the bundle, or in ``_internal``, except that Qt (a third of the build) is split
into its libraries, plugins, translations and Python bindings, so a new Qt library shows up
by name. build-linux.sh prints it after each build, so growth is seen where it happens."""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

QT_FOLDERS = ("plugins", "translations", "qml", "resources")
"""Qt's folders inside PySide6, each one part (under Qt/ on Linux and macOS, not on Windows);
each Qt library is a part of its own."""


def part(relative: Path) -> str:
    """The part of the build `relative` (a path inside the bundle) counts towards."""
    parts = relative.parts
    if parts[0] != "_internal" or len(parts) == 1:
        return parts[0]
    if parts[1] != "PySide6":
        return "/".join(parts[:2])
    inside = parts[3:] if len(parts) > 3 and parts[2] == "Qt" else parts[2:]
    if len(inside) > 1 and inside[0] in QT_FOLDERS:
        return f"Qt {inside[0]}"
    if len(inside) > 1 and inside[0] == "lib":
        return f"Qt lib/{inside[1]}"
    if inside[0].startswith(("Qt6", "libQt6", "icu")):
        return f"Qt {inside[0]}"
    return "PySide6 bindings"


def sizes(bundle: Path) -> Counter[str]:
    found: Counter[str] = Counter()
    for path in bundle.rglob("*"):
        if path.is_file() and not path.is_symlink():
            found[part(path.relative_to(bundle))] += path.stat().st_size
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", type=Path, help="the one-folder build (dist/concierge)")
    parser.add_argument("--top", type=int, default=15, help="how many parts to list")
    args = parser.parse_args()
    found = sizes(args.bundle)
    total = sum(found.values())
    print(f"{args.bundle}: {total / 1e6:.0f} MB in {len(found)} parts; the biggest:")
    for name, size in found.most_common(args.top):
        print(f"  {size / 1e6:6.1f} MB  {100 * size / total:4.1f} %  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
