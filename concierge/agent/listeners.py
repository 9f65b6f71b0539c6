"""One fan-out for every "tell whoever listens" in the app (agent events, store changes,
lookups, the selection), in the agent layer because store and travel may import it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")
log = logging.getLogger(__name__)


class _Subscription(Generic[T]):
    """One subscribe call: the same callable subscribed twice is two subscriptions."""

    __slots__ = ("active", "listener")

    def __init__(self, listener: Callable[[T], None]) -> None:
        self.listener = listener
        self.active = True


class Listeners(Generic[T]):
    """One listener that raises is logged and the rest are still told; a publish works on the
    subscriptions as they were when it began."""

    def __init__(self, name: str, describe: Callable[[T], object] = repr) -> None:
        self._name = name
        self._describe = describe
        self._subscriptions: list[_Subscription[T]] = []

    def subscribe(self, listener: Callable[[T], None]) -> Callable[[], None]:
        """Add `listener`; the returned function removes it (calling it twice is harmless)."""
        subscription = _Subscription(listener)
        self._subscriptions.append(subscription)

        def unsubscribe() -> None:
            if subscription.active:
                subscription.active = False
                self._subscriptions.remove(subscription)

        return unsubscribe

    def publish(self, value: T) -> None:
        for subscription in tuple(self._subscriptions):
            if not subscription.active:
                continue
            try:
                subscription.listener(value)
            except Exception:
                log.exception(
                    "%s %r failed on %s", self._name, subscription.listener, self._describe(value)
                )
