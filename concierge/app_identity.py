"""Who the app is: its name, reverse-DNS id, version, licence and icon, declared once. No Qt.

The id names the desktop file, the AppStream component and the macOS bundle. The data
folder keeps its name (`APP_NAME`, see `concierge.store.paths`) so existing data stays put.
"""

from __future__ import annotations

import sys
from pathlib import Path

from concierge import __version__
from concierge.text import QT_TRANSLATE_NOOP

APP_NAME = "Concierge"
APP_ID = "io.github.concierge.Concierge"
EXECUTABLE = "concierge"
VERSION = __version__
LICENCE = "MIT"
COPYRIGHT = "Copyright (c) The Concierge authors"
SUMMARY = QT_TRANSLATE_NOOP(
    "AboutDialog", "Plan a trip in forms while an assistant works beside you."
)
"""Shown in Help ▸ About (translated there) and in the desktop metadata (English)."""

PACKAGE_DIR = Path(__file__).resolve().parent
ICON_SVG = PACKAGE_DIR / "resources" / "icons" / "concierge.svg"
LICENCE_FILE_NAME = "LICENSE"
NOTICES_FILE_NAME = "THIRD-PARTY-NOTICES.txt"


def version_line() -> str:
    """What `concierge --version` prints."""
    return f"{EXECUTABLE} {VERSION}"


def distribution_files_dir() -> Path:
    """Where LICENSE and the third-party notices are: the frozen bundle's folder, else the
    source checkout's root (a wheel install has them in its dist-info instead)."""
    if getattr(sys, "frozen", False):
        return Path(getattr(sys, "_MEIPASS", Path(sys.executable).parent))
    return PACKAGE_DIR.parent


def licence_files() -> list[Path]:
    """LICENSE and THIRD-PARTY-NOTICES.txt where they exist, in that order."""
    folder = distribution_files_dir()
    names = (LICENCE_FILE_NAME, NOTICES_FILE_NAME)
    return [folder / name for name in names if (folder / name).is_file()]


def licence_text() -> str:
    """Concierge's LICENSE: beside the package (checkout, frozen bundle) or, for an
    installed wheel, in its dist-info; a pointer to it if neither is readable."""
    local = distribution_files_dir() / LICENCE_FILE_NAME
    try:
        return local.read_text(encoding="utf-8")
    except OSError:
        pass
    from importlib import metadata

    try:
        files = metadata.distribution(EXECUTABLE).files or []
    except metadata.PackageNotFoundError:
        files = []
    for file in files:
        if file.name == LICENCE_FILE_NAME:
            text = file.read_text(encoding="utf-8")
            if text:
                return text
    return f"{LICENCE} licence, {COPYRIGHT}. The LICENSE file is missing from this install."
