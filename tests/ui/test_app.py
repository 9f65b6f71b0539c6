"""The assembled window against a real SQLite folder and the loopback model server.

The promise of the app: a person edits a form, and the assistant's very next model
iteration works from the new state, also while a turn is already running.
"""

from __future__ import annotations

import json
import os
import signal
import threading
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from concierge.agent import RUNTIME_CONTEXT_LABEL, Provenance
from concierge.model.settings import (
    ASSISTANT_CONTEXT_BUDGET,
    ASSISTANT_SNAPSHOT_BUDGET,
    UI_LAST_TRIP_ID,
)
from concierge.model_server import ENV_API_KEY, ENV_BASE_URL, ENV_MODEL
from concierge.store import Actor, ChangeContext
from concierge.travel.assistant.snapshot_budget import estimate_tokens
from concierge.travel.assistant.trip_assistant import trip_history
from concierge.travel.forms import TRIP_BRIEF
from concierge.travel.services import open_services
from concierge.ui.chat.permission import PermissionPrompt
from concierge.ui.main_window import MainWindow
from concierge.ui.unix_signals import SignalBridge
from tests.agent.support import snapshot_of
from tests.composition import loaded_places
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec
from tests.fakes.memory_keyring import MemoryKeyring
from tests.ui.trips_support import Running, edit_in_place, eventually, focus, select_row
from tests.ui.waiting import until


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    return tmp_path / "data"


@pytest.fixture
def connected(monkeypatch: pytest.MonkeyPatch, fake_openai: FakeOpenAIServer) -> None:
    """The model comes from the environment, as `OPENAI_BASE_URL` users would set it."""
    monkeypatch.setenv(ENV_BASE_URL, fake_openai.base_url)
    monkeypatch.setenv(ENV_API_KEY, "test-key")
    monkeypatch.setenv(ENV_MODEL, "fake-model")


@pytest.fixture
def disconnected(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (ENV_BASE_URL, ENV_API_KEY, ENV_MODEL):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
async def running(
    data_dir: Path, memory_keyring: MemoryKeyring, qtbot: QtBot
) -> AsyncIterator[Running]:
    app = Running(data_dir)
    yield app
    await app.close()


async def waiting_for_permission(
    running: Running, fake_openai: FakeOpenAIServer, qtbot: QtBot, closing: str
) -> tuple[MainWindow, str, PermissionPrompt]:
    """A started window whose turn is running: the model removes the trip's dinner and the
    tool waits for the person's confirmation; once allowed, the model says `closing`."""
    services = running.services
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None
    await services.trips.update(trip_id, {"start_date": "2026-05-14", "end_date": "2026-05-17"})
    dinner = (
        await services.itinerary.add(trip_id, {"day": "2026-05-15", "title": "Dinner"})
    ).record
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("edit_itinerary", {"action": "remove", "item_id": dinner.id[:8]})
        ),
        Reply.text(closing),
    )
    await until(lambda: window.chat.runnable is not None and not window.chat.loading)
    qtbot.keyClicks(window.chat.composer.edit, "Drop the dinner")
    qtbot.keyClick(
        window.chat.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
    )
    await until(lambda: window.chat.findChild(PermissionPrompt) is not None)
    prompt = window.chat.findChild(PermissionPrompt)
    assert prompt is not None
    return window, trip_id, prompt


async def test_first_start_on_an_empty_folder_offers_a_trip_and_explains_the_model(
    running: Running, disconnected: None, qtbot: QtBot
) -> None:
    window = await running.start()
    trips = await running.services.trips.all()
    assert [t.title for t in trips] == ["My first trip"]
    assert window.trip_form.record is not None
    assert window.trip_form.record.id == trips[0].id
    assert window.chat.notice.isVisible()
    assert "The assistant is not connected" in window.chat.notice.label.text()
    assert not window.chat.composer.send_button.isEnabled()


