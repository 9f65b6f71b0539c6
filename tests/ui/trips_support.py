"""Real services for the trip view tests: a SQLite file per test, repositories, the change
bus and undo history over it, and one loaded `PlaceIndex` for the whole session; plus small
helpers the three test modules share.

A test module takes the fixtures by naming them at module level
(`services = trips_support.services`), which is how pytest finds them.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from concierge.store import Actor, ChangeContext
from concierge.travel.places import PlaceIndex
from concierge.travel.services import TravelServices, open_services

TripServices = TravelServices
"""The app's own services: what the trip views are built with in the app."""


def assistant_edit() -> ChangeContext:
    """The context an assistant tool call writes in."""
    return ChangeContext(actor=Actor.ASSISTANT, label="Assistant edit")


@functools.cache
def loaded_places() -> PlaceIndex:
    """Loading reads the real airport data (about half a second): once per session, however
    many modules name the fixture."""
    index = PlaceIndex()
    index.load()
    return index


@pytest.fixture(scope="session")
def place_index() -> PlaceIndex:
    return loaded_places()


@pytest.fixture
def services(tmp_path: Path, place_index: PlaceIndex) -> Iterator[TravelServices]:
    """Everything the trip views need, over a real SQLite file under `tmp_path`."""
    opened = open_services(tmp_path, places=place_index)
    try:
        yield opened
    finally:
        opened.close()


# ASYNC109: a timeout argument reads better in tests than wrapping each call in a scope.
async def eventually(check: Callable[[], Awaitable[bool]], timeout: float = 5.0) -> None:  # noqa: ASYNC109
    """Like `until`, for a condition that has to ask the store (an awaitable check)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not await check():
        if loop.time() >= deadline:
            raise TimeoutError("the store never reached the expected state")
        await asyncio.sleep(0.01)


def tab_order(start: QWidget, count: int) -> list[QWidget]:
    """The first `count` widgets Tab reaches from `start`, skipping what takes no focus
    and the inner editors of spin boxes and combos (they pass focus to their owner)."""
    order: list[QWidget] = []
    widget: QWidget | None = start
    while widget is not None and len(order) < count:
        order.append(widget)
        widget = widget.nextInFocusChain()
        while widget is not None and (
            widget.focusPolicy() == Qt.FocusPolicy.NoFocus or widget.focusProxy() is not None
        ):
            widget = widget.nextInFocusChain()
    return order
