"""The brief panel: generated from a form definition, answers reach SQLite as they are
given, refusals carry the form engine's message and keep the text, and the assistant's
answers show up live and marked without clobbering what the person is typing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager

import pytest
from pydantic import JsonValue
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QComboBox,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)
from pytestqt.qtbot import QtBot

from concierge.store import TripRecord
from concierge.travel.forms import TRIP_BRIEF, FormDefinition, FormValueError, WidgetKind
from concierge.ui.brief import BriefPanel
from concierge.ui.brief.editors import NOT_ANSWERED
from concierge.ui.brief.panel import DELETED_TEXT, NO_TRIP_TEXT
from tests.ui import trips_support
from tests.ui.brief_support import SAMPLE
from tests.ui.trips_support import (
    TripServices,
    assistant_edit,
    click,
    eventually,
    focus,
    on_screen,
    press,
    shows_mark,
    tab_order,
    type_and_enter,
    type_text,
)
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services

CHANGED = "Changed by the assistant"


def shown_panel(
    services: TripServices, definition: FormDefinition
) -> AbstractAsyncContextManager[BriefPanel]:
    widget = BriefPanel(definition, services.forms, services.trips, services.history, services.bus)
    return on_screen(widget, 640, 900)


@pytest.fixture
async def panel(services: TripServices) -> AsyncIterator[BriefPanel]:
    async with shown_panel(services, SAMPLE) as widget:
        yield widget


async def open_trip(panel: BriefPanel, services: TripServices) -> TripRecord:
    trip = (await services.trips.create({"title": "Porto weekend"})).record
    panel.set_trip(trip.id)
    await until(lambda: panel.state is not None)
    return trip


def editor(panel: BriefPanel, name: str) -> QWidget:
    return panel.fields.editors[name].widget


def line(panel: BriefPanel, name: str) -> QLineEdit:
    widget = editor(panel, name)
    assert isinstance(widget, QLineEdit)
    return widget


async def answers(services: TripServices, trip: TripRecord) -> dict[str, JsonValue]:
    return await services.forms.answers(trip.id, SAMPLE.id)


async def has_answers(
    services: TripServices, trip: TripRecord, expected: dict[str, JsonValue]
) -> bool:
    return await answers(services, trip) == expected


async def test_no_trip_shows_how_to_start(panel: BriefPanel) -> None:
    assert panel.stack.currentWidget() is panel.placeholder
    assert panel.placeholder.text() == NO_TRIP_TEXT


async def test_one_widget_per_field_from_its_kind_in_titled_steps(
    panel: BriefPanel, services: TripServices
) -> None:
    await open_trip(panel, services)
    assert [box.title() for box in panel.fields.sections.values()] == [
        "1. Who",
        "2. Needs",
        "3. Wishes",
    ]
    kinds = {name: type(editor(panel, name)) for name in SAMPLE.names}
    assert kinds == {
        "party": QComboBox,
        "count": type(editor(panel, "count")),
        "ages": QLineEdit,
        "diet": QWidget,
        "notes": QPlainTextEdit,
        "pets": QComboBox,
        "must_sees": QPlainTextEdit,
        "nickname": QLineEdit,
        "share": QLineEdit,
    }
    assert isinstance(editor(panel, "count"), QSpinBox)
    checks = editor(panel, "diet").findChildren(QCheckBox)
    assert [check.text() for check in checks] == ["None", "Vegan", "Gluten-free"]
    pets = editor(panel, "pets")
    assert isinstance(pets, QComboBox)
    assert [pets.itemText(i) for i in range(pets.count())] == [NOT_ANSWERED, "Yes", "No"]
    assert "*" in panel.fields.labels["party"].text()
    assert "*" not in panel.fields.labels["notes"].text()
    assert editor(panel, "party").toolTip().startswith("Alone, as a couple or a family.")
    assert line(panel, "ages").placeholderText()


async def test_typing_an_answer_commits_it_to_sqlite(
    panel: BriefPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    await type_and_enter(qtbot, line(panel, "ages"), "41,39 ;8")
    await eventually(lambda: has_answers(services, trip, {"ages": [41, 39, 8]}))
    await until(lambda: line(panel, "ages").text() == "41, 39, 8")  # As the engine writes it.
    history = await services.forms.history(trip.id, SAMPLE.id, "ages")
    assert [event.actor.value for event in history] == ["person"]
    assert not panel.is_marked("ages")


@pytest.mark.parametrize("way", ["tab", "shift+tab", "click elsewhere"])
async def test_an_answer_is_saved_however_the_field_is_left(
    panel: BriefPanel, services: TripServices, qtbot: QtBot, way: str
) -> None:
    trip = await open_trip(panel, services)
    await focus(line(panel, "ages"))
    type_text(qtbot, "41, 39")
    if way == "tab":
        press(qtbot, Qt.Key.Key_Tab)
    elif way == "shift+tab":
        press(qtbot, Qt.Key.Key_Backtab, Qt.KeyboardModifier.ShiftModifier)
    else:
        click(qtbot, editor(panel, "notes"))
    assert QApplication.focusWidget() is not line(panel, "ages")
    await eventually(lambda: has_answers(services, trip, {"ages": [41, 39]}))


async def test_a_bad_value_shows_the_engines_message_and_keeps_the_text(
    panel: BriefPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    ages = line(panel, "ages")
    await type_and_enter(qtbot, ages, "41, forty")
    with pytest.raises(FormValueError) as engine:
        SAMPLE.parse("ages", "41, forty")
    await until(lambda: panel.binding("ages").row.error == str(engine.value))
    assert ages.text() == "41, forty"
    assert panel.binding("ages").row.note.isVisible()
    await focus(line(panel, "nickname"))  # Leaving does not lose or store it either.
    assert ages.text() == "41, forty"
    assert await answers(services, trip) == {}

    await focus(ages)
    qtbot.keyClick(ages, Qt.Key.Key_Backspace)
    assert panel.binding("ages").row.error == ""  # Editing clears the old message.


async def test_clearing_a_field_retracts_its_answer(
    panel: BriefPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    await services.forms.apply(trip.id, SAMPLE.id, {"nickname": "Bea", "count": 3})
    await until(lambda: line(panel, "nickname").text() == "Bea")
    nickname = line(panel, "nickname")
    await focus(nickname)
    qtbot.keyClick(nickname, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(nickname, Qt.Key.Key_Delete)
    qtbot.keyClick(nickname, Qt.Key.Key_Return)
    await eventually(lambda: has_answers(services, trip, {"count": 3}))
    history = await services.forms.history(trip.id, SAMPLE.id, "nickname")
    assert [event.action.value for event in history] == ["set", "retract"]


async def test_a_too_long_text_is_refused_by_the_engine(
    panel: BriefPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    nickname = line(panel, "nickname")
    await type_and_enter(qtbot, nickname, "Bartholomew the Great")
    await until(
        lambda: (
            "Nickname (nickname) must be text of at most 12 characters"
            in panel.binding("nickname").row.error
        )
    )
    assert nickname.text() == "Bartholomew the Great"
    assert await answers(services, trip) == {}


async def test_choices_check_boxes_and_spin_boxes_save_from_the_keyboard(
    panel: BriefPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    party = editor(panel, "party")
    await focus(party)
    for _ in range(3):
        qtbot.keyClick(party, Qt.Key.Key_Down)  # Solo, couple, family: one save, at the end.
    await eventually(lambda: has_answers(services, trip, {"party": "family"}))
    assert len(await services.forms.history(trip.id, SAMPLE.id)) == 1

    await until(lambda: panel.is_shown("count"))
    count = editor(panel, "count")
    await focus(count)
    qtbot.keyClick(count, Qt.Key.Key_Up)
    qtbot.keyClick(count, Qt.Key.Key_Up)
    await eventually(lambda: has_answers(services, trip, {"party": "family", "count": 2}))

    vegan, gluten = editor(panel, "diet").findChildren(QCheckBox)[1:]
    await focus(vegan)
    qtbot.keyClick(vegan, Qt.Key.Key_Space)
    await focus(gluten)  # Leaving the check boxes of the field does not save yet …
    qtbot.keyClick(gluten, Qt.Key.Key_Space)
    await eventually(
        lambda: has_answers(
            services, trip, {"party": "family", "count": 2, "diet": ["vegan", "gluten-free"]}
        )
    )
    qtbot.keyClick(gluten, Qt.Key.Key_Space)
    qtbot.keyClick(vegan, Qt.Key.Key_Space)  # … and none ticked retracts the answer.
    await eventually(lambda: has_answers(services, trip, {"party": "family", "count": 2}))

    await focus(count)
    qtbot.keyClick(count, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(count, Qt.Key.Key_Delete)  # Erasing the number clears it.
    await focus(vegan)
    await eventually(lambda: has_answers(services, trip, {"party": "family"}))
    assert isinstance(count, QSpinBox)
    assert count.text() == NOT_ANSWERED


async def test_a_conditional_field_appears_when_its_condition_starts_to_hold(
    panel: BriefPanel, services: TripServices
) -> None:
    trip = await open_trip(panel, services)
    assert not panel.is_shown("count")
    skipped = panel.fields.skipped["who"]
    assert skipped.isVisible()
    assert skipped.text() == (
        "Not asked now: Number of travellers (only when Travelling as is family)."
    )
    await services.forms.set_answer(trip.id, SAMPLE.id, "party", "family")
    await until(lambda: panel.is_shown("count"))
    assert editor(panel, "count").isVisible()
    assert not skipped.isVisible()

    await services.forms.set_answer(trip.id, SAMPLE.id, "count", 4)
    await services.forms.set_answer(trip.id, SAMPLE.id, "party", "couple")
    await until(lambda: panel.binding("count").row.note_text.startswith("Kept but not used"))
    assert panel.is_shown("count")  # The kept answer stays visible, flagged.
    assert panel.binding("count").row.note_text == (
        "Kept but not used now: only asked when Travelling as is family. Clear it to withdraw it."
    )


async def test_the_header_says_where_the_form_stands(
    panel: BriefPanel, services: TripServices
) -> None:
    trip = await open_trip(panel, services)
    assert panel.status_label.text() == "Step 1 of 3 · 3 required answers missing"
    await services.forms.apply(trip.id, SAMPLE.id, {"party": "solo", "ages": [40]})
    await until(lambda: panel.status_label.text() == "Step 2 of 3 · 1 required answer missing")
    await services.forms.set_answer(trip.id, SAMPLE.id, "diet", ["none"])
    await until(lambda: panel.status_label.text() == "Complete")


async def test_an_assistant_answer_shows_live_marked_without_clobbering_typing(
    panel: BriefPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    nickname = line(panel, "nickname")
    await focus(nickname)
    qtbot.keyClicks(nickname, "Be")
    context = assistant_edit()
    await services.forms.apply(
        trip.id, SAMPLE.id, {"ages": [41, 39], "nickname": "Tiago"}, context=context
    )
    await until(lambda: line(panel, "ages").text() == "41, 39")
    assert panel.is_marked("ages")
    assert editor(panel, "ages").toolTip() == CHANGED
    assert panel.seen_bar.isVisible()
    assert nickname.text() == "Be"  # The field being typed in keeps what was typed …
    assert panel.binding("nickname").row.note_text == (
        "Meanwhile changed to “Tiago”. Leaving the field saves what you typed instead."
    )
    qtbot.keyClicks(nickname, "a")
    qtbot.keyClick(nickname, Qt.Key.Key_Return)  # … and the later edit wins.
    await eventually(lambda: has_answers(services, trip, {"ages": [41, 39], "nickname": "Bea"}))

    await focus(line(panel, "ages"))  # Looking at the marked field clears its mark.
    await until(lambda: not panel.is_marked("ages"))
    await until(lambda: not panel.seen_bar.isVisible())
    await eventually(lambda: _nothing_unseen(services, trip))


async def _nothing_unseen(services: TripServices, trip: TripRecord) -> bool:
    return not await services.history.unseen_assistant_changes(trip.id)


async def test_mark_as_seen_clears_every_mark(panel: BriefPanel, services: TripServices) -> None:
    trip = await open_trip(panel, services)
    await services.forms.apply(
        trip.id, SAMPLE.id, {"party": "solo", "notes": "Window seat"}, context=assistant_edit()
    )
    await until(lambda: panel.is_marked("party") and panel.is_marked("notes"))
    assert panel.seen_bar.label.text() == "The assistant changed Travelling as and Notes."
    assert shows_mark(panel.binding("party").row)
    panel.seen_bar.button.click()
    await until(lambda: not panel.is_marked("party") and not panel.is_marked("notes"))
    assert not shows_mark(panel.binding("party").row)  # Not only said: no longer amber.
    assert not shows_mark(panel.binding("notes").row)
    await eventually(lambda: _nothing_unseen(services, trip))


async def test_marks_belong_to_the_trip_answered_and_go_with_the_undo(
    panel: BriefPanel, services: TripServices
) -> None:
    """Another trip shows none of the assistant's marks, the trip it answered keeps them
    while unseen, and undoing its answers takes the marks and the banner away."""
    first = await open_trip(panel, services)
    await services.forms.apply(
        first.id, SAMPLE.id, {"party": "solo", "notes": "Window seat"}, context=assistant_edit()
    )
    await until(lambda: shows_mark(panel.binding("party").row))
    second = (await services.trips.create({"title": "Madrid"})).record
    panel.set_trip(second.id)
    await until(lambda: panel.trip_id == second.id and panel.state is not None)
    for name in ("party", "notes"):
        assert not panel.is_marked(name) and not shows_mark(panel.binding(name).row), name
    assert not panel.seen_bar.isVisible()

    panel.set_trip(first.id)
    await until(lambda: panel.is_marked("party") and shows_mark(panel.binding("notes").row))
    assert panel.seen_bar.isVisible()
    assert await services.history.undo_last(first.id) is not None
    await eventually(lambda: has_answers(services, first, {}))
    await until(lambda: not panel.is_marked("party") and not panel.is_marked("notes"))
    assert not shows_mark(panel.binding("party").row)
    assert not shows_mark(panel.binding("notes").row)
    assert not panel.seen_bar.isVisible()


async def test_undo_brings_the_previous_answer_back(
    panel: BriefPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    ages = line(panel, "ages")
    await type_and_enter(qtbot, ages, "30")
    await eventually(lambda: has_answers(services, trip, {"ages": [30]}))
    await focus(line(panel, "nickname"))
    await services.history.undo_last()
    await until(lambda: ages.text() == "")
    assert await answers(services, trip) == {}


async def test_answers_to_questions_no_longer_asked_are_shown_and_can_be_cleared(
    panel: BriefPanel, services: TripServices
) -> None:
    trip = await open_trip(panel, services)
    await services.forms.apply(trip.id, SAMPLE.id, {"travellers": 4, "ages": [9]})
    await until(lambda: panel.fields.unknown_box.isVisible())
    assert panel.fields.unknown_label.text() == (
        "Answers to questions this form no longer asks: travellers = 4."
    )
    panel.fields.clear_unknown_button.click()
    await eventually(lambda: has_answers(services, trip, {"ages": [9]}))
    await until(lambda: not panel.fields.unknown_box.isVisible())


async def test_an_answer_that_no_longer_fits_is_shown_with_the_reason(
    panel: BriefPanel, services: TripServices
) -> None:
    trip = await open_trip(panel, services)
    await services.forms.set_answer(trip.id, SAMPLE.id, "ages", [41, 300])
    await until(lambda: panel.binding("ages").row.error.startswith("The stored answer"))
    assert line(panel, "ages").text() == "41, 300"


async def test_switching_trips_saves_pending_edits_to_the_previous_trip(
    panel: BriefPanel, services: TripServices, qtbot: QtBot
) -> None:
    first = await open_trip(panel, services)
    notes = editor(panel, "notes")
    await focus(notes)
    qtbot.keyClicks(notes, "Aisle")
    second = (await services.trips.create({"title": "Lisbon"})).record
    panel.set_trip(second.id)
    await eventually(lambda: has_answers(services, first, {"notes": "Aisle"}))
    await until(lambda: panel.state is not None and panel.trip_id == second.id)
    assert isinstance(notes, QPlainTextEdit)
    await until(lambda: notes.toPlainText() == "")


async def test_deleting_the_trip_empties_the_panel(
    panel: BriefPanel, services: TripServices
) -> None:
    trip = await open_trip(panel, services)
    await services.trips.delete(trip.id)
    await until(lambda: panel.stack.currentWidget() is panel.placeholder)
    assert panel.placeholder.text() == DELETED_TEXT


async def test_the_trip_brief_builds_every_field_named_like_its_label(
    services: TripServices,
) -> None:
    """Generated from whatever the shipped brief asks, in tab order."""
    async with shown_panel(services, TRIP_BRIEF) as widget:
        trip = (await services.trips.create({"title": "Azores"})).record
        widget.set_trip(trip.id)
        await until(lambda: widget.state is not None)
        assert widget.status_label.text().startswith("Step 1 of ")
        for field in TRIP_BRIEF.fields:
            feditor = widget.fields.editors[field.name]
            if field.widget is WidgetKind.MULTI_CHOICE:
                assert feditor.widget.accessibleName() == field.label
                for check in feditor.widget.findChildren(QCheckBox):
                    assert check.accessibleName() == check.text()
            else:
                assert feditor.editor.accessibleName() == field.label
            assert widget.fields.labels[field.name].buddy() is feditor.editor
            assert field.label in widget.fields.labels[field.name].text()
        for button in widget.findChildren(QAbstractButton):
            if button.text():
                assert button.accessibleName() == button.text(), button.text()
            else:
                assert button.accessibleName() and button.toolTip(), button.objectName()
        shown = [name for name in TRIP_BRIEF.names if widget.is_shown(name)]
        first = widget.fields.editors[shown[0]].editor
        order = [w for w in tab_order(first, 12) if w.isVisible()][:3]  # Tab skips hidden rows.
        expected = [widget.fields.editors[name].editor for name in shown[:3]]
        assert order == expected
