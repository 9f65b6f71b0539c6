"""A block added to the runtime context beside the app's own, taking its share from the
other caps in proportion: the room the snapshot's shares leave for a block still to come
(a "problems" block of about .08 is planned)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from concierge.agent import AbortSignal, ContextProvider
from concierge.travel.assistant import snapshot_budget, trip_assistant
from concierge.travel.assistant.feature import AssistantFeature

EXTRA = "problems"
EXTRA_SHARE = 0.08


class FullBlock(AssistantFeature):
    """A block that always has more to say than its cap (cut to it by `within`)."""

    name = EXTRA

    def status_provider(self) -> ContextProvider:
        text = "\n".join(f"- [{n:08x}] item {n} has a value to correct" for n in range(200))

        def status(signal: AbortSignal) -> str:
            return text

        return status


def add_extra_block(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on, every trip assistant has a full `EXTRA` block of `EXTRA_SHARE`, the
    other caps shrunk in proportion so they sum as before."""
    caps = snapshot_budget.CAPS
    total = sum(caps.values())
    shrunk = {name: share * (total - EXTRA_SHARE) / total for name, share in caps.items()}
    monkeypatch.setattr(snapshot_budget, "CAPS", {**shrunk, EXTRA: EXTRA_SHARE})
    features: Callable[..., list[AssistantFeature]] = trip_assistant.trip_features

    def with_extra(*args: Any, **kwargs: Any) -> list[AssistantFeature]:
        found = features(*args, **kwargs)
        extra = FullBlock()
        extra.budget = found[0].budget
        return [*found, extra]

    monkeypatch.setattr(trip_assistant, "trip_features", with_extra)
