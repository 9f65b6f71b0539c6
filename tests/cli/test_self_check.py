"""`concierge self-check` as a person runs it: on a new data folder, with this machine's
PortAudio, and with a sounddevice that cannot find PortAudio (a module on the path raising
what sounddevice raises then)."""

from __future__ import annotations

from pathlib import Path

from concierge.store import database_path

from .support import run_cli


def test_self_check_reports_the_database_the_places_and_portaudio(tmp_path: Path) -> None:
    result = run_cli("self-check", "--data-dir", tmp_path / "data")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("concierge ")
    assert lines[1] == f"database: {database_path(tmp_path / 'data')}"
    assert database_path(tmp_path / "data").exists()
    assert lines[2].startswith("places: loaded in ")
    assert "Lisbon is Lisbon (LIS)" in lines[2]
    assert lines[3].startswith("sound: PortAudio V")


def test_without_portaudio_self_check_fails_saying_voice_cannot_work(tmp_path: Path) -> None:
    shadow = tmp_path / "path"
    shadow.mkdir()
    (shadow / "sounddevice.py").write_text(
        'raise OSError("PortAudio library not found")\n', encoding="utf-8"
    )
    result = run_cli("self-check", "--data-dir", tmp_path / "data", python_path=shadow)
    assert result.returncode == 1
    assert "places: loaded in " in result.stdout
    assert "PortAudio library not found" in result.stdout
    assert "concierge self-check: PortAudio did not load" in result.stderr
