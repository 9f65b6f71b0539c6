"""What the person reads, word for word: the chat's tool lines, the assistant banner with the
item it added, the status bar after undoing and redoing an assistant change, the budget
however it was set, and lookup details with labels and local times."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.store import LookupStatus
from concierge.travel.services import TravelServices, open_services
from concierge.ui.lookups import job_markdown
from concierge.ui.main_window import MainWindow
from tests.composition import loaded_places
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.ui.trips_support import eventually, shown_window
from tests.ui.waiting import until

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


@pytest.fixture
def berlin_time(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The person's clock is in Berlin, so "your time" is the same on every machine."""
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
async def services(
    tmp_path: Path,
    memory_keyring: object,
    monkeypatch: pytest.MonkeyPatch,
    fake_openai: FakeOpenAIServer,
) -> AsyncIterator[TravelServices]:
    monkeypatch.setenv(ENV_BASE_URL, fake_openai.base_url)
    monkeypatch.setenv(ENV_API_KEY, "test-key")
    monkeypatch.setenv(ENV_MODEL, "fake-model")
    services = open_services(tmp_path / "data", places=loaded_places())
    yield services
    await services.aclose()
    services.close()


@pytest.fixture
async def window(services: TravelServices) -> AsyncIterator[MainWindow]:
    async with shown_window(services) as main:
        yield main


async def send(window: MainWindow, qtbot: QtBot, text: str) -> None:
    await until(lambda: window.chat.runnable is not None and not window.chat.loading)
    edit = window.chat.composer.edit
    edit.setFocus()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Return, CTRL)


async def test_an_assistant_change_reads_in_words_from_chat_to_redo(
    window: MainWindow, services: TravelServices, fake_openai: FakeOpenAIServer, qtbot: QtBot
) -> None:
    trip_id = window.trip_form.trip_id
    assert trip_id is not None
    await services.trips.update(trip_id, {"start_date": "2027-04-10", "end_date": "2027-04-12"})
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec(
                "update_trip",
                {"budget_amount": 5200, "interests": ["food", "tiles"], "pace": "relaxed"},
            )
        ),
        Reply.tool_calls(
            ToolCallSpec(
                "edit_itinerary",
                {"action": "add", "day": "2027-04-10", "title": "Dinner at Taberna"},
            )
        ),
        Reply.text("Done."),
    )
    await send(window, qtbot, "Relaxed food trip, 5200 euros, book dinner")
    await until(lambda: not window.chat.busy and "Done." in window.chat.transcript.toPlainText())

    transcript = window.chat.transcript.toPlainText()
    assert "Change the trip — done" in transcript
    assert "Change the itinerary — done" in transcript
    assert "update_trip" not in transcript
    bar = window.trip_form.seen_bar
    await until(lambda: "Dinner at Taberna" in bar.label.text())
    assert bar.label.text() == (
        "The assistant changed Budget, Interests and Pace and added “Dinner at Taberna”."
    )
    assert window.trip_form.fields.budget_edit.text() == "5200.00"

    view = window.trip_list.view
    view.setFocus()
    await until(lambda: QApplication.focusWidget() is view)
    qtbot.keyClick(view, Qt.Key.Key_Z, CTRL)
    await until(lambda: window.statusBar().currentMessage().startswith("Undone"))
    assert window.statusBar().currentMessage() == (
        "Undone: the assistant’s addition of “Dinner at Taberna”"
    )
    await until(lambda: window.undo_action.text().startswith("&Undo the assistant’s change"))
    qtbot.keyClick(view, Qt.Key.Key_Z, CTRL)
    await until(lambda: window.trip_form.fields.budget_edit.text() == "")
    assert window.statusBar().currentMessage() == (
        "Undone: the assistant’s change to Budget, Interests and Pace"
    )
    assert window.redo_action.text() == "&Redo the assistant’s change to Budget, Interests and Pace"

    qtbot.keyClick(view, Qt.Key.Key_Z, CTRL_SHIFT)
    await until(lambda: window.trip_form.fields.budget_edit.text() == "5200.00")
    assert window.statusBar().currentMessage() == (
        "Redone: the assistant’s change to Budget, Interests and Pace"
    )
    await until(lambda: bar.label.text() == "The assistant changed Budget, Interests and Pace.")
    trip = await services.trips.get(trip_id)
    assert trip is not None and str(trip.budget_amount) == "5200.00"


async def test_a_typed_budget_shows_as_the_assistants_does(
    window: MainWindow, services: TravelServices, qtbot: QtBot
) -> None:
    edit = window.trip_form.fields.budget_edit
    edit.setFocus()
    await until(lambda: QApplication.focusWidget() is edit)
    qtbot.keyClicks(edit, "4500")
    qtbot.keyClick(edit, Qt.Key.Key_Tab)
    trip_id = window.trip_form.trip_id
    assert trip_id is not None

    async def stored() -> bool:
        trip = await services.trips.get(trip_id)
        return trip is not None and str(trip.budget_amount) == "4500.00"

    await eventually(stored)
    await until(lambda: edit.text() == "4500.00")


async def test_lookup_details_read_as_words_in_the_persons_time(
    services: TravelServices, berlin_time: None
) -> None:
    trip = (await services.trips.create({"origin": "Lisbon", "start_date": "2027-07-10"})).record
    await services.stops.add(trip.id, {"place": "Tokyo"})
    job = await services.lookups.wait(
        await services.lookups.start(
            trip.id, "time_difference", {"at": "2026-12-01T18:49:47.963151+00:00"}
        )
    )
    assert job is not None and job.status is LookupStatus.SUCCEEDED
    text = job_markdown(job)
    assert job.summary == (
        "Tokyo (TYO) is 9 hours ahead of Lisbon (LIS); local time there Wed 03:49; "
        "on the first day there (10 July 2027) it is 8 hours ahead of Lisbon (LIS)"
    )
    for line in (
        "- **At:** Tue 1 December 2026, 19:49 (your time)",
        "- **Local time at the origin:** Tue 1 December 2026, 18:49",
        "- **Local time at the destination:** Wed 2 December 2026, 03:49",
        "- **Destination's clocks:** 9 hours ahead",
        "- **On the first day there:** 8 hours ahead",
        "- **First day there:** 10 July 2027",
    ):
        assert line in text.splitlines()
    assert "utc" not in text.lower()
    assert "+00:00" not in text and "2026-12-01" not in text


async def test_undoing_a_brief_answer_names_the_question(
    window: MainWindow, services: TravelServices, qtbot: QtBot
) -> None:
    trip_id = window.trip_form.trip_id
    assert trip_id is not None
    window.show_tab(window.brief_panel)
    ages = window.brief_panel.fields.editors["ages"].widget
    ages.setFocus()
    await until(lambda: QApplication.focusWidget() is ages)
    qtbot.keyClicks(ages, "41, 39")
    qtbot.keyClick(ages, Qt.Key.Key_Tab)

    async def answered() -> bool:
        return (await services.forms.answers(trip_id, "trip-brief")).get("ages") == [41, 39]

    await eventually(answered)
    await until(lambda: window.undo_action.text() == "&Undo Edit Ages in the Trip brief")
    view = window.trip_list.view
    view.setFocus()
    await until(lambda: QApplication.focusWidget() is view)
    qtbot.keyClick(view, Qt.Key.Key_Z, CTRL)
    await until(lambda: window.statusBar().currentMessage() != "")
    assert window.statusBar().currentMessage() == "Undone: Edit Ages in the Trip brief"
