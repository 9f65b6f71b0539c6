"""packaging/size_report.py names the parts of a build as a person reading the sizes needs:
each Qt library by name, Qt's plugins and translations as one part each, in both the Linux
and the Windows layout of PySide6."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def report(bundle: Path) -> list[str]:
    result = subprocess.run(
        [sys.executable, str(ROOT / "packaging" / "size_report.py"), str(bundle)],
        capture_output=True,
        text=True,
        check=True,
    )
    return [line.split("%", 1)[1].strip() for line in result.stdout.splitlines()[1:]]


def make(bundle: Path, files: dict[str, int]) -> None:
    for name, size in files.items():
        path = bundle / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x" * size)


def test_parts_biggest_first_in_the_linux_layout(tmp_path: Path) -> None:
    make(
        tmp_path,
        {
            "concierge": 5000,
            "_internal/PySide6/Qt/lib/libicudata.so.73": 9000,
            "_internal/PySide6/Qt/plugins/platforms/libqxcb.so": 3000,
            "_internal/PySide6/Qt/plugins/imageformats/libqsvg.so": 1000,
            "_internal/PySide6/Qt/translations/qtbase_pt_BR.qm": 500,
            "_internal/PySide6/QtCore.abi3.so": 2000,
            "_internal/babel/locale-data/pt.dat": 6000,
            "_internal/babel/global.dat": 1500,
        },
    )
    assert report(tmp_path) == [
        "Qt lib/libicudata.so.73",
        "_internal/babel",
        "concierge",
        "Qt plugins",
        "PySide6 bindings",
        "Qt translations",
    ]


def test_the_windows_layout_names_the_same_parts(tmp_path: Path) -> None:
    make(
        tmp_path,
        {
            "concierge.exe": 100,
            "concierge-cli.exe": 100,
            "_internal/PySide6/Qt6Core.dll": 4000,
            "_internal/PySide6/plugins/platforms/qwindows.dll": 3000,
            "_internal/PySide6/translations/qtbase_pt_BR.qm": 2000,
            "_internal/PySide6/QtCore.pyd": 1000,
        },
    )
    assert report(tmp_path)[:4] == [
        "Qt Qt6Core.dll",
        "Qt plugins",
        "Qt translations",
        "PySide6 bindings",
    ]
