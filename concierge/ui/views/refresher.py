"""Reloading a view from the store after changes, one load at a time, and once more when
asked meanwhile: a load per change would redo work and could land an older read last.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from concierge.ui.async_support import BackgroundTasks, loop_running


class Refresher:
    """Coalesces `request()` calls into sequential runs of `load` on `tasks`."""

    def __init__(
        self, tasks: BackgroundTasks, load: Callable[[], Awaitable[None]], *, name: str
    ) -> None:
        self._tasks = tasks
        self._load = load
        self._name = name
        self._wanted = False
        self._task: asyncio.Task[None] | None = None

    @property
    def busy(self) -> bool:
        """A load is running or about to."""
        return self._task is not None and not self._task.done()

    def request(self) -> None:
        """Load soon. Qt can deliver a timer while no asyncio loop runs (windows closing);
        the request then waits for the next loop instead of failing."""
        self._wanted = True
        if self.busy or self._tasks.closed or not loop_running():
            return
        self._task = self._tasks.start(self._run(), name=self._name)

    async def _run(self) -> None:
        while self._wanted:
            self._wanted = False
            await self._load()
