"""The Money tab driven with real keys: an expense added by typing and Tab, totals and the
conversion date updating, a refused value named with nothing lost, an expense opened and
saved, and Delete with Undo."""

from __future__ import annotations

from collections.abc import AsyncIterator
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from concierge.model.settings import UI_LAST_TRIP_ID
from concierge.store import ExpenseCategory, TripRecord
from concierge.ui.colours import contrast, dark_palette, is_dark
from concierge.ui.ledger import LedgerPanel
from concierge.ui.ledger.charts import category_colour
from concierge.ui.ledger.model import CONVERTED_COLUMN, ExpensesModel
from tests.ui import trips_support
from tests.ui.trips_support import (
    TripServices,
    focus,
    on_screen,
    press,
    shown_window,
    type_text,
)
from tests.ui.waiting import until

place_index = trips_support.place_index
services = trips_support.services


@pytest.fixture
async def panel(services: TripServices) -> AsyncIterator[LedgerPanel]:
    widget = LedgerPanel(services.ledger, services.trips, services.history, services.bus)
    async with on_screen(widget, 1000, 520):
        yield widget


async def open_trip(panel: LedgerPanel, services: TripServices) -> TripRecord:
    trip = (
        await services.trips.create(
            {"title": "Tokyo", "budget_amount": "500", "budget_currency": "EUR"}
        )
    ).record
    panel.set_trip(trip.id)
    await until(lambda: panel.totals is not None and panel.trip_id == trip.id)
    return trip


def tab(qtbot: QtBot) -> None:
    press(qtbot, Qt.Key.Key_Tab)