async def test_start_on_an_existing_database_restores_the_last_trip(
    data_dir: Path, memory_keyring: MemoryKeyring, disconnected: None, qtbot: QtBot
) -> None:
    first = open_services(data_dir, places=loaded_places())
    await first.trips.create({"title": "Porto"})
    lisbon = (await first.trips.create({"title": "Lisbon"})).record
    await first.settings.set(UI_LAST_TRIP_ID, lisbon.id)
    first.close()

    again = Running(data_dir)
    try:
        window = await again.start()
        assert window.trip_form.record is not None
        assert window.trip_form.record.title == "Lisbon"
        assert [t.title for t in await again.services.trips.all()] == ["Porto", "Lisbon"]
    finally:
        await again.close()


async def test_a_form_edit_during_a_running_turn_reaches_the_next_model_call(
    running: Running, connected: None, fake_openai: FakeOpenAIServer, qtbot: QtBot
) -> None:
    services = running.services
    window, trip_id, prompt = await waiting_for_permission(
        running, fake_openai, qtbot, "Removed. Enjoy Porto!"
    )

    saved: list[str] = []
    stops = window.trip_form.fields.stops_editor
    stops.saved.connect(saved.append)
    qtbot.mouseClick(stops.add_button, Qt.MouseButton.LeftButton)  # The prompt has the keys.
    await until(lambda: len(stops.rows) == 1)
    qtbot.keyClicks(stops.rows[0].place, "Porto")
    qtbot.keyClick(stops.rows[0].place, Qt.Key.Key_Return)
    await until(lambda: len(saved) == 1)
    assert [s.place for s in await services.stops.stops(trip_id)] == ["Porto (OPO)"]
    assert window.chat.busy  # the turn is still waiting for the person

    qtbot.mouseClick(prompt.allow_button, Qt.MouseButton.LeftButton)
    await until(lambda: len(fake_openai.chat_requests) == 2 and not window.chat.busy)

    before, after = (snapshot_of(body) or "" for body in fake_openai.chat_requests)
    assert "→ no stops yet" in before
    assert "→ Porto (OPO) (Europe/Lisbon) →" in after
    assert "Dinner" not in after.split("Itinerary")[1]
    stored = await trip_history(services, trip_id).load()
    assert all(m.provenance is not Provenance.RUNTIME for m in stored)
    assert not any(RUNTIME_CONTEXT_LABEL in json.dumps(m.model_dump()) for m in stored)


async def test_selection_and_assistant_edits_flow_both_ways(
    running: Running, connected: None, fake_openai: FakeOpenAIServer, qtbot: QtBot
) -> None:
    services = running.services
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None
    item = (
        await services.itinerary.add(trip_id, {"day": "2026-05-15", "title": "Port tasting"})
    ).record
    await until(lambda: bool(window.itinerary.model.rowCount()))
    window.itinerary.select_items((item.id,))
    await until(lambda: services.selection.current.item_ids == (item.id,))

    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("update_trip", {"travellers": 3, "pace": "relaxed"})),
        Reply.text("Three of you, relaxed."),
    )
    await until(lambda: window.chat.runnable is not None and not window.chat.loading)
    qtbot.keyClicks(window.chat.composer.edit, "We are three, slow down")
    qtbot.keyClick(
        window.chat.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
    )
    await until(lambda: len(fake_openai.chat_requests) == 2 and not window.chat.busy)

    first = snapshot_of(fake_openai.chat_requests[0]) or ""
    assert f"[{item.id[:8]}]" in first.split("## selection")[1]
    await until(lambda: window.trip_form.fields.travellers_spin.value() == 3)
    assert window.trip_form.is_marked("travellers")


async def test_undo_reverts_the_assistants_whole_tool_call(
    running: Running, disconnected: None, qtbot: QtBot
) -> None:
    services = running.services
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None
    context = ChangeContext(actor=Actor.ASSISTANT, label="Assistant: update trip")
    await services.trips.update(trip_id, {"travellers": 4, "notes": "Bring hats"}, context=context)
    await until(lambda: window.trip_form.fields.travellers_spin.value() == 4)
    await until(lambda: "Assistant" in window.undo_action.text())
    assert window.undo_action.isEnabled()
    window.undo_action.trigger()

    await until(lambda: window.trip_form.fields.travellers_spin.value() == 1)
    trip = await services.trips.get(trip_id)
    assert trip is not None
    assert (trip.travellers, trip.notes) == (1, "")
    assert "Undone: Assistant: update trip" in window.statusBar().currentMessage()


