"""Knowing whether an await handed control to the event loop: a loop reading an
already-buffered stream must yield now and then, but not after an await that suspended,
and timing cannot tell the two apart.
"""

from __future__ import annotations

from collections.abc import Awaitable, Generator
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class Watched(Generic[T]):
    """Await it once, in place of `awaitable`; afterwards `suspended` says whether the task
    was suspended on the way (the loop ran other work meanwhile)."""

    __slots__ = ("_awaitable", "suspended")

    def __init__(self, awaitable: Awaitable[T]) -> None:
        self._awaitable = awaitable
        self.suspended = False

    def __await__(self) -> Generator[Any, Any, T]:
        inner = self._awaitable.__await__()
        sent: Any = None
        thrown: BaseException | None = None
        while True:
            try:
                signal = inner.send(sent) if thrown is None else inner.throw(thrown)
            except StopIteration as done:
                return done.value  # type: ignore[no-any-return]
            self.suspended = True
            sent, thrown = None, None
            try:
                sent = yield signal
            except GeneratorExit:
                inner.close()
                raise
            except BaseException as error:  # Cancellation and the like go to the inner await.
                thrown = error
