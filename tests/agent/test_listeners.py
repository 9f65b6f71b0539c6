"""Listeners: the one fan-out behind agent events, store changes, lookup jobs and the
selection. A broken listener is logged and silences no one; removing is idempotent; a
listener may subscribe or unsubscribe others (or itself) while being told."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pytest

from concierge.agent.listeners import Listeners


def test_a_raising_listener_is_logged_and_the_others_still_hear(
    caplog: pytest.LogCaptureFixture,
) -> None:
    listeners = Listeners[int]("number listener", describe=lambda n: f"number {n}")
    heard: list[tuple[str, int]] = []

    def broken(value: int) -> None:
        raise RuntimeError("view is gone")

    listeners.subscribe(lambda n: heard.append(("before", n)))
    listeners.subscribe(broken)
    listeners.subscribe(lambda n: heard.append(("after", n)))
    with caplog.at_level(logging.ERROR, logger="concierge.agent.listeners"):
        listeners.publish(1)
        listeners.publish(2)
    assert heard == [("before", 1), ("after", 1), ("before", 2), ("after", 2)]
    [first, _] = caplog.records
    assert "number listener" in first.getMessage()
    assert "failed on number 1" in first.getMessage()
    assert first.exc_info is not None and "view is gone" in str(first.exc_info[1])


def test_unsubscribing_twice_is_harmless_and_removes_only_that_subscription() -> None:
    listeners = Listeners[int]("number listener")
    heard: list[int] = []
    first = listeners.subscribe(heard.append)
    listeners.subscribe(heard.append)  # the same callable again: a second subscription
    first()
    first()
    listeners.publish(7)
    assert heard == [7]


def test_a_listener_added_during_a_publish_hears_from_the_next_value_on() -> None:
    listeners = Listeners[str]("word listener")
    heard: list[str] = []

    def recruit(word: str) -> None:
        if word == "one":
            listeners.subscribe(lambda w: heard.append(f"late {w}"))

    listeners.subscribe(recruit)
    listeners.publish("one")
    listeners.publish("two")
    assert heard == ["late two"]


def test_a_listener_removed_during_a_publish_is_not_called_again() -> None:
    listeners = Listeners[str]("word listener")
    heard: list[str] = []
    removers: dict[str, Callable[[], None]] = {}

    def remove_the_next(word: str) -> None:
        heard.append(f"first {word}")
        removers["second"]()

    def leave(word: str) -> None:
        heard.append(f"third {word}")
        removers["third"]()

    listeners.subscribe(remove_the_next)
    removers["second"] = listeners.subscribe(lambda w: heard.append(f"second {w}"))
    removers["third"] = listeners.subscribe(leave)
    listeners.publish("a")
    listeners.publish("b")
    assert heard == ["first a", "third a", "first b"]
