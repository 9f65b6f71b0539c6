"""Facts the assistant set show as unverified in the itinerary, the item dialog and the
ledger until the person confirms them: Ctrl+Shift+K on the selected items (or expense), or
Confirm details in the dialog, each one undo step."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from concierge.store import Actor, ChangeContext, FactSource
from concierge.ui.colours import Tone, colour
from concierge.ui.ledger import LedgerPanel
from concierge.ui.ledger.model import AMOUNT_COLUMN
from concierge.ui.trips import ItineraryView
from concierge.ui.trips.itinerary_model import UNVERIFIED_ROLE
from concierge.ui.views.marks import UNVERIFIED
from tests.ui import trips_support
from tests.ui.trips_support import TripServices, focus, on_screen, press
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services

ASSISTANT = ChangeContext(actor=Actor.ASSISTANT)
DAY = "2026-05-01"


@pytest.fixture
async def view(services: TripServices) -> AsyncIterator[ItineraryView]:
    widget = ItineraryView(services)
    async with on_screen(widget, 900, 600):
        yield widget


async def _trip_with_guesses(services: TripServices) -> tuple[str, str, str]:
    trip = (
        await services.trips.create({"title": "Porto", "start_date": DAY, "end_date": DAY})
    ).record
    lello = (await services.itinerary.add(trip.id, {"day": DAY, "title": "Lello"})).record
    dinner = (await services.itinerary.add(trip.id, {"day": DAY, "title": "Dinner"})).record
    await services.itinerary.update(lello.id, {"start_time": "10:30"}, context=ASSISTANT)
    await services.itinerary.update(
        dinner.id, {"cost_amount": "40", "cost_currency": "EUR"}, context=ASSISTANT
    )
    return trip.id, lello.id, dinner.id


async def test_ctrl_shift_k_confirms_the_selected_items_in_one_undo_step(
    view: ItineraryView, services: TripServices, qtbot: QtBot
) -> None:
    trip_id, lello, dinner = await _trip_with_guesses(services)
    view.set_trip(trip_id)
    await until(lambda: view.model.is_unverified(lello) and view.model.is_unverified(dinner))
    time_cell = view.model.index_of_item(lello)
    # Beside the mark of an unseen change, which looking at the item clears.
    assert f"{UNVERIFIED}: time" in time_cell.data(Qt.ItemDataRole.ToolTipRole).splitlines()
    assert time_cell.data(Qt.ItemDataRole.ForegroundRole) == colour(Tone.UNVERIFIED)
    notes_cell = view.model.index_of_item(dinner, 3)
    assert f"{UNVERIFIED}: cost" in notes_cell.data(Qt.ItemDataRole.ToolTipRole)

    await focus(view.tree)
    view.tree.selectionModel().setCurrentIndex(
        view.model.index_of_item(lello),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )
    press(qtbot, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)
    await until(lambda: set(view.selected_item_ids) == {lello, dinner})
    assert view.toolbar.confirm_action.isEnabled()
    press(
        qtbot, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    await until(
        lambda: not view.model.is_unverified(lello) and not view.model.is_unverified(dinner)
    )
    assert await services.itinerary.unverified(trip_id) == {}
    assert view.model.index_of_item(lello).data(UNVERIFIED_ROLE) is False
    assert not view.toolbar.confirm_action.isEnabled()

    assert await services.history.undo_label() == "Confirm details of 2 items"
    await services.history.undo_last()
    await until(lambda: view.model.is_unverified(lello) and view.model.is_unverified(dinner))
    await until(lambda: view.toolbar.confirm_action.isEnabled())


async def test_the_dialog_marks_the_guessed_fields_and_confirms_them(
    view: ItineraryView, services: TripServices, qtbot: QtBot
) -> None:
    trip_id, lello, _dinner = await _trip_with_guesses(services)
    view.set_trip(trip_id)
    await until(lambda: view.model.is_unverified(lello))
    await focus(view.tree)
    view.tree.selectionModel().setCurrentIndex(
        view.model.index_of_item(lello),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows,
    )
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: view.editor is not None and view.editor.isVisible())
    editor = view.editor
    assert editor is not None
    assert editor.unverified_fields == {"start_time"}
    assert editor.time_edit.toolTip() == UNVERIFIED
    label_ink = editor.labels["start_time"].palette().color(QPalette.ColorRole.WindowText)
    assert label_ink == colour(Tone.UNVERIFIED)
    assert editor.confirm_button.isVisibleTo(editor)

    await focus(editor.cancel_button)
    press(qtbot, Qt.Key.Key_Tab)
    assert QApplication.focusWidget() is editor.confirm_button
    press(qtbot, Qt.Key.Key_Space)
    await until(lambda: not editor.confirm_button.isVisibleTo(editor))
    assert editor.unverified_fields == frozenset()
    assert editor.time_edit.toolTip() == ""
    await until(lambda: not view.model.is_unverified(lello))
    sources = (await services.itinerary.sources([lello]))[lello]
    assert sources["start_time"].source is FactSource.ASSISTANT
    assert sources["start_time"].confirmed
    press(qtbot, Qt.Key.Key_Escape)
    await until(lambda: view.editor is None)


async def test_an_expense_the_assistant_wrote_down_is_confirmed_with_ctrl_shift_k(
    services: TripServices, qtbot: QtBot
) -> None:
    panel = LedgerPanel(services.ledger, services.trips, services.history, services.bus)
    async with on_screen(panel, 1000, 520):
        trip = (await services.trips.create({"title": "Tokyo", "budget_currency": "EUR"})).record
        expense = (
            await services.ledger.add(
                trip.id, {"amount": "40", "spent_on": "2024-05-03"}, context=ASSISTANT
            )
        ).record
        panel.set_trip(trip.id)
        await until(lambda: panel.model.rowCount() == 1)
        amount = panel.model.index(0, AMOUNT_COLUMN)
        await until(lambda: amount.data(Qt.ItemDataRole.ForegroundRole) is not None)
        assert amount.data(Qt.ItemDataRole.ForegroundRole) == colour(Tone.UNVERIFIED)
        assert f"{UNVERIFIED}: amount" in amount.data(Qt.ItemDataRole.ToolTipRole)
        await focus(panel.view)
        panel.view.setCurrentIndex(panel.model.index(0, 0))
        await until(lambda: panel.confirm_action.isEnabled())
        press(
            qtbot,
            Qt.Key.Key_K,
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
        )
        await until(
            lambda: panel.model.index(0, AMOUNT_COLUMN).data(Qt.ItemDataRole.ForegroundRole) is None
        )
        assert await services.ledger.unverified(trip.id) == {}
        assert await services.history.undo_label() == "Confirm expense other"
        await services.history.undo_last()
        await until(
            lambda: (
                panel.model.index(0, AMOUNT_COLUMN).data(Qt.ItemDataRole.ForegroundRole) is not None
            )
        )
        assert expense.id in await services.ledger.unverified(trip.id)
