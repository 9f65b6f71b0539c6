"""SIGTERM during the window's imports abandons them as `Closing`, also where the library the
signal interrupted turns the exception into an error of its own."""

from __future__ import annotations

import os
import signal

import pytest

from concierge.ui.unix_signals import Closing, closing_at_once


class LazyAttributes:
    """Stands for PySide6 building an enum on first use: an exception raised inside comes out
    as "no attribute"."""

    def __getattr__(self, name: str) -> object:
        try:
            os.kill(os.getpid(), signal.SIGTERM)  # the handler runs here and raises Closing
            return object()
        except Closing:
            raise AttributeError(name) from None


def test_a_signal_inside_a_library_still_closes() -> None:
    received: list[int] = []
    with pytest.raises(Closing), closing_at_once(received):
        _ = LazyAttributes().StandardKey
    assert received == [signal.SIGTERM]


def test_an_error_without_a_signal_stays_itself() -> None:
    with pytest.raises(AttributeError), closing_at_once([]):
        raise AttributeError("missing")
