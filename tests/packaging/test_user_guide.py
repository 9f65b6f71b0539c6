"""The user guide ships with the app: `pip install` carries it as package data and the
PyInstaller build collects it with the resources, as the one file docs/user-guide.md (the
package holds a link to it, never a copy that could drift)."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path

from concierge.ui.user_guide import GUIDE

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "concierge"
DOCS_GUIDE = ROOT / "docs" / "user-guide.md"


def test_the_package_holds_the_guide_as_a_link_to_docs() -> None:
    assert GUIDE.parent == PACKAGE / "resources"
    assert GUIDE.is_symlink() and not Path(os.readlink(GUIDE)).is_absolute()
    assert GUIDE.resolve() == DOCS_GUIDE.resolve()
    assert GUIDE.read_text(encoding="utf-8").startswith("# Concierge user guide\n")


def test_pip_install_carries_the_guide_as_package_data() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["concierge"]
    shipped = {path for pattern in patterns for path in PACKAGE.glob(pattern)}
    assert GUIDE in shipped  # setuptools copies what the link points to


def test_the_pyinstaller_build_collects_the_guide_with_the_resources() -> None:
    spec = (ROOT / "packaging" / "concierge.spec").read_text(encoding="utf-8")
    assert re.search(r'collect_data_files\("concierge", subdir="resources"\)', spec)
    build = (ROOT / "packaging" / "build-linux.sh").read_text(encoding="utf-8")
    assert "_internal/concierge/resources/user-guide.md" in build  # checked in the build