async def test_the_stored_context_budget_reaches_the_assistant(
    running: Running, connected: None, qtbot: QtBot
) -> None:
    await running.services.settings.set(ASSISTANT_CONTEXT_BUDGET, 40_000)
    window = await running.start()
    await until(lambda: window.session.agent is not None)
    assert window.session.agent is not None
    policy = window.session.agent.compaction
    assert policy is not None and policy.budget_tokens == 40_000


async def test_the_stored_snapshot_budget_bounds_the_runtime_context_and_the_inspector(
    running: Running, connected: None, qtbot: QtBot
) -> None:
    await running.services.settings.set(ASSISTANT_SNAPSHOT_BUDGET, 700)
    window = await running.start()
    await until(lambda: window.session.agent is not None)
    agent = window.session.agent
    assert agent is not None
    window.session.inspector.show()
    context = await agent.get_runtime_context()
    assert context.text is not None and estimate_tokens(context.text) <= 700
    label = window.session.inspector.snapshot.size_label
    assert label.text() == (
        f"Snapshot size: {estimate_tokens(context.text):,} / 700 tokens (estimated)"
    )


async def test_brief_and_goal_edits_in_the_panels_during_a_turn_reach_the_next_model_call(
    running: Running, connected: None, fake_openai: FakeOpenAIServer, qtbot: QtBot
) -> None:
    services = running.services
    window, trip_id, prompt = await waiting_for_permission(running, fake_openai, qtbot, "Removed.")

    ages = window.brief_panel.fields.editors["ages"].widget
    assert isinstance(ages, QLineEdit)
    window.bottom_tabs.setCurrentWidget(window.brief_panel)
    await until(ages.isVisible)  # the tab, built as it is first shown, has loaded the trip
    ages.setFocus()
    qtbot.keyClicks(ages, "41, 39")
    qtbot.keyClick(ages, Qt.Key.Key_Return)
    window.bottom_tabs.setCurrentWidget(window.goals_panel)
    await until(lambda: window.goals_panel.loaded)
    window.goals_panel.new_edit.setFocus()
    qtbot.keyClicks(window.goals_panel.new_edit, "Book the Douro train")
    qtbot.keyClick(window.goals_panel.new_edit, Qt.Key.Key_Return)

    async def stored() -> bool:
        answers = await services.forms.answers(trip_id, TRIP_BRIEF.id)
        goals = await services.goals.list_for_trip(trip_id)
        return answers.get("ages") == [41, 39] and [g.title for g in goals] == [
            "Book the Douro train"
        ]

    await eventually(stored)
    assert window.chat.busy  # the turn is still waiting for the person

    qtbot.mouseClick(prompt.allow_button, Qt.MouseButton.LeftButton)
    await until(lambda: len(fake_openai.chat_requests) == 2 and not window.chat.busy)
    before, after = (snapshot_of(body) or "" for body in fake_openai.chat_requests)
    assert "- Ages (ages):" not in before and "Book the Douro train" not in before
    assert "- Ages (ages): [41, 39]" in after.split("## brief")[1].split("##")[0]
    assert "Book the Douro train" in after.split("## goals")[1].split("##")[0]


async def test_mark_as_seen_clears_the_assistants_marks_in_every_panel(
    running: Running, disconnected: None, qtbot: QtBot
) -> None:
    services = running.services
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None
    context = ChangeContext(actor=Actor.ASSISTANT, label="Assistant: edits")
    await services.trips.update(trip_id, {"travellers": 3}, context=context)
    await services.forms.apply(trip_id, TRIP_BRIEF.id, {"ages": [30, 31, 5]}, context=context)
    await until(lambda: window.trip_form.is_marked("travellers"))
    await until(lambda: window.brief_panel.is_marked("ages"))

    window.mark_seen_action.trigger()
    await until(lambda: not window.trip_form.is_marked("travellers"))
    await until(lambda: not window.brief_panel.is_marked("ages"))
    assert window.trip_form.fields.travellers_spin.value() == 3