async def test_an_expense_typed_field_by_field_shows_converted_with_its_rate_date(
    panel: LedgerPanel, services: TripServices, qtbot: QtBot, tmp_path: Path
) -> None:
    trip = await open_trip(panel, services)
    await focus(panel.view)
    press(qtbot, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    await until(lambda: QApplication.focusWidget() is panel.date_edit)
    type_text(qtbot, "2024-05-04")  # A Saturday: the Friday's rate is used.
    tab(qtbot)
    assert QApplication.focusWidget() is panel.amount_edit
    type_text(qtbot, "10000")
    tab(qtbot)
    assert QApplication.focusWidget() is panel.currency_edit
    press(qtbot, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    type_text(qtbot, "jpy")
    tab(qtbot)
    assert QApplication.focusWidget() is panel.category_combo
    type_text(qtbot, "t")  # Transport
    tab(qtbot)
    type_text(qtbot, "Suica top-up")
    tab(qtbot)
    assert QApplication.focusWidget() is panel.paid_by_edit
    tab(qtbot)
    type_text(qtbot, "Me, Ana")
    press(qtbot, Qt.Key.Key_Return)

    await until(lambda: panel.model.rowCount() == 1)
    (expense,) = await services.ledger.expenses(trip.id)
    assert (expense.amount, expense.currency) == (Decimal(10000), "JPY")
    assert expense.category is ExpenseCategory.TRANSPORT
    assert [share.name for share in expense.split] == ["Me", "Ana"]
    # 10000 / 164.62, the ECB's JPY rate of Friday 3 May 2024.
    assert panel.model.index(0, CONVERTED_COLUMN).data() == "60.75 EUR"
    assert "none published on 4 May 2024" in str(
        panel.model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    )
    assert "at the ECB rate of 3 May 2024" in panel.rates_label.text()
    assert panel.totals_label.text().splitlines() == [
        "Me: share 30.38 EUR, paid 60.75 EUR",
        "Ana: share 30.37 EUR, paid 0.00 EUR",
        "To settle: Ana pays Me 30.37 EUR",
    ]
    assert "transport 60.75 EUR" in panel.chart.accessibleDescription()
    assert panel.budget_bar.caption() == (
        "Spent 60.75 EUR · planned nothing costed yet · budget 500.00 EUR"
    )
    # Ready for the next one: same day and currency, amount focused and empty.
    assert QApplication.focusWidget() is panel.amount_edit
    # Dates read as the trip form writes them, and the field shows its date whole.
    assert (panel.date_edit.text(), panel.currency_edit.text()) == ("4 May 2024", "JPY")
    assert panel.model.index(0, 0).data() == "4 May 2024"
    shown = panel.date_edit.fontMetrics().horizontalAdvance("28 Dec 2028")
    assert panel.date_edit.minimumWidth() > shown
    assert panel.amount_edit.text() == ""
    panel.grab().save(str(tmp_path / "ledger.png"))


async def test_a_refused_value_is_named_its_field_focused_and_nothing_lost(
    panel: LedgerPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    await focus(panel.view)
    press(qtbot, Qt.Key.Key_Insert)
    await until(lambda: QApplication.focusWidget() is panel.date_edit)
    type_text(qtbot, "2024-05-03")
    tab(qtbot)
    type_text(qtbot, "12.345")
    tab(qtbot)
    tab(qtbot)
    tab(qtbot)
    type_text(qtbot, "Coffee")
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: panel.error_label.isVisible())
    assert "12.345 EUR has too many decimals" in panel.error_label.text()
    assert QApplication.focusWidget() is panel.amount_edit
    assert (panel.amount_edit.text(), panel.description_edit.text()) == ("12.345", "Coffee")
    assert await services.ledger.expenses(trip.id) == []

    press(qtbot, Qt.Key.Key_Backspace)
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: panel.model.rowCount() == 1)
    assert not panel.error_label.isVisible()
    assert panel.chart.accessibleDescription().startswith("By category: other 12.34 EUR.")


async def test_open_with_enter_save_then_delete_and_undo(
    panel: LedgerPanel, services: TripServices, qtbot: QtBot
) -> None:
    trip = await open_trip(panel, services)
    ModelTester(qtbot).check(panel.model)
    assert isinstance(panel.model, ExpensesModel)
    await services.ledger.add(
        trip.id, {"amount": "40", "spent_on": "2024-05-03", "description": "Ramen"}
    )
    await until(lambda: panel.model.rowCount() == 1)
    await focus(panel.view)
    panel.view.setCurrentIndex(panel.model.index(0, 0))
    press(qtbot, Qt.Key.Key_F2)
    await until(lambda: QApplication.focusWidget() is panel.amount_edit)
    assert panel.save_button.text() == "Save"
    type_text(qtbot, "45")
    press(qtbot, Qt.Key.Key_Return)
    await until(lambda: "other 45.00 EUR" in panel.chart.accessibleDescription())
    assert [e.amount for e in await services.ledger.expenses(trip.id)] == [Decimal(45)]

    await focus(panel.view)
    panel.view.setCurrentIndex(panel.model.index(0, 0))
    press(qtbot, Qt.Key.Key_Delete)
    await until(lambda: panel.model.rowCount() == 0 and panel.undo_bar.isVisible())
    assert panel.chart.accessibleDescription() == "Nothing spent yet."
    qtbot.mouseClick(panel.undo_bar.undo_button, Qt.MouseButton.LeftButton)
    await until(lambda: panel.model.rowCount() == 1)
    assert "other 45.00 EUR" in panel.chart.accessibleDescription()
    assert [e.amount for e in await services.ledger.expenses(trip.id)] == [Decimal(45)]


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
async def test_the_chart_colours_stand_out_in_light_and_dark(
    panel: LedgerPanel, services: TripServices, dark: bool, tmp_path: Path
) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = app.palette()
    if dark:
        app.setPalette(dark_palette())
    try:
        trip = await open_trip(panel, services)
        for day, amount, category in [
            ("2024-05-02", "120", "lodging"),
            ("2024-05-02", "30", "food"),
            ("2024-05-03", "45", "transport"),
            ("2024-05-04", "15", "food"),
        ]:
            await services.ledger.add(
                trip.id, {"amount": amount, "spent_on": day, "category": category}
            )
        await until(lambda: panel.model.rowCount() == 4)
        base = panel.chart.palette().color(QPalette.ColorRole.Base)
        for category in ExpenseCategory:
            shade = category_colour(category, panel.chart.palette())
            assert contrast(shade, base) >= 3, category
        assert is_dark(panel.chart.palette()) is dark
        panel.grab().save(str(tmp_path / f"ledger-{'dark' if dark else 'light'}.png"))
    finally:
        app.setPalette(before)


async def test_in_the_window_ctrl_6_opens_money_where_ctrl_n_starts_an_expense(
    services: TripServices, qtbot: QtBot
) -> None:
    trip = (await services.trips.create({"title": "Osaka", "budget_currency": "EUR"})).record
    await services.settings.set(UI_LAST_TRIP_ID, trip.id)
    async with shown_window(services) as window:
        window.trip_form.fields.title_edit.setFocus()
        await until(lambda: QApplication.focusWidget() is window.trip_form.fields.title_edit)
        press(qtbot, Qt.Key.Key_6, Qt.KeyboardModifier.ControlModifier)
        panel = window.ledger_panel
        await until(lambda: window.bottom_tabs.currentWidget() is panel)
        await until(lambda: QApplication.focusWidget() is panel.date_edit)  # No expenses yet.
        press(qtbot, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
        await until(lambda: QApplication.focusWidget() is panel.date_edit)
        type_text(qtbot, "2024-05-03")
        tab(qtbot)
        type_text(qtbot, "25")
        press(qtbot, Qt.Key.Key_Return)
        await until(lambda: panel.model.rowCount() == 1 or panel.error_label.isVisible())
        assert not panel.error_label.isVisible(), panel.error_label.text()
        assert [t.title for t in await services.trips.all()] == ["Osaka"]  # No new trip.
        window.undo_action.trigger()
        await until(lambda: panel.model.rowCount() == 0)
        assert await services.ledger.expenses(trip.id) == []
