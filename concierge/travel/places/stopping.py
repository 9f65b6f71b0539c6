"""Stopping the place index's load part-way: the app closing must not wait seconds for
airports and towns it will never show. The loader checks a flag between chunks of its work."""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")
_CHUNK = 2000  # rows between checks: a few milliseconds of parsing


class LoadStopped(Exception):
    """The load was stopped before it finished; the index stays unloaded."""


def check(stop: threading.Event | None) -> None:
    """Raise ``LoadStopped`` once ``stop`` is set."""
    if stop is not None and stop.is_set():
        raise LoadStopped("The place index's load was stopped.")


def checked(items: Iterable[T], stop: threading.Event | None) -> Iterator[T]:
    """``items``, checking ``stop`` every few thousand."""
    for number, item in enumerate(items):
        if number % _CHUNK == 0:
            check(stop)
        yield item
