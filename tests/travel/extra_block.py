"""The blocks a test cannot easily fill from data, filled anyway: every feature named in
`FULL` renders more than its cap (cut to it by `within`), so "every block full" holds for
the problems and proposals blocks too."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from concierge.agent import AbortSignal, ContextProvider
from concierge.travel.assistant import trip_assistant
from concierge.travel.assistant.feature import AssistantFeature

FULL = ("problems", "proposals")


class FullBlock(AssistantFeature):
    """A block that always has more to say than its cap."""

    def __init__(self, name: str) -> None:
        self.name = name

    def status_provider(self) -> ContextProvider:
        text = "\n".join(f"- [{n:08x}] {self.name} line {n}, to act on" for n in range(200))

        def status(signal: AbortSignal) -> str:
            return text

        return status


def fill_every_block(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, every trip assistant's `FULL` blocks are full."""
    features: Callable[..., list[AssistantFeature]] = trip_assistant.trip_features

    def filled(*args: Any, **kwargs: Any) -> list[AssistantFeature]:
        found = features(*args, **kwargs)
        for index, feature in enumerate(found):
            if feature.name in FULL:
                full = FullBlock(feature.name)
                full.budget = feature.budget
                found[index] = full
        return found

    monkeypatch.setattr(trip_assistant, "trip_features", filled)
