"""The real app, except that once its window is ready it starts the weather lookup on the trip
shown (as Lookups ▸ Look up ▸ Weather forecast does), so a bench can time an exit while a lookup
runs without driving the menu. Run as `python tests/lookup_started.py --data-dir …` (see
`LOOKUP_STARTED`) on a folder `seed_forecast` wrote, its server holding the answer."""

from __future__ import annotations

import asyncio
import sys
from datetime import date, timedelta
from pathlib import Path

from concierge.model.settings import LOOKUPS_ONLINE_WEATHER, LOOKUPS_WEATHER_URL
from concierge.store import ChangeBus, Database, Settings, StopRepository, TripRepository
from concierge.store.paths import database_path

LOOKUP_STARTED = (str(Path(__file__)),)
"""`start_app`'s `program` for this app."""


def seed_forecast(data_dir: Path, weather_url: str) -> None:
    """A trip to Lisbon in the next days, and weather forecasts on, asked of `weather_url`."""

    async def write() -> None:
        with Database.open(database_path(data_dir)) as database:
            bus, soon = ChangeBus(), date.today() + timedelta(days=1)
            trip = (
                await TripRepository(database, bus).create(
                    {"title": "Lisbon", "start_date": soon, "end_date": soon + timedelta(days=2)}
                )
            ).record
            await StopRepository(database, bus).add(
                trip.id, {"place": "Lisbon", "arrive": soon, "depart": soon + timedelta(days=2)}
            )
            settings = Settings(database)
            await settings.set(LOOKUPS_ONLINE_WEATHER, True)
            await settings.set(LOOKUPS_WEATHER_URL, weather_url)

    asyncio.run(write())


if __name__ == "__main__":
    from concierge.app import main
    from concierge.ui.main_window import MainWindow

    restore = MainWindow.restore_session

    async def restore_then_look_up(window: MainWindow) -> None:
        await restore(window)
        window.lookups_panel.start(kind="weather")

    MainWindow.restore_session = restore_then_look_up  # type: ignore[method-assign,assignment]
    sys.exit(main())
