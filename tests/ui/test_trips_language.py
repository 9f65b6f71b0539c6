"""The trip views speak the person's language: every text of the trip form, the stops, the
itinerary with its day timeline, the item dialog and the trip list goes through the
translation system (the pseudo-language finds any that does not), and in Portuguese a
typed-in refusal, the labels and the dates read in Portuguese."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from concierge.model.kinds import ITEM_KINDS
from concierge.store import ItemKind
from concierge.store.validation import ITEM_RULES, TRIP_RULES
from concierge.travel.itinerary.item_kinds import field_label
from concierge.ui.trips import ItineraryView, TripForm
from concierge.ui.trips.trip_list import TripListPanel
from tests.ui import trips_support
from tests.ui.trips_support import TripServices, assistant_edit, focus, on_screen
from tests.ui.visible_text import plain, pseudo_language
from tests.ui.visible_text import untranslated as untranslated_texts
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services

DATA = {"Porto weekend", "Porto", "Porto (OPO)", "Lisbon (LIS)", "Check in", "Port cellar"}
"""The person's own words: trip and item titles, places as they typed or chose them."""
STORE_LABELS = (
    {rule.label for rule in (*TRIP_RULES.values(), *ITEM_RULES.values())}
    | {str(row.label) for row in ITEM_KINDS}
    | {field_label(kind, name) for kind in ItemKind for name in ITEM_RULES}
)
"""Field and kind labels: marked by the store helper (shown through `shown`)."""
WEEKDAY = r"(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
DATES = re.compile(
    rf"^({WEEKDAY}|(\w{{3}} )?\d{{1,2}} \w{{3}} \d{{4}}|\d{{1,2}}[–-]\d{{1,2}} \w+ \d{{4}})$"
)
"""Dates as data: in English (which the pseudo-language keeps) they are the app's own."""


KEYS = re.compile(r"(?:[\W\d_]|\b[A-Z]\b|\bF\d{1,2}\b)*")
"""What is left of a translated text: punctuation, and the letter of a shortcut ("Ctrl+N")."""
WORDS_IN_DATES = re.compile(rf"{WEEKDAY}|\b(\w{{3}} )?\d{{1,2}} \w{{3}} \d{{4}}\b")


def allowed(text: str) -> bool:
    return text in DATA or text in STORE_LABELS or bool(DATES.match(text))


def left_over(text: str) -> str:
    """`text` without its marked parts (innermost first: a translated sentence can hold a
    translated value), the person's data and the store's labels in it, and its dates."""
    text = plain(text)
    before = None
    while before != text:
        before, text = text, re.sub("⟦[^⟦⟧]*⟧", " ", text)
    for words in sorted(DATA | STORE_LABELS, key=len, reverse=True):
        text = text.replace(words, " ")
    return WORDS_IN_DATES.sub(" ", text)


def untranslated(root: QWidget) -> list[str]:
    return untranslated_texts(
        root, lambda text: allowed(text) or KEYS.fullmatch(left_over(text)) is not None
    )


async def porto_trip(services: TripServices) -> str:
    trip = (
        await services.trips.create(
            {
                "title": "Porto weekend",
                "origin": "LIS",
                "start_date": "2026-05-14",
                "end_date": "2026-05-16",
            }
        )
    ).record
    await services.stops.add(
        trip.id, {"place": "Porto (OPO)", "place_code": "OPO", "timezone": "Europe/Lisbon"}
    )
    add = services.itinerary.add
    await add(trip.id, {"day": "2026-05-14", "title": "Check in", "start_time": "15:00"})
    await add(trip.id, {"day": "2026-05-14", "title": "Port cellar", "start_time": "15:30"})
    return trip.id


async def test_the_trip_form_and_its_stops_translate_every_text(services: TripServices) -> None:
    trip_id = await porto_trip(services)
    with pseudo_language():
        form = TripForm(services)
        form.set_lookup_starter(lambda _trip, _kind, _parameters: None)
        async with on_screen(form, 560, 800):
            assert untranslated(form) == []  # The empty state.
            form.set_trip(trip_id)
            await until(lambda: len(form.fields.stops_editor.rows) == 1)
            await until(lambda: form.row("origin").note_text != "")
            assert untranslated(form) == []
            stops = form.fields.stops_editor
            assert stops.rows[0].arrive.calendar_button.toolTip().startswith("⟦Choose")

            await services.trips.update(trip_id, {"pace": "packed"}, context=assistant_edit())
            await until(lambda: form.seen_bar.isVisible())
            assert form.seen_bar.label.text() == "⟦The assistant changed ⟦Pace⟧.⟧"
            assert untranslated(form) == []


