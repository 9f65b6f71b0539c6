"""The Windows uninstaller takes away everything the installer writes and nothing else, read
off the NSIS script by packaging/check_uninstall.py; shown here on the real script and on
copies of it with the defects a person would meet (a file left behind, so the install folder
stays; the trips folder removed; a wildcard whose files no uninstaller can name)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHECK = ROOT / "packaging" / "check_uninstall.py"
SCRIPT = ROOT / "packaging" / "windows" / "concierge.nsi"


def check(script: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "concierge.nsi"
    path.write_text(script, encoding="utf-8")
    return subprocess.run(
        [sys.executable, str(CHECK), str(path)], capture_output=True, text=True, check=False
    )


def uninstall_section(script: str) -> str:
    return script[script.index('Section "Uninstall"') :]


def test_the_shipped_uninstaller_removes_what_the_installer_writes(tmp_path: Path) -> None:
    result = check(SCRIPT.read_text(encoding="utf-8"), tmp_path)
    assert result.returncode == 0, result.stderr


def test_every_file_the_installer_names_has_its_delete(tmp_path: Path) -> None:
    script = SCRIPT.read_text(encoding="utf-8")
    deletes = [
        line for line in uninstall_section(script).splitlines() if line.strip().startswith("Delete")
    ]
    assert len(deletes) >= 8  # the files, the shortcut, the two registry keys
    for line in deletes:
        result = check(script.replace(line + "\n", ""), tmp_path)
        assert result.returncode == 1
        words = line.split()
        target = line.split('"')[1]
        if words[0] == "DeleteRegKey":
            target = f"{words[1]}\\{target}"
        assert f"the installer writes {target}" in result.stderr


def test_an_uninstaller_that_removes_the_trips_is_refused(tmp_path: Path) -> None:
    script = SCRIPT.read_text(encoding="utf-8").replace(
        '  RMDir "$INSTDIR"\n', '  RMDir "$INSTDIR"\n  RMDir /r "$LOCALAPPDATA\\Concierge"\n'
    )
    result = check(script, tmp_path)
    assert result.returncode == 1
    assert "removes $LOCALAPPDATA\\Concierge (folders), which the installer never wrote" in (
        result.stderr
    )


def test_a_wildcard_file_is_refused(tmp_path: Path) -> None:
    script = SCRIPT.read_text(encoding="utf-8").replace(
        'File /r "${DIST}\\_internal"', 'File /r "${DIST}\\*"'
    )
    result = check(script, tmp_path)
    assert result.returncode == 1
    assert "a wildcard; name what it writes" in result.stderr
