"""The review panel in the real window, with real keys: the assistant's proposed changes
appear above the chat; Space unticks one, Enter accepts the ticked ones and rejects the
rest as one undo step, Ctrl+Z undoes it whole; Ctrl+Enter accepts all, Ctrl+Backspace
rejects all; a change the trip no longer fits is reported, not applied."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.model.settings import ASSISTANT_EDITS, EditMode
from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.store import Actor, ChangeContext
from concierge.travel.services import TravelServices, open_services
from concierge.ui.main_window import MainWindow
from tests.composition import loaded_places
from tests.ui.trips_support import shown_window
from tests.ui.waiting import until

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
DAY = date(2027, 4, 10)


@pytest.fixture
async def services(
    tmp_path: Path, memory_keyring: object, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[TravelServices]:
    for name in (ENV_BASE_URL, ENV_API_KEY, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)
    services = open_services(tmp_path / "data", places=loaded_places())
    await services.settings.set(ASSISTANT_EDITS, EditMode.PROPOSE)
    yield services
    await services.aclose()
    services.close()


@pytest.fixture
async def window(services: TravelServices) -> AsyncIterator[MainWindow]:
    async with shown_window(services) as main:
        yield main
        await until(lambda: len(main.proposals_panel.tasks) == 0)


def call(name: str) -> ChangeContext:
    """One of the assistant's tool calls (its writes are one group)."""
    return ChangeContext(actor=Actor.ASSISTANT, label=f"the assistant’s {name}", group_id=name)


async def propose_three(services: TravelServices, trip_id: str) -> None:
    for title in ("Port cellar", "Fado"):
        await services.itinerary.add(
            trip_id, {"day": DAY, "title": title}, context=call(f"addition of “{title}”")
        )
    await services.trips.update(trip_id, {"travellers": 4}, context=call("change to Travellers"))


async def test_space_unticks_enter_accepts_the_rest_and_ctrl_z_undoes_them_whole(
    window: MainWindow, services: TravelServices, qtbot: QtBot
) -> None:
    panel = window.proposals_panel
    trip_id = window.trip_form.trip_id
    assert trip_id is not None and not panel.isVisible()
    await propose_three(services, trip_id)
    await until(lambda: panel.isVisible() and panel.list.count() == 3)
    rows = [panel.list.item(row).text() for row in range(3)]
    assert rows[0].splitlines()[0] == "Add item “Port cellar”"
    assert "    Day: 2027-04-10" in rows[0].splitlines()
    assert rows[2].splitlines() == ["Change the trip", "    Travellers: 1 → 4"]
    assert panel.heading.text().startswith("The assistant proposes 3 changes, not made yet.")
    assert await services.itinerary.items(trip_id) == []  # nothing made yet

    qtbot.keyClick(window.trip_list.view, Qt.Key.Key_R, CTRL_SHIFT)
    await until(lambda: QApplication.focusWidget() is panel.list)
    qtbot.keyClick(panel.list, Qt.Key.Key_Down)
    qtbot.keyClick(panel.list, Qt.Key.Key_Space)
    assert panel.list.item(1).checkState() is Qt.CheckState.Unchecked
    assert len(panel.ticked()) == 2
    qtbot.keyClick(panel.list, Qt.Key.Key_Return)

    await until(lambda: not panel.isVisible())
    assert [item.title for item in await services.itinerary.items(trip_id)] == ["Port cellar"]
    trip = await services.trips.get(trip_id)
    assert trip is not None and trip.travellers == 4
    message = window.statusBar().currentMessage()
    assert message.startswith("Accepted 2, rejected 1 of the assistant’s proposed changes.")
    label = "the assistant’s proposal (2 of 3 changes)"
    await until(lambda: window.undo_action.text() == f"&Undo {label}")
    await until(lambda: window.itinerary.model.rowCount() > 0)

    view = window.trip_list.view
    view.setFocus()
    await until(lambda: QApplication.focusWidget() is view)
    qtbot.keyClick(view, Qt.Key.Key_Z, CTRL)
    await until(lambda: window.statusBar().currentMessage() == f"Undone: {label}")
    assert await services.itinerary.items(trip_id) == []
    trip = await services.trips.get(trip_id)
    assert trip is not None and trip.travellers == 1
    assert await services.proposals.pending(trip_id) == []  # decided stays decided
    assert not panel.isVisible()


