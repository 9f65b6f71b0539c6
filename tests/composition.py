"""The app's composition for tests: `open_services`, the one function the window, the
command line and the benchmarks build their services with, over a folder of the test's, with
one place index loaded for the whole session (as the window has it once ready). Qt-free."""

from __future__ import annotations

import functools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from concierge.travel.places.index import PlaceIndex
from concierge.travel.services import TravelServices, open_services


@functools.cache
def loaded_places() -> PlaceIndex:
    """Loading reads the real airport and town data (2.4 s of CPU): once per session, however
    many tests ask for it."""
    index = PlaceIndex()
    index.load()
    return index


@asynccontextmanager
async def opened_services(folder: Path) -> AsyncIterator[TravelServices]:
    """The services of `folder` with the loaded place index, closed as the app closes them
    (`aclose` on the loop, then `close`)."""
    services = open_services(folder, places=loaded_places())
    try:
        yield services
    finally:
        await services.aclose()
        services.close()
