"""The item editor's, the ledger's and the stops list's limits are the store's declared
ones: each line stops at the characters its rule keeps, typed key by key, so what the
person sees is what the store will accept."""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from concierge.store.validation import (
    EXPENSE_RULES,
    ITEM_RULES,
    STOP_RULES,
    text_limit,
)
from concierge.ui.ledger import LedgerPanel
from concierge.ui.trips import TripForm
from concierge.ui.trips.item_editor import ItemEditor
from tests.ui import trips_support
from tests.ui.trips_support import TripServices, focus, on_screen, press, type_text
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services


def limit_of(rules: object, name: str) -> int:
    limit = text_limit(rules[name])  # type: ignore[index]
    assert limit is not None, name
    return limit


async def typed_to_the_limit(qtbot: QtBot, edit: QLineEdit, limit: int) -> None:
    await focus(edit)
    type_text(qtbot, "x" * (limit + 3))
    assert edit.text() == "x" * limit


async def test_the_item_editor_keeps_what_the_store_keeps(qtbot: QtBot) -> None:
    editor = ItemEditor(None, day=date(2027, 4, 12))
    qtbot.addWidget(editor)
    editor.show()
    editor.activateWindow()
    await until(lambda: QApplication.activeWindow() is editor)
    for name, widget in editor.fields.items():
        limit = text_limit(ITEM_RULES[name])
        if isinstance(widget, QLineEdit) and limit is not None:
            assert widget.maxLength() == limit, name
    assert editor.detail_edits["link"].maxLength() == limit_of(ITEM_RULES, "link")
    assert editor.detail_edits["seat"].maxLength() == limit_of(ITEM_RULES, "seat")
    await typed_to_the_limit(qtbot, editor.title_edit, limit_of(ITEM_RULES, "title"))
    assert editor.values()["title"] == "x" * limit_of(ITEM_RULES, "title")


async def test_the_ledger_keeps_what_the_store_keeps(services: TripServices, qtbot: QtBot) -> None:
    panel = LedgerPanel(services.ledger, services.trips, services.history, services.bus)
    async with on_screen(panel, 1000, 520):
        trip = (await services.trips.create({"title": "Tokyo"})).record
        panel.set_trip(trip.id)
        await until(lambda: panel.totals is not None and panel.trip_id == trip.id)
        assert panel.description_edit.maxLength() == limit_of(EXPENSE_RULES, "description")
        assert panel.currency_edit.maxLength() == limit_of(EXPENSE_RULES, "currency") == 3
        await typed_to_the_limit(qtbot, panel.paid_by_edit, limit_of(EXPENSE_RULES, "paid_by"))


async def test_a_stop_keeps_what_the_store_keeps(services: TripServices, qtbot: QtBot) -> None:
    form = TripForm(services)
    async with on_screen(form, 560, 760):
        trip = (await services.trips.create({"title": "Japan"})).record
        form.set_trip(trip.id)
        await until(lambda: form.record is not None and form.record.id == trip.id)
        stops = form.fields.stops_editor
        await focus(form.fields.origin_edit)
        press(qtbot, Qt.Key.Key_Insert)
        await until(lambda: len(stops.rows) == 1)
        place = stops.rows[0].place
        assert QApplication.focusWidget() is place
        assert place.maxLength() == limit_of(STOP_RULES, "place")
        await typed_to_the_limit(qtbot, place, limit_of(STOP_RULES, "place"))