async def test_ctrl_enter_accepts_all_and_ctrl_backspace_rejects_all(
    window: MainWindow, services: TravelServices, qtbot: QtBot
) -> None:
    panel = window.proposals_panel
    trip_id = window.trip_form.trip_id
    assert trip_id is not None
    await propose_three(services, trip_id)
    await until(lambda: panel.list.count() == 3)
    panel.focus_list()
    await until(lambda: QApplication.focusWidget() is panel.list)
    qtbot.keyClick(panel.list, Qt.Key.Key_Space)  # unticked, but "all" means all
    qtbot.keyClick(panel.list, Qt.Key.Key_Return, CTRL)
    await until(lambda: not panel.isVisible())
    assert len(await services.itinerary.items(trip_id)) == 2

    await services.trips.update(trip_id, {"title": "Lisbon"}, context=call("rename"))
    await until(lambda: panel.list.count() == 1)
    panel.focus_list()
    await until(lambda: QApplication.focusWidget() is panel.list)
    qtbot.keyClick(panel.list, Qt.Key.Key_Backspace, CTRL)
    await until(lambda: not panel.isVisible())
    trip = await services.trips.get(trip_id)
    assert trip is not None and trip.title == "My first trip"
    assert window.statusBar().currentMessage().startswith("Accepted 0, rejected 1")


async def test_a_change_the_trip_no_longer_fits_is_reported_and_not_applied(
    window: MainWindow, services: TravelServices, qtbot: QtBot
) -> None:
    panel = window.proposals_panel
    trip_id = window.trip_form.trip_id
    assert trip_id is not None
    await services.trips.update(trip_id, {"title": "Lisbon"}, context=call("rename"))
    await until(lambda: panel.list.count() == 1)
    await services.trips.update(trip_id, {"title": "Porto"})  # the person, meanwhile
    panel.focus_list()
    await until(lambda: QApplication.focusWidget() is panel.list)
    qtbot.keyClick(panel.list, Qt.Key.Key_Return)
    await until(lambda: not panel.isVisible())
    assert window.statusBar().currentMessage() == (
        "Accepted 0, rejected 0 of the assistant’s proposed changes. Not applied, as the "
        "trip changed since: Change the trip: the trip’s title changed since."
    )
    trip = await services.trips.get(trip_id)
    assert trip is not None and trip.title == "Porto"


async def test_a_row_says_the_problems_its_change_would_introduce(
    window: MainWindow, services: TravelServices
) -> None:
    panel = window.proposals_panel
    trip_id = window.trip_form.trip_id
    assert trip_id is not None
    timed = {"day": DAY, "timezone": "Europe/Lisbon", "start_time": "10:00", "end_time": "12:00"}
    await services.settings.set(ASSISTANT_EDITS, EditMode.APPLY)
    museum = (await services.itinerary.add(trip_id, {**timed, "title": "Museum"})).record
    await services.settings.set(ASSISTANT_EDITS, EditMode.PROPOSE)
    await services.itinerary.add(trip_id, {**timed, "title": "Tiles"}, context=call("tiles"))
    await until(lambda: panel.list.count() == 1)
    lines = panel.list.item(0).text().splitlines()
    assert lines[0] == "Add item “Tiles”"
    assert any(line.startswith("    New problem: ") and "overlap" in line for line in lines)
    # The person moves the museum out of the way: the row follows the trip as it is now.
    await services.itinerary.update(museum.id, {"start_time": "14:00", "end_time": "15:00"})
    await until(lambda: "New problem" not in panel.list.item(0).text())
