"""The app's identity: one version everywhere, the icon files the installers need, and the
licence notices the bundle carries. The packaging scripts run as the build runs them, in a
subprocess with the current Python."""

from __future__ import annotations

import importlib.metadata
import os
import struct
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from concierge import __version__
from concierge.app_identity import APP_ID, ICON_SVG, version_line

ROOT = Path(__file__).resolve().parents[1]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def run(*arguments: str | Path) -> subprocess.CompletedProcess[str]:
    environment = {
        name: value
        for name, value in os.environ.items()
        if name not in {"DISPLAY", "WAYLAND_DISPLAY", "CONCIERGE_DATA_DIR"}
    }
    return subprocess.run(
        [sys.executable, *map(str, arguments)],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
        env={**environment, "PYTHONPATH": str(ROOT)},
        check=False,
    )


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE
    length, kind = struct.unpack(">I4s", data[8:16])
    assert (length, kind) == (13, b"IHDR")
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_version_is_the_package_version_without_qt() -> None:
    done = run(
        "-c",
        "import sys\nfrom concierge.cli.entry import main\ncode = main(['--version'])\n"
        "print(code, sorted(m for m in sys.modules if m.startswith('PySide6')))",
    )
    assert done.returncode == 0, done.stderr
    line, status = done.stdout.splitlines()
    assert line == f"concierge {importlib.metadata.version('concierge')}"
    assert line == version_line() == f"concierge {__version__}"
    assert status == "0 []"  # Printed before Qt is imported: no display needed.


def test_the_program_prints_its_version() -> None:
    done = run("-m", "concierge", "--version")
    assert (done.returncode, done.stdout.strip()) == (0, f"concierge {__version__}")
    after_data_dir = run("-m", "concierge", "--data-dir", "somewhere", "--version")
    assert after_data_dir.stdout.strip() == f"concierge {__version__}"


def test_pyproject_reads_the_version_from_the_package() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"]
    assert "version" in project["project"]["dynamic"]
    dynamic = project["tool"]["setuptools"]["dynamic"]["version"]
    assert dynamic == {"attr": "concierge.__version__"}
    package_data = project["tool"]["setuptools"]["package-data"]["concierge"]
    assert any(ICON_SVG.relative_to(ROOT / "concierge").match(p) for p in package_data)


def test_make_icons_writes_pngs_ico_and_icns(tmp_path: Path) -> None:
    done = run(ROOT / "packaging" / "make_icons.py", tmp_path)
    assert done.returncode == 0, done.stderr

    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        data = (tmp_path / f"concierge-{size}.png").read_bytes()
        assert png_size(data) == (size, size)
        themed = tmp_path / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        assert themed.read_bytes() == data
    scalable = tmp_path / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    assert scalable.read_bytes() == ICON_SVG.read_bytes()

    ico = (tmp_path / "concierge.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, 7)
    sizes = []
    for index in range(count):
        entry = ico[6 + 16 * index : 6 + 16 * (index + 1)]
        width, height, _colours, _zero, planes, bits, length, offset = struct.unpack(
            "<BBBBHHII", entry
        )
        side = width or 256
        assert (height or 256, planes, bits) == (side, 1, 32)
        assert png_size(ico[offset : offset + length]) == (side, side)
        sizes.append(side)
    assert sizes == [16, 24, 32, 48, 64, 128, 256]

    icns = (tmp_path / "concierge.icns").read_bytes()
    assert icns[:4] == b"icns"
    assert struct.unpack(">I", icns[4:8])[0] == len(icns)
    found: dict[str, tuple[int, int]] = {}
    at = 8
    while at < len(icns):
        kind_bytes, length = struct.unpack(">4sI", icns[at : at + 8])
        found[kind_bytes.decode("ascii")] = png_size(icns[at + 8 : at + length])
        at += length
    assert at == len(icns)
    expected = {"icp4": 16, "icp5": 32, "icp6": 64, "ic07": 128, "ic08": 256, "ic09": 512}
    expected |= {"ic10": 1024, "ic11": 32, "ic12": 64, "ic13": 256, "ic14": 512}
    assert found == {kind: (size, size) for kind, size in expected.items()}


def test_make_icons_names_a_file_it_cannot_write(tmp_path: Path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    done = run(ROOT / "packaging" / "make_icons.py", blocker / "icons")
    assert done.returncode == 1
    assert done.stderr.startswith("make_icons: cannot write the icons into")


@pytest.fixture(scope="module")
def notices(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("notices") / "THIRD-PARTY-NOTICES.txt"
    done = run(ROOT / "packaging" / "third_party_notices.py", out)
    assert done.returncode == 0, done.stderr
    return out.read_text(encoding="utf-8")


def test_notices_list_pyside6_under_the_lgpl_with_what_it_asks(notices: str) -> None:
    pyside = importlib.metadata.version("PySide6-Essentials")
    listing = notices.split("\nPackages\n", 1)[1].split("=" * 78, 1)[0]
    pyside_line = next(line for line in listing.splitlines() if "PySide6" in line)
    assert f"{pyside} — " in pyside_line and "LGPL-3.0" in pyside_line
    assert "GNU Lesser General Public License v3" in notices
    assert "linked dynamically" in notices and "You may replace them" in notices
    assert "GNU LESSER GENERAL PUBLIC LICENSE\n                       Version 3" in notices
    assert "GNU GENERAL PUBLIC LICENSE\n                       Version 3" in notices


def test_notices_list_every_runtime_dependency_with_its_licence_text(notices: str) -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listing = notices.split("\nPackages\n", 1)[1].split("=" * 78, 1)[0]
    names = {line.split()[0].lower().replace("_", "-") for line in listing.splitlines() if line}
    for requirement in project["project"]["dependencies"]:
        name = Requirement(requirement).name.lower().replace("_", "-")
        assert name in names, f"{name} is missing from the notices"
    assert "pytest" not in names and "pyinstaller" not in names  # Not bundled.
    qasync_licence = importlib.metadata.distribution("qasync").read_text("licenses/LICENSE")
    assert qasync_licence is not None and qasync_licence.strip() in notices
