"""Sharing a trip from the window, as a person does it with the keyboard: Trip ▸ Share this
trip… gives an invite code to copy; a companion's device joins with it and edits; the window
shows the edit marked "Changed on Ben's phone", the next model request carries it, and Ctrl+Z
takes back the person's own edit, not the companion's. Trip ▸ Join a shared trip… reads a
pasted code (a damaged one says so), brings the trip in ("Added on Ana's laptop") and says it
synced; what the companion removed is listed and restored."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from concierge.model.settings import SharedTrip
from concierge.sync import runner as sync_runner
from concierge.sync.invite import DAMAGED, Invite, read_invite
from concierge.sync.runner import SyncRunner
from concierge.sync.serve import RoomServer, room_secret
from concierge.sync.shares import SharedTrips
from concierge.travel.services import TravelServices
from concierge.ui.main_window import MainWindow
from concierge.ui.sharing.join_dialog import JoinTripDialog
from concierge.ui.sharing.removed_dialog import RemovedDialog
from concierge.ui.sharing.share_dialog import ShareTripDialog
from concierge.ui.views.marks import CHANGED_ON_DEVICE
from tests.composition import opened_services
from tests.fakes import FakeOpenAIServer, Reply
from tests.fakes.memory_keyring import MemoryKeyring
from tests.ui import trips_support
from tests.ui.test_import_queue import chat_requests
from tests.ui.trips_support import Running, focus
from tests.ui.waiting import until

running = trips_support.connected_running

WAIT = 60.0
"""Generous: scrypt runs once per device and trip, on a machine shared by many test runs."""
SECRET = "correct horse battery staple"
CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture(autouse=True)
def quick_polls(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sync_runner, "POLL_SECONDS", 0.05)


class Companion:
    """Another device: its own data folder and sync, in this process (no window)."""

    def __init__(self, services: TravelServices) -> None:
        self.services = services
        shares = SharedTrips(services.settings, services.secrets)
        self.sync = SyncRunner(services.database, services.bus, shares, services.data_dir / "s")


@pytest.fixture
async def companion(tmp_path: Path) -> AsyncIterator[Companion]:
    async with opened_services(tmp_path / "companion") as services:
        found = Companion(services)
        yield found
        await found.sync.aclose()


def press(qtbot: QtBot, key: Qt.Key, times: int = 1) -> None:
    for _ in range(times):
        qtbot.keyClick(QApplication.focusWidget(), key)


def retype(qtbot: QtBot, text: str) -> None:
    """Replace what the focused line holds, as a person selects all and types."""
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_A, CTRL)
    qtbot.keyClicks(QApplication.focusWidget(), text)


def open_dialog(window: MainWindow, kind: type[QWidget]) -> QWidget:
    found = window.sharing.dialog
    assert isinstance(found, kind)
    return found


async def test_a_trip_shared_in_the_window_takes_in_a_companions_edit(
    running: Running,
    qtbot: QtBot,
    tmp_path: Path,
    companion: Companion,
    fake_openai: FakeOpenAIServer,
    memory_keyring: MemoryKeyring,
) -> None:
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None
    folder = tmp_path / "Nextcloud" / "Lisbon"
    folder.parent.mkdir()

    window.sharing.share_action.trigger()
    await until(lambda: isinstance(window.sharing.dialog, ShareTripDialog), WAIT)
    dialog = open_dialog(window, ShareTripDialog)
    assert isinstance(dialog, ShareTripDialog)
    await focus(dialog.folder.edit)
    qtbot.keyClicks(dialog.folder.edit, str(folder))
    press(qtbot, Qt.Key.Key_Tab, 2)  # past Browse…
    assert QApplication.focusWidget() is dialog.passphrase
    retype(qtbot, SECRET)
    press(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is dialog.device
    retype(qtbot, "Ana's laptop")
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: dialog.code_row.isVisible(), WAIT)
    assert QApplication.focusWidget() is dialog.copy_button
    press(qtbot, Qt.Key.Key_Space)
    invite = read_invite(QGuiApplication.clipboard().text())
    assert invite == Invite(trip_id, str(folder), SECRET, "My first trip")
    press(qtbot, Qt.Key.Key_Escape)
    await until(lambda: window.sharing.dialog is None, WAIT)
    await until(lambda: window.sharing.label.text().startswith("Synced"), WAIT)
    window.sharing.share_action.trigger()  # again, for another companion: the same invite
    await until(lambda: isinstance(window.sharing.dialog, ShareTripDialog), WAIT)
    again = open_dialog(window, ShareTripDialog)
    assert isinstance(again, ShareTripDialog) and again is not dialog
    assert read_invite(again.code.text()) == invite
    assert not again.passphrase.isEnabled()
    await until(lambda: QApplication.focusWidget() is again.copy_button)
    QGuiApplication.clipboard().clear()
    press(qtbot, Qt.Key.Key_Return)
    assert read_invite(QGuiApplication.clipboard().text()) == invite
    press(qtbot, Qt.Key.Key_Escape)
    await until(lambda: window.sharing.dialog is None, WAIT)

    ben = companion.services
    joined = SharedTrip(invite.trip_id, invite.location, "Ben's phone")
    await companion.sync.share(joined, invite.secret, first=False)
    await until(lambda: (companion.sync.states.get(trip_id) or sync_runner.SyncState("")).synced_at)

    form = window.trip_form
    window.activateWindow()
    await until(lambda: QApplication.activeWindow() is window)
    await focus(form.fields.title_edit)
    retype(qtbot, "Lisbon in May")
    press(qtbot, Qt.Key.Key_Tab)  # leaving the field saves it
    await until(lambda: form.record is not None and form.record.title == "Lisbon in May", WAIT)

    async def ben_has_it() -> bool:
        trip = await ben.trips.get(trip_id)
        return trip is not None and trip.title == "Lisbon in May"

    await trips_support.eventually(ben_has_it, WAIT)
    await ben.trips.update(trip_id, {"notes": "Ben booked the fado night"})
    notes = form.row("notes")
    await until(lambda: notes.marked, WAIT)
    said = CHANGED_ON_DEVICE.format(device="Ben's phone")
    assert notes.marker.toolTip() == said
    assert said in notes.editor.accessibleDescription()
    assert window.trip_form.seen_bar.label.text().startswith("Ben's phone changed ")

    view = window.trip_list.view
    await focus(view)
    qtbot.keyClick(view, Qt.Key.Key_Z, CTRL)
    await until(lambda: form.record is not None and form.record.title == "My first trip", WAIT)
    assert form.record is not None and form.record.notes == "Ben booked the fado night"

    fake_openai.script(Reply.text("Fado it is."))
    await until(lambda: window.chat.runnable is not None and not window.chat.loading, WAIT)
    await focus(window.chat.composer.edit)
    qtbot.keyClicks(window.chat.composer.edit, "What did Ben book?")
    qtbot.keyClick(window.chat.composer.edit, Qt.Key.Key_Return, CTRL)
    await until(lambda: bool(chat_requests(fake_openai)), WAIT)
    assert "Ben booked the fado night" in json.dumps(chat_requests(fake_openai)[0]["messages"])
    await until(lambda: window.chat.busy is False, WAIT)


async def test_a_trip_shared_through_a_sync_server_asks_for_the_servers_secret(
    running: Running, qtbot: QtBot, memory_keyring: MemoryKeyring
) -> None:
    """Typing a server's address turns the passphrase into the server's secret (the one made up
    is taken away); the invite carries the trip's room secret, not the server's."""
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None
    async with RoomServer("the home server's secret", "127.0.0.1", 0) as server:
        window.sharing.share_action.trigger()
        await until(lambda: isinstance(window.sharing.dialog, ShareTripDialog), WAIT)
        dialog = open_dialog(window, ShareTripDialog)
        assert isinstance(dialog, ShareTripDialog)
        await focus(dialog.folder.edit)
        qtbot.keyClicks(dialog.folder.edit, server.url)
        press(qtbot, Qt.Key.Key_Tab, 2)
        assert QApplication.focusWidget() is dialog.passphrase
        assert dialog.secret_label.text() == "Server's &secret:"
        assert dialog.passphrase.text() == ""
        press(qtbot, Qt.Key.Key_Return)
        assert dialog.problem.text() == "Type the secret the sync server printed."
        qtbot.keyClicks(dialog.passphrase, "the home server's secret")
        press(qtbot, Qt.Key.Key_Tab)
        retype(qtbot, "Ana's laptop")
        press(qtbot, Qt.Key.Key_Return)
        await until(lambda: dialog.code_row.isVisible(), WAIT)
        invite = read_invite(dialog.code.text())
        room = room_secret("the home server's secret", trip_id)
        assert invite == Invite(trip_id, server.url, room, "My first trip")
        press(qtbot, Qt.Key.Key_Escape)
        await until(lambda: window.sharing.label.text().startswith("Synced"), WAIT)


async def test_joining_in_the_window_brings_the_trip_and_restores_what_was_removed(
    tmp_path: Path, qtbot: QtBot, companion: Companion, memory_keyring: MemoryKeyring
) -> None:
    ana = companion.services
    trip = (await ana.trips.create({"title": "Lisbon"})).record
    day = {"day": "2027-05-04"}
    cascais = (await ana.itinerary.add(trip.id, {**day, "title": "Cascais"})).record
    folder = tmp_path / "Synced"
    await companion.sync.share(SharedTrip(trip.id, str(folder), "Ana's laptop"), SECRET, first=True)
    code = Invite(trip.id, str(folder), SECRET, "Lisbon").code()

    app = Running(tmp_path / "data")
    window = await app.start()
    try:
        window.sharing.join_action.trigger()
        await until(lambda: isinstance(window.sharing.dialog, JoinTripDialog), WAIT)
        dialog = open_dialog(window, JoinTripDialog)
        assert isinstance(dialog, JoinTripDialog)
        await focus(dialog.code)
        qtbot.keyClicks(dialog.code, code[:-3])
        assert dialog.note.text() == DAMAGED
        assert not dialog.join_button.isEnabled()
        qtbot.keyClicks(dialog.code, code[-3:])
        assert dialog.note.text() == "An invite to “Lisbon”, through a shared folder."
        assert dialog.folder.text() == str(folder)  # there on this computer too
        press(qtbot, Qt.Key.Key_Tab, 3)  # the folder, Browse…, this device
        assert QApplication.focusWidget() is dialog.device
        retype(qtbot, "Ben's phone")
        press(qtbot, Qt.Key.Key_Return)
        await until(lambda: window.sharing.dialog is None, WAIT)
        await until(lambda: window.session.trip_id == trip.id, WAIT)
        await until(lambda: window.trip_form.fields.title_edit.text() == "Lisbon", WAIT)
        await until(lambda: window.itinerary.model.index_of_item(cascais.id, 1).isValid(), WAIT)
        assert window.sharing.label.text().startswith("Synced")
        index = window.itinerary.model.index_of_item(cascais.id, 1)
        assert index.data(Qt.ItemDataRole.ToolTipRole) == "Added on Ana's laptop"

        await ana.itinerary.remove(cascais.id)
        await until(lambda: not window.itinerary.model.index_of_item(cascais.id, 1).isValid(), WAIT)
        window.sharing.removed_action.trigger()
        await until(lambda: isinstance(window.sharing.dialog, RemovedDialog), WAIT)
        removed = open_dialog(window, RemovedDialog)
        assert isinstance(removed, RemovedDialog)
        assert [removed.list.item(row).text() for row in range(removed.list.count())] == ["Cascais"]
        await focus(removed.list)
        press(qtbot, Qt.Key.Key_Return)
        await until(lambda: removed.list.count() == 0, WAIT)
        assert removed.empty.isVisible()
        await until(lambda: window.itinerary.model.index_of_item(cascais.id, 1).isValid(), WAIT)

        async def ana_has_it_back() -> bool:
            return [item.id for item in await ana.itinerary.items(trip.id)] == [cascais.id]

        await trips_support.eventually(ana_has_it_back, WAIT)
        press(qtbot, Qt.Key.Key_Escape)
    finally:
        await app.close()