# What the person has typed is what the model sees: edits not yet saved (a field still
# focused, a pause in typing not yet over, a rename in place) are saved before every model
# call reads the store, also mid-turn, and when the trip changes or the window closes.


def block(snapshot: str | None, name: str) -> str:
    """One provider's block of a runtime-context text."""
    assert snapshot is not None
    return snapshot.split(f"## {name}\n", 1)[1].split("\n\n## ", 1)[0]


async def started(running: Running, qtbot: QtBot) -> tuple[MainWindow, str]:
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None
    await until(lambda: window.chat.runnable is not None and not window.chat.loading)
    return window, trip_id


async def test_text_typed_and_sent_at_once_is_in_the_first_model_call(
    running: Running, connected: None, fake_openai: FakeOpenAIServer, qtbot: QtBot
) -> None:
    """The message is written first; then the person fixes the title and the budget and
    types a note, and presses Send with the focus still in the notes."""
    window, trip_id = await started(running, qtbot)
    fields = window.trip_form.fields
    fake_openai.script(Reply.text("Noted."))
    qtbot.keyClicks(window.chat.composer.edit, "Plan it")
    await focus(fields.title_edit)
    qtbot.keyClick(fields.title_edit, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(fields.title_edit, "Porto in May")
    qtbot.keyClick(fields.title_edit, Qt.Key.Key_Tab)
    await focus(fields.budget_edit)
    qtbot.keyClicks(fields.budget_edit, "4500")
    await focus(fields.notes_edit)
    qtbot.keyClicks(fields.notes_edit, "Bring hats")
    assert QApplication.focusWidget() is fields.notes_edit

    window.chat.composer.send_button.click()  # no focus change: the notes still wait
    await until(lambda: len(fake_openai.chat_requests) == 1 and not window.chat.busy)

    trip = block(snapshot_of(fake_openai.chat_requests[0]), "trip")
    assert "Trip: Porto in May" in trip
    assert "Budget: 4,500.00 EUR" in trip
    assert "Notes: Bring hats" in trip
    record = await running.services.trips.get(trip_id)
    assert record is not None
    assert (record.title, record.budget_amount, record.notes) == (
        "Porto in May",
        4500,
        "Bring hats",
    )


async def test_a_note_typed_while_the_model_answers_is_in_the_call_after_the_tool_results(
    running: Running, connected: None, fake_openai: FakeOpenAIServer, qtbot: QtBot
) -> None:
    """The turn is running (the model's tool call is on its way) while the person types in
    the notes and the brief; neither pause in typing is over when the tool's results go
    back to the model."""
    window, trip_id = await started(running, qtbot)
    reply_held = threading.Event()
    fake_openai.script(
        Reply.tool_calls(ToolCallSpec("read_trip", {}), wait_for=reply_held),
        Reply.text("Looks good."),
    )
    qtbot.keyClicks(window.chat.composer.edit, "Check the trip")
    qtbot.keyClick(
        window.chat.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
    )
    await until(lambda: len(fake_openai.chat_requests) == 1)
    window.bottom_tabs.setCurrentWidget(window.brief_panel)
    accessibility = window.brief_panel.fields.editors["accessibility"].widget
    await until(accessibility.isVisible)  # the tab, built as it is first shown, has loaded
    await focus(accessibility)
    qtbot.keyClicks(accessibility, "Step-free rooms")
    notes = window.trip_form.fields.notes_edit
    await focus(notes)
    qtbot.keyClicks(notes, "Bring hats")
    assert window.chat.busy and QApplication.focusWidget() is notes

    reply_held.set()
    await until(lambda: len(fake_openai.chat_requests) == 2 and not window.chat.busy)

    before, after = (snapshot_of(body) for body in fake_openai.chat_requests)
    assert "Bring hats" not in (before or "")
    assert "Notes: Bring hats" in block(after, "trip")
    assert '"Step-free rooms"' in block(after, "brief")
    answers = await running.services.forms.answers(trip_id, TRIP_BRIEF.id)
    assert answers.get("accessibility") == "Step-free rooms"


async def test_a_rename_typed_in_place_is_saved_before_context_and_its_editor_stays_open(
    running: Running, disconnected: None, qtbot: QtBot
) -> None:
    window, trip_id = await running.start(), running.window.session.trip_id
    assert trip_id is not None
    services = running.services
    goal = (await services.goals.add(trip_id, "Book the train")).record
    window.bottom_tabs.setCurrentWidget(window.goals_panel)
    await until(lambda: window.goals_panel.model.rowCount() == 1)
    await select_row(window.goals_panel, 0)
    editor = await edit_in_place(window.goals_panel, qtbot)
    qtbot.keyClicks(editor, "Book the Douro train")  # no Enter: still typing

    await window.save_typed_edits()  # the assistant's context hook

    renamed = await services.goals.get(goal.id)
    assert renamed is not None and renamed.title == "Book the Douro train"
    assert isinstance(QApplication.focusWidget(), QLineEdit)  # the editor stays open
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    await until(lambda: window.goals_panel.view.state() == window.goals_panel.view.State.NoState)
    assert [g.title for g in await services.goals.list_for_trip(trip_id)] == [
        "Book the Douro train"
    ]


async def test_get_runtime_context_saves_a_title_still_being_typed(
    running: Running, connected: None, fake_openai: FakeOpenAIServer, qtbot: QtBot
) -> None:
    window, _trip_id = await started(running, qtbot)
    title = window.trip_form.fields.title_edit
    await focus(title)
    qtbot.keyClick(title, Qt.Key.Key_End)
    qtbot.keyClicks(title, " with Ana")
    agent = window.session.agent
    assert agent is not None

    context = await agent.get_runtime_context()

    assert "Trip: My first trip with Ana" in block(context.text, "trip")
    assert [hook.name for hook in context.hooks] == ["trip read", "snapshot budget", "typed edits"]
    assert QApplication.focusWidget() is title
    assert fake_openai.chat_requests == []


async def test_get_runtime_context_saves_a_place_still_being_typed(
    running: Running, connected: None, fake_openai: FakeOpenAIServer, qtbot: QtBot
) -> None:
    """A new stop's completer is still offering places: the typed name is saved and
    matched as it would be when the person leaves the field."""
    window, trip_id = await started(running, qtbot)
    stops = window.trip_form.fields.stops_editor
    await focus(window.trip_form.fields.origin_edit)
    qtbot.keyClick(window.trip_form.fields.origin_edit, Qt.Key.Key_Insert)  # Add stop.
    await until(lambda: len(stops.rows) == 1)
    qtbot.keyClicks(stops.rows[0].place, "Porto")
    agent = window.session.agent
    assert agent is not None

    context = await agent.get_runtime_context()

    assert "→ Porto (OPO) (Europe/Lisbon) →" in block(context.text, "trip")
    [porto] = await running.services.stops.stops(trip_id)
    assert porto.place_code == "OPO"


async def test_a_trip_renamed_in_place_is_in_the_next_snapshot_before_enter(
    running: Running, connected: None, fake_openai: FakeOpenAIServer, qtbot: QtBot
) -> None:
    window, trip_id = await started(running, qtbot)
    await focus(window.trip_list.view)
    editor = await edit_in_place(window.trip_list, qtbot)
    qtbot.keyClicks(editor, "Porto weekend")
    agent = window.session.agent
    assert agent is not None

    context = await agent.get_runtime_context()

    assert "Trip: Porto weekend" in block(context.text, "trip")
    record = await running.services.trips.get(trip_id)
    assert record is not None and record.title == "Porto weekend"
    assert QApplication.focusWidget() is editor


async def test_switching_trips_saves_a_rename_being_typed_in_place(
    running: Running, disconnected: None, qtbot: QtBot
) -> None:
    window, trip_id = await running.start(), running.window.session.trip_id
    assert trip_id is not None
    services = running.services
    pin = (await services.pins.add("Window seat", trip_id=trip_id)).record
    other = (await services.trips.create({"title": "Second trip"})).record
    window.bottom_tabs.setCurrentWidget(window.pins_panel)
    await until(lambda: window.pins_panel.model.rowCount() == 1)
    await select_row(window.pins_panel, 0)
    editor = await edit_in_place(window.pins_panel, qtbot)
    qtbot.keyClicks(editor, "Aisle seat")

    window.show_trip(other.id)

    async def renamed() -> bool:
        stored = await services.pins.get(pin.id)
        return stored is not None and stored.text == "Aisle seat"

    await eventually(renamed)


async def type_a_budget_and_a_note(window: MainWindow, qtbot: QtBot) -> None:
    """The budget typed a moment ago, the note still being typed (the focus in it)."""
    fields = window.trip_form.fields
    await focus(fields.budget_edit)
    qtbot.keyClicks(fields.budget_edit, "900")
    await focus(fields.notes_edit)
    qtbot.keyClicks(fields.notes_edit, "Bring hats")


async def assert_budget_and_note_saved(running: Running, trip_id: str) -> None:
    record = await running.services.trips.get(trip_id)
    assert record is not None
    assert (record.budget_amount, record.notes) == (900, "Bring hats")


async def test_ctrl_q_saves_what_is_typed_in_a_focused_field(
    running: Running, disconnected: None, qtbot: QtBot
) -> None:
    window, trip_id = await running.start(), running.window.session.trip_id
    assert trip_id is not None
    await type_a_budget_and_a_note(window, qtbot)

    qtbot.keyClick(
        window.trip_form.fields.notes_edit, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier
    )
    await until(lambda: not window.isVisible())  # closing: the app's main goes on to shut down
    await window.shutdown()

    await assert_budget_and_note_saved(running, trip_id)


async def test_sigterm_saves_what_is_typed_in_a_focused_field(
    running: Running, disconnected: None, qtbot: QtBot
) -> None:
    """As the app wires it: the signal closes the window like its close button."""
    window, trip_id = await running.start(), running.window.session.trip_id
    assert trip_id is not None
    await type_a_budget_and_a_note(window, qtbot)
    bridge = SignalBridge(lambda _signum: window.close(), window)
    try:
        os.kill(os.getpid(), signal.SIGTERM)
        await until(lambda: not window.isVisible())
    finally:
        bridge.close()
    await window.shutdown()

    await assert_budget_and_note_saved(running, trip_id)


async def test_a_message_sent_before_the_assistant_is_bound_goes_once_it_is(
    running: Running, connected: None, fake_openai: FakeOpenAIServer, qtbot: QtBot
) -> None:
    """The app shows the window and the last trip first, then binds the assistant: a
    message the person sends in between waits in the box, then goes, once."""
    window = running.window
    window.show()
    await window.restore_session()
    await window.chat.ready()
    assert window.chat.runnable is None
    assert not window.chat.notice.isVisible()  # no "not connected" while it connects
    fake_openai.script(Reply.text("On it."))
    await focus(window.chat.composer.edit)
    qtbot.keyClicks(window.chat.composer.edit, "Plan three days in Porto")
    assert window.chat.composer.send_button.isEnabled()
    qtbot.keyClick(
        window.chat.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
    )
    assert window.chat.composer.edit.toPlainText() == "Plan three days in Porto"
    assert fake_openai.chat_requests == []

    await window.bind_assistant()
    await until(lambda: len(fake_openai.chat_requests) == 1 and not window.chat.busy)
    assert window.chat.composer.edit.toPlainText() == ""
    assert "Plan three days in Porto" in json.dumps(fake_openai.chat_requests[0]["messages"])
    await until(lambda: "On it." in window.chat.transcript.toPlainText())
    assert len(fake_openai.chat_requests) == 1
