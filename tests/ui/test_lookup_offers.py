"""What the Look up menu offers: never a conversion from the trip's currency to itself, and
no online lookup while it is off in Settings (disabled, saying why, with a way there); the
assistant's tool refuses such a lookup too."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concierge.agent import ToolError
from concierge.model.settings import LOOKUPS_ONLINE_WEATHER
from concierge.travel.assistant.lookup_tools import LookupEdit, LookupKindName, LookupTools
from concierge.travel.services import TravelServices, open_services
from concierge.ui.lookups import LookupsPanel
from concierge.ui.trips import TripForm
from tests.composition import loaded_places
from tests.ui.trips_support import eventually, focus, on_screen
from tests.ui.waiting import until


@pytest.fixture
async def services(tmp_path: Path) -> AsyncIterator[TravelServices]:
    opened = open_services(tmp_path, places=loaded_places())
    try:
        yield opened
    finally:
        await opened.aclose()
        opened.close()


@pytest.fixture
async def panel(services: TravelServices) -> AsyncIterator[LookupsPanel]:
    async with on_screen(LookupsPanel(services.lookups, services.selection), 640, 480) as view:
        yield view


async def open_menu(panel: LookupsPanel, qtbot: QtBot) -> None:
    """Open the menu from the keyboard, as the person would (Space on the button)."""
    panel.look_up_menu.hide()
    await until(lambda: not panel.look_up_menu.isVisible())
    await focus(panel.look_up_button)
    qtbot.keyClick(panel.look_up_button, Qt.Key.Key_Space)
    await until(lambda: panel.look_up_menu.isVisible())


def offered_currencies(panel: LookupsPanel) -> set[str]:
    return {
        key.partition(":")[2]
        for key, action in panel.start_actions.items()
        if ":" in key and action.isVisible()
    }


async def test_the_trips_own_currency_is_never_offered(
    panel: LookupsPanel, services: TravelServices, qtbot: QtBot
) -> None:
    trip = (await services.trips.create({"title": "Rome", "budget_currency": "EUR"})).record
    panel.set_trip(trip.id)
    await open_menu(panel, qtbot)
    assert "EUR" not in offered_currencies(panel) and "USD" in offered_currencies(panel)
    await services.trips.update(trip.id, {"budget_currency": "USD"})
    await open_menu(panel, qtbot)
    assert "USD" not in offered_currencies(panel) and "EUR" in offered_currencies(panel)
    panel.look_up_menu.hide()


async def test_the_trip_forms_convert_menu_follows_the_currency_typed(
    services: TravelServices, qtbot: QtBot
) -> None:
    trip = (
        await services.trips.create(
            {"title": "Rome", "budget_amount": "1800", "budget_currency": "EUR"}
        )
    ).record
    started: list[object] = []
    async with on_screen(TripForm(services), 520, 760) as form:
        form.set_trip(trip.id)
        await until(lambda: form.record is not None)
        form.set_lookup_starter(lambda trip_id, kind, parameters: started.append(parameters))
        fields = form.fields

        async def targets() -> list[str]:
            fields.convert_menu.hide()
            await focus(fields.convert_button)
            qtbot.keyClick(fields.convert_button, Qt.Key.Key_Space)
            await until(lambda: fields.convert_menu.isVisible())
            return [action.text() for action in fields.convert_menu.actions()]

        first = await targets()
        assert "To EUR" not in first and "To USD" in first
        await focus(fields.currency_combo)
        qtbot.keyClick(fields.currency_combo, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClicks(fields.currency_combo, "usd")
        qtbot.keyClick(fields.currency_combo, Qt.Key.Key_Return)

        async def stored_usd() -> bool:
            record = await services.trips.get(trip.id)
            return record is not None and record.budget_currency == "USD"

        await eventually(stored_usd)
        second = await targets()
        assert "To USD" not in second and "To EUR" in second
        fields.convert_menu.hide()


async def test_weather_is_off_until_turned_on_in_settings(
    panel: LookupsPanel, services: TravelServices, qtbot: QtBot
) -> None:
    trip = (await services.trips.create({"title": "Rome"})).record
    await services.stops.add(trip.id, {"place": "Rome"})
    panel.set_trip(trip.id)
    opened: list[bool] = []
    panel.settings_requested.connect(lambda: opened.append(True))
    await open_menu(panel, qtbot)
    weather = panel.start_actions["weather"]
    assert not weather.isEnabled()
    assert weather.text().endswith("(off in Settings)")
    assert "Turn on weather forecasts in Settings ▸ Online lookups" in weather.toolTip()
    assert panel.online_settings_action.isVisible()
    panel.online_settings_action.trigger()
    assert opened == [True]

    await services.settings.set(LOOKUPS_ONLINE_WEATHER, True)
    await open_menu(panel, qtbot)
    assert weather.isEnabled()
    assert not panel.online_settings_action.isVisible()
    panel.look_up_menu.hide()


async def test_the_assistant_is_refused_weather_while_it_is_off(services: TravelServices) -> None:
    trip = (await services.trips.create({"title": "Rome"})).record
    await services.stops.add(trip.id, {"place": "Rome"})
    tools = LookupTools(trip.id, services.lookups, services.lookups.jobs)
    with pytest.raises(ToolError, match="Not started: Online lookups are off"):
        await tools.start(LookupEdit(action="start", kind=LookupKindName("weather")), None)  # type: ignore[arg-type]
    assert await services.lookups.jobs.list_for_trip(trip.id) == []
