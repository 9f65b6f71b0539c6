""" "What the assistant sees" shows both sides: the snapshot as sent, with "passport number
on file", and the values held back, each with "Share with assistant". Sharing (a click, or
Space on the focused button) sends the value on the next call; "Stop sharing" holds it back."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel, QPushButton
from pytestqt.qtbot import QtBot

from concierge.agent.openai_model import OpenAIChatModel
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.services import TravelServices
from concierge.ui.inspector import InspectorPanel
from concierge.ui.inspector.held_back_view import SHARE_TEXT, STOP_TEXT
from tests.agent.support import client_for, snapshot_of
from tests.fakes import FakeOpenAIServer, Reply
from tests.ui import trips_support
from tests.ui.trips_support import eventually
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services

PASSPORT = "P1234567"
PNR = "XK7Q2P"


@pytest.fixture
async def inspector(qtbot: QtBot, services: TravelServices) -> AsyncIterator[InspectorPanel]:
    """Shut down before the services close their database, then deleted (not by qtbot's
    addWidget, which would delete it before the shutdown)."""
    panel = InspectorPanel()
    panel.resize(700, 900)
    panel.show()
    panel.activateWindow()
    yield panel
    await panel.held_back.shutdown()
    panel.close()
    panel.deleteLater()


def button_for(panel: InspectorPanel, value: str) -> QPushButton:
    index = [held.value for held in panel.held_back.values].index(value)
    return panel.held_back.buttons[index]


async def shared(services: TravelServices, trip_id: str) -> tuple[str, ...]:
    trip = await services.trips.get(trip_id)
    assert trip is not None
    return trip.shared_values


async def test_the_inspector_shows_what_is_sent_and_what_is_held_back_and_shares_on_request(
    inspector: InspectorPanel,
    services: TravelServices,
    fake_openai: FakeOpenAIServer,
    qtbot: QtBot,
) -> None:
    trip = (
        await services.trips.create(
            {"title": "Tokyo", "notes": f"Passport {PASSPORT}; PNR {PNR}; flight TP1234 at 9"}
        )
    ).record
    agent = build_trip_assistant(
        services, trip.id, OpenAIChatModel(client_for(fake_openai), model="fake-model")
    )
    inspector.bind(agent, agent.system_prompt)
    inspector.held_back.set_trip(services, trip.id)
    fake_openai.script(Reply.text("One."), Reply.text("Two."), Reply.text("Three."))

    await agent.process_request("What is on file?")
    sent = inspector.snapshot.text.toPlainText()
    assert "Notes: passport number on file; booking code on file; flight TP1234 at 9" in sent
    assert PASSPORT not in sent and PNR not in sent
    await until(lambda: len(inspector.held_back.buttons) == 2)
    texts = [label.text() for label in inspector.held_back.findChildren(QLabel)]
    assert any(text == f"Passport number {PASSPORT} · Trip notes · held back" for text in texts)
    assert "2 of 2 sensitive values held back" in inspector.held_back.summary.text()

    share = button_for(inspector, PASSPORT)
    assert share.text() == SHARE_TEXT and share.isVisible()
    qtbot.mouseClick(share, Qt.MouseButton.LeftButton)
    await eventually(lambda: _is(shared(services, trip.id), (PASSPORT,)))
    await until(lambda: button_for(inspector, PASSPORT).text() == STOP_TEXT)
    await agent.process_request("And now?")
    sent = inspector.snapshot.text.toPlainText()
    assert f"Passport {PASSPORT};" in sent and PNR not in sent
    assert sent == snapshot_of(fake_openai.chat_requests[-1])

    # The focus stays on the value's button: Space stops sharing it, Tab reaches the next.
    stop = button_for(inspector, PASSPORT)
    await until(lambda: QApplication.focusWidget() is stop)
    qtbot.keyClick(stop, Qt.Key.Key_Space)
    await eventually(lambda: _is(shared(services, trip.id), ()))
    await until(lambda: button_for(inspector, PASSPORT).text() == SHARE_TEXT)
    await until(lambda: QApplication.focusWidget() is button_for(inspector, PASSPORT))
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is button_for(inspector, PNR)
    qtbot.keyClick(button_for(inspector, PNR), Qt.Key.Key_Space)
    await eventually(lambda: _is(shared(services, trip.id), (PNR,)))

    await agent.process_request("And the booking?")
    sent = inspector.snapshot.text.toPlainText()
    assert PNR in sent and PASSPORT not in sent


async def _is(value: object, expected: object) -> bool:
    return await value == expected  # type: ignore[misc]


async def test_a_burst_of_changes_ends_with_the_values_on_file_and_unchanged_rows_are_kept(
    inspector: InspectorPanel, services: TravelServices
) -> None:
    """A change that leaves the values as they were keeps their rows (and the keyboard on
    them); a burst of changes ends showing what the last one left on file."""
    trip = (await services.trips.create({"title": "Tokyo", "notes": f"Passport {PASSPORT}"})).record
    view = inspector.held_back
    reloads: list[None] = []
    view.refreshed.connect(lambda: reloads.append(None))
    view.set_trip(services, trip.id)
    await until(lambda: len(view.buttons) == 1)
    button = view.buttons[0]

    await services.trips.update(trip.id, {"title": "Kyoto"})
    await until(lambda: len(reloads) >= 2)
    assert view.buttons == [button]

    for n in range(5):
        await services.trips.update(trip.id, {"title": f"Kyoto {n}"})
    await services.trips.update(trip.id, {"notes": f"Passport {PASSPORT}; PNR {PNR}"})
    await until(lambda: [held.value for held in view.values] == [PASSPORT, PNR])
    assert len(view.buttons) == 2 and all(b.text() == SHARE_TEXT for b in view.buttons)
