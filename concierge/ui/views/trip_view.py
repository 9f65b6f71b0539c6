"""What every view of one trip shares: which trip it shows, following the store for it, and
its background work. A burst of writes costs one reload; a view skips the echo of its own
writes, which would only move the cursor under the person's hands.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QLabel, QStackedWidget, QVBoxLayout, QWidget

from concierge.store import Change, ChangeContext, Initiator
from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.i18n import shown

from .person import person
from .refresher import Refresher

COALESCE_MS = 80
"""What arrives within this long is served by one refresh."""
DELETED_TEXT = QT_TRANSLATE_NOOP("TripView", "This trip was deleted.")
"""An English `str`; show it with `concierge.ui.i18n.shown`."""


class TripNews(Protocol):
    """A record on a bus a view follows: a `Change`, a lookup job."""

    @property
    def trip_id(self) -> str | None: ...


N = TypeVar("N", bound=TripNews)
N_co = TypeVar("N_co", bound=TripNews, covariant=True)


class TripBus(Protocol[N_co]):
    def subscribe(self, listener: Callable[[N_co], None], /) -> Callable[[], None]: ...


class TripView(QWidget, Generic[N]):
    """One trip's view; build it inside the running event loop, `await shutdown()` after."""

    refreshed = Signal()
    """The view shows the store's data of the current trip (or the empty state)."""
    task_failed = Signal(str, object)
    """A background task raised unexpectedly: (task name, exception)."""

    coalesce_ms = COALESCE_MS
    view_name = ""
    """Names the view's tasks ("load <name>")."""
    object_name = ""
    accessible_name = ""
    """Marked for translation in the view's context."""

    def __init__(
        self,
        bus: TripBus[N],
        parent: QWidget | None,
        *,
        name: str = "",
        object_name: str = "",
        accessible_name: str = "",
    ) -> None:
        """The names given stand in for the class's declarations."""
        super().__init__(parent)
        name = name or self.view_name
        self.setObjectName(object_name or self.object_name)
        self.setAccessibleName(accessible_name or shown(self.accessible_name))
        self.tasks = BackgroundTasks(self)
        self.tasks.failed.connect(self.task_failed)
        self._trip_id: str | None = None
        self.initiator = Initiator(name)
        """What this view's own writes carry, so their echo is skipped."""
        self._refresher = Refresher(self.tasks, self._load_current, name=f"load {name}")
        self._coalesce = QTimer(self)
        self._coalesce.setSingleShot(True)
        self._coalesce.setInterval(self.coalesce_ms)
        self._coalesce.timeout.connect(self.refresh)
        self._unsubscribe: Callable[[], None] | None = bus.subscribe(self._on_news)
        self._pages: tuple[QStackedWidget, QLabel] | None = None
        self._writes: set[asyncio.Task[None]] = set()

    async def load(self, trip_id: str) -> None:
        """Read the trip's data and show it, checking the trip after each await."""
        raise NotImplementedError

    def takes(self, news: N, trip_id: str) -> bool:
        """Whether news concerns this view showing `trip_id` (by default: all news of it)."""
        return news.trip_id == trip_id

    def leave_trip(self) -> None:
        """The view is about to show another trip: save what belongs to the one shown."""

    def forget(self) -> None:
        """Drop what was shown for the previous trip (the new one is `trip_id`)."""

    def show_no_trip(self) -> None:
        """Show the state without a trip."""

    def delay_ms(self) -> int:
        """How long news waits before the refresh it starts."""
        return self.coalesce_ms

    async def flush(self) -> None:
        """Save what the person typed here and wait for the store; the window flushes every
        view before each model call."""

    async def before_shutdown(self) -> None:
        """Finish what must not be lost (pending edits) while the store still answers."""

    def track_write(self, task: asyncio.Task[None]) -> None:
        """Count `task`, a write started here, among those `settle_writes` waits for."""
        self._writes.add(task)
        task.add_done_callback(self._writes.discard)

    async def settle_writes(self) -> None:
        """Wait until the store has answered every write started here (`track_write`)."""
        while self._writes:
            await asyncio.wait(tuple(self._writes))

    def stack_pages(self, placeholder: QLabel, body: QWidget, *, top: int = 0) -> QStackedWidget:
        """Lay the view out as one stack of `placeholder` and `body`, for `show_message`."""
        stack = QStackedWidget(self)
        stack.addWidget(placeholder)
        stack.addWidget(body)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, top, 0, 0)
        layout.addWidget(stack)
        self._pages = (stack, placeholder)
        return stack

    def show_message(self, text: str) -> None:
        """Show `text` in place of the trip (in a view laid out by `stack_pages`)."""
        if self._pages is not None:
            stack, placeholder = self._pages
            placeholder.setText(text)
            stack.setCurrentWidget(placeholder)

    def show_deleted(self) -> None:
        """The trip shown was deleted: say so in place of it."""
        self.show_message(shown(DELETED_TEXT))

    def person(self, label: str = "") -> ChangeContext:
        """The context of the person's edit made here, whose changes come back as this view's
        own: only for a write whose result the view shows itself; others take `person()`."""
        return person(label, initiator=self.initiator)

    def is_echo(self, news: N) -> bool:
        """Whether news is a change this view's own write made."""
        return isinstance(news, Change) and news.initiator is self.initiator

    @property
    def trip_id(self) -> str | None:
        return self._trip_id

    @property
    def idle(self) -> bool:
        """No reload is due or running."""
        return not self._coalesce.isActive() and not self._refresher.busy

    def set_trip(self, trip_id: str | None) -> None:
        """Show `trip_id` (None: the state without a trip)."""
        if trip_id == self._trip_id:
            return
        self.leave_trip()
        self._trip_id = trip_id
        self._coalesce.stop()
        self.forget()
        if trip_id is None:
            self.show_no_trip()
            self.refreshed.emit()
        else:
            self._refresher.request()

    def reload(self) -> None:
        """Read the trip's data again (e.g. after everything was marked seen)."""
        if self._trip_id is not None:
            self._refresher.request()

    def refresh(self) -> None:
        """Serve the news gathered so far (by default: read everything again)."""
        self.reload()

    def reload_now(self) -> None:
        """Reload at once (after the person's own edit), serving news waiting too."""
        self._coalesce.stop()
        self.reload()

    async def shutdown(self) -> None:
        """Stop following the store and end the view's tasks."""
        if not self.tasks.closed:
            await self.before_shutdown()
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._coalesce.stop()
        await self.tasks.shutdown()

    def _on_news(self, news: N) -> None:
        if self._trip_id is None or self.is_echo(news) or not self.takes(news, self._trip_id):
            return
        if not self._coalesce.isActive():  # Not restarted: a steady stream still refreshes.
            self._coalesce.start(self.delay_ms())

    async def _load_current(self) -> None:
        if self._trip_id is not None:
            await self.load(self._trip_id)