async def test_the_itinerary_timeline_and_item_dialog_translate_every_text(
    services: TripServices, qtbot: QtBot
) -> None:
    trip_id = await porto_trip(services)
    with pseudo_language():
        view = ItineraryView(services)
        async with on_screen(view, 720, 520):
            assert untranslated(view) == []  # No trip.
            view.set_trip(trip_id)
            await until(lambda: view.model.rowCount() == 3)
            view.tree.setFocus()
            view.tree.setCurrentIndex(view.model.index(0, 0, view.model.index(0, 0)))
            await until(lambda: view.timeline.accessibleDescription() != "")
            assert untranslated(view) == []
            day = view.model.index(0, 0)
            spoken = str(view.model.data(day, Qt.ItemDataRole.AccessibleTextRole))
            assert spoken == "⟦⟦Thu 14 May 2026 — Day 1⟧, 2 items⟧"
            assert view.timeline.accessibleDescription().count("⟦") >= 2

            qtbot.keyClick(view.tree, Qt.Key.Key_Return)  # Edit the current item.
            await until(lambda: view.editor is not None and view.editor.isVisible())
            editor = view.editor
            assert editor is not None
            assert untranslated(editor) == []
            for kind in (ItemKind.LODGING, ItemKind.FLIGHT, ItemKind.CAR):
                editor.kind_combo.setCurrentIndex(editor.kind_combo.findData(kind.value))
                assert untranslated(editor) == []
            editor.reject()
            await until(lambda: view.editor is None)


async def test_the_trip_list_translates_every_text(services: TripServices) -> None:
    await porto_trip(services)
    await services.trips.create({"title": "Porto"})
    with pseudo_language():
        panel = TripListPanel(services)
        async with on_screen(panel, 360, 480):
            await until(lambda: panel.model.rowCount() == 2)
            assert untranslated(panel) == []
            subtitles = [panel.model.subtitle(trip) for trip in panel.model.trips]
            assert subtitles[1] == "⟦Dates not set⟧ · ⟦No stops yet⟧"
            panel.delete_selected()  # Nothing selected: nothing happens.
            panel.set_trip(panel.model.trips[1].id)
            panel.delete_selected()
            await until(lambda: panel.undo_bar.isVisible())
            assert untranslated(panel) == []


async def test_in_portuguese_a_backwards_end_date_is_refused_in_portuguese(
    portuguese: None, services: TripServices, qtbot: QtBot
) -> None:
    trip_id = await porto_trip(services)
    form = TripForm(services)
    async with on_screen(form, 560, 800):
        form.set_trip(trip_id)
        await until(lambda: form.record is not None)
        fields = form.fields
        assert fields.stops_label.text() == "Paradas"
        assert fields.stops_editor.add_button.text() == "Adicionar parada"
        assert fields.start_field.edit.text() == "14/05/2026"  # Read back as typed.
        await until(lambda: form.row("start_date").note_text == "quinta-feira")
        assert form.row("end_date").note_text == "sábado · 3 dias"

        end = fields.end_field.edit
        await focus(end)
        qtbot.keyClick(end, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(end, "10/05/2026")
        qtbot.keyClick(end, Qt.Key.Key_Tab)
        await until(lambda: form.row("end_date").note_text.startswith("A data de término"))
        assert form.row("end_date").note_text == (
            "A data de término (10 de mai. de 2026) é anterior à data de início "
            "(14 de mai. de 2026)."
        )
        record = await services.trips.get(trip_id)
        assert record is not None and record.end_date == date(2026, 5, 16)

        budget = fields.budget_edit
        await focus(budget)
        qtbot.keyClicks(budget, "1500,5")
        qtbot.keyClick(budget, Qt.Key.Key_Tab)
        await until(lambda: budget.text() == "1500,50")  # As stored, with the locale's comma.
        record = await services.trips.get(trip_id)
        assert record is not None and record.budget_amount == Decimal("1500.50")


async def test_in_portuguese_the_itinerary_reads_its_days_and_actions_in_portuguese(
    portuguese: None, services: TripServices, qtbot: QtBot
) -> None:
    trip_id = await porto_trip(services)
    view = ItineraryView(services)
    async with on_screen(view, 720, 520):
        view.set_trip(trip_id)
        await until(lambda: view.model.rowCount() == 3)
        assert [group.heading for group in view.model.days] == [
            "qui., 14 de mai. de 2026 — Dia 1",
            "sex., 15 de mai. de 2026 — Dia 2",
            "sáb., 16 de mai. de 2026 — Dia 3",
        ]
        assert view.toolbar.add_button.text() == "Adicionar item"
        view.tree.setFocus()
        view.tree.setCurrentIndex(view.model.index(1, 0, view.model.index(0, 0)))
        qtbot.keyClick(view.tree, Qt.Key.Key_Delete)
        await until(lambda: view.undo_bar.isVisible())
        assert view.undo_bar.text == "“Port cellar” removido."
        assert view.undo_bar.undo_button.text() == "Desfazer"
