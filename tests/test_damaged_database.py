"""The real program on a damaged database: it says so before any window uses the file, never
writes into it, and a chosen backup takes its place."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from concierge import app
from concierge.store import CorruptDatabaseError, backup
from concierge.store.integrity import check_integrity
from concierge.ui import damaged_database
from concierge.ui.startup_window import StartupWindow
from tests.app_process import start_app
from tests.store.damage import ITEMS, damage, fill, fingerprint


async def test_the_app_reports_a_damaged_database_and_leaves_it_untouched(
    tmp_path: Path,
) -> None:
    path = tmp_path / "concierge.db"
    await fill(path)
    damage(path)
    before = fingerprint(path)
    app = start_app(tmp_path)
    try:
        assert app.shows("is damaged", 60), app.log
        assert fingerprint(path) == before
        assert not app.ready.is_set()
    finally:
        app.process.kill()
        app.process.wait(30)
    assert fingerprint(path) == before
    assert not path.with_name("concierge.db.bak-base").exists()  # No migration ran.


def _button(box: QMessageBox, text: str) -> QPushButton:
    [button] = [b for b in box.buttons() if b.text() == text]
    assert isinstance(button, QPushButton)
    return button


async def test_the_box_offers_the_good_backup_and_quit_is_the_default(
    tmp_path: Path, qtbot: QtBot
) -> None:
    path = tmp_path / "concierge.db"
    await fill(path)
    good = backup.backup_database(path, "rev")
    error = CorruptDatabaseError(path, ("database disk image is malformed",), good)
    box = damaged_database.damaged_database_box(error)
    qtbot.addWidget(box)
    box.open()
    assert box.defaultButton() is _button(box, damaged_database.QUIT)
    assert str(good) in box.detailedText()
    qtbot.mouseClick(_button(box, damaged_database.RESTORE), Qt.MouseButton.LeftButton)
    assert box.clickedButton() is _button(box, damaged_database.RESTORE)


def test_without_a_backup_the_box_only_lets_the_person_quit(tmp_path: Path, qtbot: QtBot) -> None:
    error = CorruptDatabaseError(tmp_path / "concierge.db", ("malformed",), None)
    box = damaged_database.damaged_database_box(error)
    qtbot.addWidget(box)
    texts = [b.text() for b in box.buttons()]
    assert damaged_database.QUIT in texts
    assert damaged_database.RESTORE not in texts
    assert "no good backup" in box.informativeText()


async def test_choosing_restore_puts_the_backup_in_place_and_starts(
    tmp_path: Path, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "concierge.db"
    await fill(path)
    backup.backup_database(path, "rev")
    damage(path)
    asked: list[CorruptDatabaseError] = []
    monkeypatch.setattr(damaged_database, "ask_to_restore", lambda e: asked.append(e) or True)
    splash = StartupWindow()
    qtbot.addWidget(splash)
    services = app.open_or_restore(tmp_path, splash)
    assert services is not None
    try:
        assert len(asked) == 1
        trips = await services.trips.all()
        assert len(await services.itinerary.items(trips[0].id)) == ITEMS
    finally:
        await services.lookups.aclose()
        services.close()
    assert check_integrity(path).ok
    assert _damaged_copies(tmp_path)  # The damaged file is kept, not deleted.


def _damaged_copies(folder: Path) -> list[Path]:
    return list(folder.glob("concierge.db.damaged-*"))
