"""A data folder the window left, and the window itself beside the server."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from concierge.store.writers import WINDOW
from concierge.travel.services import TravelServices, open_services

from .support import Folder, seed


@pytest.fixture
async def folder(tmp_path: Path) -> Folder:
    return await seed(tmp_path / "data")


@pytest.fixture
async def window(folder: Folder) -> AsyncIterator[TravelServices]:
    """The window, another program on the same folder."""
    services = open_services(folder.path, program=WINDOW)
    try:
        yield services
    finally:
        await services.aclose()
        services.close()
