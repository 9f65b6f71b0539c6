"""The whole window in another language: with a pseudo-translation and some data in every
panel (a stop, an item, an expense, a goal, a pin), every text under the main window, shown
or not, went through the translation system, except the app's name, currency codes, the
calendar's month and day names (locale data) and the person's own data; in Portuguese the brief's
choices read in Portuguese."""

from __future__ import annotations

import re
from datetime import date

from PySide6.QtCore import QAbstractItemModel, QLocale, QModelIndex, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QCheckBox, QComboBox, QWidget
from pytestqt.qtbot import QtBot

from concierge.agent import ModelError
from concierge.agent.openai_errors import seconds
from concierge.app_identity import APP_NAME
from concierge.store import Actor, ChangeContext, TripRecord
from concierge.text import QT_TRANSLATE_NOOP
from concierge.travel.money.currencies import CURRENCIES
from concierge.travel.services import TravelServices
from concierge.ui.chat.errors import describe_error
from concierge.ui.i18n import shown
from concierge.ui.task_failure import failure_text
from tests.ui import trips_support
from tests.ui.trips_support import focus, keyboard_target, shown_window
from tests.ui.visible_text import CLOSE, OPEN, plain, pseudo_language, untranslated
from tests.ui.waiting import until

services = trips_support.services
place_index = trips_support.place_index

OWN_DATA = (
    "Porto",
    "Porto (OPO)",
    "OPO",
    "Europe/Lisbon",
    "Museum",
    "Guesthouse",
    "Me",
    "Flights booked",
    "No red-eye flights",
)


def allowed_text() -> set[str]:
    locale = QLocale()
    forms = (QLocale.FormatType.LongFormat, QLocale.FormatType.ShortFormat)
    months = {locale.monthName(month, form) for month in range(1, 13) for form in forms}
    weekdays = {locale.dayName(day, form) for day in range(1, 8) for form in forms}
    return {APP_NAME, *CURRENCIES, *months, *weekdays, *OWN_DATA}


def allowed(text: str) -> bool:
    """The app's name, a currency code, a month name or the person's own data, or a text
    made only of those outside the pseudo-translation's marks."""
    names = allowed_text()
    while re.search(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", text):
        text = re.sub(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}", "\0", text)
    parts = [re.sub(r"^[\W\d_]+|[\W\d_]+$", "", part) for part in text.split("\0")]
    return all(not part or part in names or plain(part) in names for part in parts)


def assistant(name: str) -> ChangeContext:
    return ChangeContext(actor=Actor.ASSISTANT, label=f"the assistant’s {name}", group_id=name)


async def porto(services: TravelServices) -> TripRecord:
    trip = (
        await services.trips.create(
            {
                "title": "Porto",
                "start_date": "2026-05-14",
                "end_date": "2026-05-16",
                "budget_amount": "100",
                "budget_currency": "EUR",
            }
        )
    ).record
    await services.stops.add(
        trip.id, {"place": "Porto (OPO)", "place_code": "OPO", "timezone": "Europe/Lisbon"}
    )
    await services.itinerary.add(
        trip.id,
        {"day": "2026-05-14", "title": "Museum", "start_time": "10:00", "end_time": "12:00"},
    )
    await services.ledger.add(
        trip.id,
        {
            "spent_on": date(2026, 5, 14),
            "amount": "80",
            "currency": "EUR",
            "category": "lodging",
            "description": "Guesthouse",
        },
    )
    await services.goals.add(trip.id, "Flights booked")
    pin = (await services.pins.add("No red-eye flights", trip_id=trip.id)).record
    await services.pins.set_rule(pin.id, "max_flights(2)", context=assistant("rule"))
    return trip


async def test_the_whole_window_holding_data_shows_only_translated_text(
    services: TravelServices,
) -> None:
    await porto(services)
    with pseudo_language():
        async with shown_window(services) as main:
            await until(lambda: main.trip_form.record is not None)
            found = untranslated(main, allowed, visible_only=False)
    assert found == [], "\n".join(found)


def model_texts(model: QAbstractItemModel, parent: QModelIndex | None = None) -> list[str]:
    """Every cell's display text of `model` (a tree's children included)."""
    parent = parent or QModelIndex()
    texts: list[str] = []
    for row in range(model.rowCount(parent)):
        for column in range(model.columnCount(parent)):
            index = model.index(row, column, parent)
            text = index.data(Qt.ItemDataRole.DisplayRole)
            if isinstance(text, str) and text:
                texts.append(text)
        texts += model_texts(model, model.index(row, 0, parent))
    return texts


async def test_the_itinerary_rows_of_a_flight_read_translated(services: TravelServices) -> None:
    trip = await porto(services)
    await services.itinerary.add(
        trip.id,
        {
            "day": "2026-05-15",
            "kind": "flight",
            "title": "Home",
            "start_time": "13:45",
            "end_time": "15:05",
            "seat": "23A",
        },
    )
    await services.itinerary.add(trip.id, {"day": "2026-05-16", "title": "Beach", "all_day": True})
    with pseudo_language():
        async with shown_window(services) as main:
            model = main.itinerary.model
            await until(lambda: "⟦All day⟧" in model_texts(model))
            texts = model_texts(model)
    assert "⟦{kind} · {title}⟧".replace("{kind}", "⟦Flight⟧").replace("{title}", "Home") in texts
    assert any("⟦seat {seat}⟧".replace("{seat}", "23A") in text for text in texts)


def test_a_failed_task_reads_in_portuguese(portuguese: None) -> None:
    error = ValueError("disk full")
    assert failure_text("refresh undo", error) == (
        "Não foi possível atualizar o desfazer: disk full"
    )
    assert failure_text("export PDF", error) == "Algo deu errado: disk full"


def test_a_failed_task_reads_as_before_in_english(qapp: QWidget) -> None:
    assert failure_text("refresh undo", ValueError("disk full")) == (
        "Could not refresh undo: disk full"
    )
    assert failure_text("export PDF", "gone") == "Could not export PDF: gone"


def test_the_model_servers_failure_reads_in_portuguese(portuguese: None) -> None:
    error = ModelError(
        QT_TRANSLATE_NOOP("ModelError", "The model server answered {status}: {detail}").format(
            status=500, detail="boom"
        ),
        retryable=True,
    )
    assert str(error) == "The model server answered 500: boom"
    assert describe_error(error) == "O servidor do modelo respondeu 500: boom"
    assert shown(seconds(1.5)) == "1.5 segundos"


async def test_the_brief_offers_its_choices_in_portuguese(
    portuguese: None, services: TravelServices, qtbot: QtBot
) -> None:
    await porto(services)
    async with shown_window(services) as main:
        await focus(main.trip_form)
        QTest.keyClick(keyboard_target(), Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
        await until(lambda: main.bottom_tabs.currentWidget() is main.brief_panel)
        await until(lambda: main.brief_panel.state is not None)
        choices = {box.text() for box in main.brief_panel.findChildren(QCheckBox)}
        combos = {
            combo.itemText(n)
            for combo in main.brief_panel.findChildren(QComboBox)
            for n in range(combo.count())
        }
    assert {"Sem glúten", "Vegana"} <= choices
    assert "Casal" in combos
