"""Write THIRD-PARTY-NOTICES.txt: every runtime dependency the build bundles, with its licence.

`python packaging/third_party_notices.py [OUT]` (default `build/THIRD-PARTY-NOTICES.txt`),
run with the build venv's Python: the packages are the closure of pyproject's
`dependencies` over what that venv has installed (build tools such as PyInstaller are not
shipped, so they are not listed). Each entry gives the name, version and licence from the
distribution's metadata and the text of every licence file it ships. Qt comes first, with
what the LGPL asks of us, and the LGPLv3/GPLv3 texts kept in `packaging/licenses/`.
"""

from __future__ import annotations

import importlib.metadata as metadata
import re
import sys
import sysconfig
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
LICENCE_TEXTS = Path(__file__).resolve().parent / "licenses"
LICENCE_FILE = re.compile(r"(LICEN[CS]E|COPYING|NOTICE|AUTHORS)", re.IGNORECASE)
QT_DISTRIBUTIONS = ("pyside6-essentials", "shiboken6")
RULE = "=" * 78

QT_NOTICE = """\
Qt and PySide6 (Qt for Python) — GNU Lesser General Public License v3

Concierge's window is drawn with Qt 6 through PySide6 and Shiboken6, (c) The Qt Company
Ltd. and other contributors, used under the GNU Lesser General Public License version 3
(LGPLv3; its full text, and the GNU GPLv3 it builds on, follow below). Source:
https://code.qt.io/ (Qt) and https://code.qt.io/cgit/pyside/pyside-setup.git/ (PySide6).

What the LGPLv3 asks of us, and what we do:
  * Qt is linked dynamically: its libraries ship as separate shared library files
    (libQt6*.so, Qt6*.dll, or the Qt frameworks on macOS) beside the program, unmodified,
    and Concierge loads them at run time. We do not change Qt's or PySide6's code.
  * You may replace them: put your own build of the same Qt/PySide6 version (modified or
    not) in place of the bundled libraries and Concierge runs with it. On macOS, sign the
    changed bundle again afterwards (for yourself: `codesign --force --deep -s - ...`).
    Concierge's own source is MIT-licensed and public, so you can also rebuild the bundle
    against your Qt with packaging/ in that source.
  * Source: the Qt Project publishes the source of the Qt and PySide6 versions listed
    below at the addresses above. If it is ever not available there, ask the Concierge
    authors and we will provide it, for at least three years after this release.
  * This notice and the licence texts travel with every copy of the program.
"""


@dataclass(frozen=True)
class Entry:
    name: str
    version: str
    licence: str
    texts: list[tuple[str, str]]
    """(file name, text) of each licence file the distribution ships."""


class NoticesError(Exception):
    """A dependency pyproject names is not installed in this environment."""


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def runtime_requirements(pyproject: Path = ROOT / "pyproject.toml") -> list[str]:
    data = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    return list(data["project"]["dependencies"])


def runtime_closure(requirements: Iterable[str]) -> list[metadata.Distribution]:
    """The installed distributions `requirements` need, transitively, for this platform."""
    found: dict[str, metadata.Distribution] = {}
    pending = [Requirement(text) for text in requirements]
    while pending:
        requirement = pending.pop()
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
            continue
        key = normalise(requirement.name)
        if key in found:
            continue
        try:
            distribution = metadata.distribution(requirement.name)
        except metadata.PackageNotFoundError as error:
            raise NoticesError(
                f"{requirement.name} is a runtime dependency but is not installed here"
            ) from error
        found[key] = distribution
        pending.extend(Requirement(text) for text in distribution.requires or [])
    return sorted(found.values(), key=lambda d: normalise(d.metadata["Name"]))


def licence_of(distribution: metadata.Distribution) -> str:
    """The SPDX expression, else the short License field, else the trove classifiers."""
    fields = distribution.metadata
    expression = fields.get_all("License-Expression") or []
    if expression:
        return str(expression[0])
    declared = str((fields.get_all("License") or [""])[0]).strip()
    if declared and "\n" not in declared and len(declared) < 120:
        return declared
    classifiers = [
        str(c).split(" :: ")[-1] for c in fields.get_all("Classifier") or [] if "License" in c
    ]
    if classifiers:
        return ", ".join(classifiers)
    return declared.splitlines()[0] if declared else ""


def licence_texts(distribution: metadata.Distribution) -> list[tuple[str, str]]:
    texts: list[tuple[str, str]] = []
    for file in distribution.files or []:
        parts = Path(str(file)).parts
        if not parts or not parts[0].endswith(".dist-info"):
            continue
        if not LICENCE_FILE.search(parts[-1]):
            continue
        text = file.read_text(encoding="utf-8")
        if text is not None:
            texts.append(("/".join(parts[1:]), text))
    return texts


def entries(distributions: Iterable[metadata.Distribution]) -> list[Entry]:
    listed = []
    for distribution in distributions:
        texts = licence_texts(distribution)
        unnamed = "see its licence file below" if texts else "not stated by the package"
        listed.append(
            Entry(
                name=str(distribution.metadata["Name"]),
                version=distribution.version,
                licence=licence_of(distribution) or unnamed,
                texts=texts,
            )
        )
    return listed


def python_entry() -> Entry:
    """CPython itself: the frozen bundle carries its interpreter and standard library."""
    version = ".".join(map(str, sys.version_info[:3]))
    texts = []
    for folder in (Path(sysconfig.get_paths()["stdlib"]), Path(sys.base_prefix)):
        candidate = folder / "LICENSE.txt"
        if candidate.is_file():
            texts.append(("LICENSE.txt", candidate.read_text(encoding="utf-8")))
            break
    return Entry("Python", version, "PSF-2.0 (https://docs.python.org/3/license.html)", texts)


def render(listed: list[Entry]) -> str:
    qt_versions = ", ".join(
        f"{e.name} {e.version}" for e in listed if normalise(e.name) in QT_DISTRIBUTIONS
    )
    lines = [
        "Third-party software in Concierge",
        "",
        "Concierge itself is MIT-licensed (see LICENSE). It bundles the software below; each",
        "entry names the package, its version and licence, and the licence files it ships.",
        "",
        RULE,
        QT_NOTICE,
        f"Bundled versions: {qt_versions or 'none found'}.",
        "",
        RULE,
        "Packages",
        "",
    ]
    lines += [f"  {e.name} {e.version} — {e.licence}" for e in listed]
    for entry in listed:
        lines += ["", RULE, f"{entry.name} {entry.version}", f"Licence: {entry.licence}"]
        if not entry.texts:
            lines.append("(The package ships no licence file; its licence is named above.)")
        for file_name, text in entry.texts:
            lines += ["", f"--- {file_name} ---", text.rstrip()]
    for name in ("LGPL-3.0.txt", "GPL-3.0.txt"):
        lines += ["", RULE, f"Qt's licence: {name}", "", (LICENCE_TEXTS / name).read_text()]
    return "\n".join(lines).rstrip() + "\n"


def notices() -> str:
    listed = entries(runtime_closure(runtime_requirements()))
    qt_first = sorted(listed, key=lambda e: normalise(e.name) not in QT_DISTRIBUTIONS)
    return render([*qt_first, python_entry()])


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "build" / "THIRD-PARTY-NOTICES.txt"
    try:
        text = notices()
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
    except (NoticesError, OSError) as error:
        print(f"third_party_notices: {error}", file=sys.stderr)
        return 1
    print(f"third-party notices written to {out} ({len(text):,} characters)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
