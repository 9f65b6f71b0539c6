"""Whether the NSIS uninstaller takes away exactly what the installer writes.

``python packaging/check_uninstall.py [packaging/windows/concierge.nsi]``. Reads the script's
install sections for what they write (``File``, ``File /r``, ``WriteUninstaller``,
``CreateShortcut``, ``CreateDirectory``, ``WriteReg*``) and its uninstall section for what it
removes (``Delete``, ``RMDir``, ``DeleteRegKey``), and fails naming each thing written and
left behind, and each thing removed that the installer never wrote (a person's data). A
wildcard ``File`` is refused: what it writes is not in the script, so no uninstaller can name
it. packaging/check-nsis.sh runs this; that the named files are the whole build it checks
itself, by counting what makensis packs."""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "windows" / "concierge.nsi"
TOKEN = re.compile(r'"[^"]*"|\'[^\']*\'|`[^`]*`|\S+')
SECTION = re.compile(r"^Section\b", re.IGNORECASE)
REGISTRY_WRITES = ("writeregstr", "writeregexpandstr", "writeregdword", "writeregbin")


def tokens(line: str) -> list[str]:
    """One script line's words, quotes taken off; a comment ends the line."""
    words = []
    for word in TOKEN.findall(line):
        if word[0] in ";#":
            break
        words.append(word[1:-1] if word[0] in "\"'`" and len(word) > 1 else word)
    return words


@dataclass
class Effects:
    files: set[str] = field(default_factory=set)
    folders: set[str] = field(default_factory=set)
    """Written recursively (File /r) or removed recursively (RMDir /r)."""
    directories: set[str] = field(default_factory=set)
    """Made (CreateDirectory, SetOutPath) or removed when empty (RMDir)."""
    keys: set[str] = field(default_factory=set)
    wildcards: list[str] = field(default_factory=list)


def sections(script: str) -> tuple[list[list[str]], list[list[str]]]:
    """The install sections' and the uninstall sections' lines, each as words."""
    install: list[list[str]] = []
    uninstall: list[list[str]] = []
    current: list[list[str]] | None = None
    for raw in script.splitlines():
        words = tokens(raw.strip())
        if not words:
            continue
        if SECTION.match(words[0]) and words[0].lower() == "section":
            name = words[1] if len(words) > 1 and not words[1].startswith("/") else ""
            name = words[2] if name == "" and len(words) > 2 else name
            current = uninstall if name.lower().startswith(("uninstall", "un.")) else install
        elif words[0].lower() == "sectionend":
            current = None
        elif current is not None and not words[0].startswith("!"):
            current.append(words)
    return install, uninstall


def written(lines: list[list[str]]) -> Effects:
    effects = Effects()
    out = "$INSTDIR"
    for words in lines:
        command, arguments = words[0].lower(), words[1:]
        if command == "setoutpath":
            out = arguments[0]
            effects.directories.add(out)
        elif command == "file":
            recursive = "/r" in (a.lower() for a in arguments)
            source = next(a for a in arguments if not a.startswith("/"))
            name = re.split(r"[\\/]", source)[-1]
            if "*" in name or "?" in name:
                effects.wildcards.append(source)
            (effects.folders if recursive else effects.files).add(f"{out}\\{name}")
        elif command in ("writeuninstaller", "createshortcut"):
            effects.files.add(arguments[0])
        elif command == "createdirectory":
            effects.directories.add(arguments[0])
        elif command in REGISTRY_WRITES:
            effects.keys.add(f"{arguments[0]}\\{arguments[1]}")
    return effects


def removed(lines: list[list[str]]) -> Effects:
    effects = Effects()
    for words in lines:
        command, arguments = words[0].lower(), words[1:]
        paths = [a for a in arguments if not a.startswith("/")]
        if command == "delete":
            effects.files.add(paths[0])
        elif command == "rmdir":
            recursive = "/r" in (a.lower() for a in arguments)
            (effects.folders if recursive else effects.directories).add(paths[0])
        elif command == "deleteregkey":
            effects.keys.add(f"{paths[0]}\\{paths[1]}")
    return effects


def problems(script: str) -> list[str]:
    install, uninstall = sections(script)
    wrote, takes = written(install), removed(uninstall)
    found = [f"File {source}: a wildcard; name what it writes" for source in wrote.wildcards]
    for kind in ("files", "folders", "directories", "keys"):
        for thing in sorted(getattr(wrote, kind) - getattr(takes, kind)):
            found.append(f"the installer writes {thing} ({kind}); the uninstaller leaves it")
        for thing in sorted(getattr(takes, kind) - getattr(wrote, kind)):
            found.append(
                f"the uninstaller removes {thing} ({kind}), which the installer never wrote"
            )
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("script", type=Path, nargs="?", default=SCRIPT)
    args = parser.parse_args()
    found = problems(args.script.read_text(encoding="utf-8"))
    for problem in found:
        print(f"{args.script.name}: {problem}", file=sys.stderr)
    if not found:
        print(f"{args.script.name}: the uninstaller removes everything the installer writes")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
