"""One loaded place index for the whole session: loading reads the real airport data."""

from __future__ import annotations

import pytest

from concierge.travel.places import PlaceIndex


@pytest.fixture(scope="session")
def places() -> PlaceIndex:
    index = PlaceIndex()
    index.load()
    return index
