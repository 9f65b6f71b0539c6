"""The window's sharing: Trip ▸ Share this trip…, Join a shared trip… and Removed on another
device…, the sync of every shared trip while the window is open (`SyncRunner`), and its state
for the current trip in the status bar, counted on each second.

The sync engine (pycrdt, the folder's encryption) is imported when a trip is shared or a
dialog opens, not with the window: most people share nothing."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu, QWidget

from concierge.model.settings import SYNC_SHARED_TRIPS, SharedTrip
from concierge.travel.services import TravelServices
from concierge.ui.async_support import BackgroundTasks
from concierge.ui.i18n import shown, translate
from concierge.ui.sharing.sync_status import SyncStatus
from concierge.ui.trip_actions import TripActions

if TYPE_CHECKING:
    from concierge.sync.engine import Removed
    from concierge.sync.runner import SyncRunner

TICK_MS = 1000
"""How often the status counts on ("Synced 5 s ago")."""


class TripSharing(TripActions):
    """`joined(trip_id)` once a joined trip has arrived."""

    joined = Signal(str)

    def __init__(self, services: TravelServices, window: QWidget, tasks: BackgroundTasks) -> None:
        super().__init__(services, window, tasks)
        self.runner: SyncRunner | None = None
        self.dialog: QWidget | None = None
        """The sharing dialog open now."""
        self.label = SyncStatus(window)
        self.label.hide()
        self.share_action = QAction(translate("Sharing", "&Share this trip…"), window)
        self.share_action.triggered.connect(self.open_share)
        self.join_action = QAction(translate("Sharing", "&Join a shared trip…"), window)
        self.join_action.triggered.connect(self.open_join)
        self.removed_action = QAction(translate("Sharing", "&Removed on another device…"), window)
        self.removed_action.triggered.connect(self.open_removed)
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self.show_state)
        self.set_trip(None)

    def add_to(self, menu: QMenu) -> None:
        for action in (self.share_action, self.join_action, self.removed_action):
            menu.addAction(action)

    def set_trip(self, trip_id: str | None) -> None:
        self.trip_id = trip_id
        self.share_action.setEnabled(trip_id is not None)
        self.show_state()

    async def start(self) -> None:
        """Sync the trips shared so far (the engine loads only if there are some)."""
        if await self.services.settings.get(SYNC_SHARED_TRIPS):
            await self._runner()

    async def aclose(self) -> None:
        self._timer.stop()
        if self.runner is not None:
            await self.runner.aclose()

    async def _runner(self) -> SyncRunner:
        if self.runner is None:
            from concierge.sync.runner import SyncRunner
            from concierge.sync.shares import SharedTrips

            services = self.services
            shares = SharedTrips(services.settings, services.secrets)
            self.runner = SyncRunner(
                services.database, services.bus, shares, services.data_dir / "sync"
            )
            self.runner.on_state = lambda _state: self.show_state()
            await self.runner.start()
            self._timer.start()
        return self.runner

    def show_state(self) -> None:
        runner, trip_id = self.runner, self.trip_id
        state = None if runner is None or trip_id is None else runner.states.get(trip_id)
        self.label.show_state(state, time.monotonic())
        shared = state is not None
        self.removed_action.setEnabled(shared)

    # -- the dialogs ------------------------------------------------------------------------

    def open_share(self) -> None:
        if self.trip_id is not None and not self.tasks.closed:
            self.tasks.start(self._open_share(self.trip_id), name="open the share dialog")

    async def _open_share(self, trip_id: str) -> None:
        from concierge.ui.sharing.share_dialog import ShareTripDialog

        trip = await self.services.trips.get(trip_id)
        if trip is None:
            return
        runner = await self._runner()

        async def share(setup: SharedTrip, secret: str) -> str | None:
            saved = await runner.share(setup, secret, first=True)
            return None if saved.persistent else _not_kept()

        dialog = ShareTripDialog(trip_id, trip.title, share, self.tasks, self.window)
        shared = await runner.shares.get(trip_id)
        secret = None if shared is None else await runner.shares.secret(trip_id)
        if shared is not None and secret is not None:  # shared before: its invite again
            dialog.show_invite(shared, secret)
        self._open(dialog)

    def open_join(self) -> None:
        if not self.tasks.closed:
            self.tasks.start(self._open_join(), name="open the join dialog")

    async def _open_join(self) -> None:
        from concierge.ui.sharing.join_dialog import JoinTripDialog

        runner = await self._runner()

        async def join(setup: SharedTrip, secret: str) -> str | None:
            await runner.share(setup, secret, first=False)
            state = await runner.stepped(setup.trip_id)
            trip = await self.services.trips.get(setup.trip_id)
            if trip is None:
                return (
                    shown(state.problem)
                    if state.problem
                    else translate(
                        "Sharing", "The trip has not arrived yet: it will once the folder syncs."
                    )
                )
            self.status.emit(translate("Sharing", "Joined “{title}”.").format(title=trip.title))
            self.joined.emit(setup.trip_id)
            return None

        self._open(JoinTripDialog(join, self.tasks, self.window))

    def open_removed(self) -> None:
        if self.trip_id is not None and self.runner is not None and not self.tasks.closed:
            self.tasks.start(self._open_removed(self.runner, self.trip_id), name="open removed")

    async def _open_removed(self, runner: SyncRunner, trip_id: str) -> None:
        from concierge.ui.sharing.removed_dialog import RemovedDialog

        async def restore(entry: Removed) -> list[Removed]:
            await runner.restore(trip_id, entry)
            return await runner.removed(trip_id)

        entries = await runner.removed(trip_id)
        self._open(RemovedDialog(entries, restore, self.tasks, self.window))

    def _open(self, dialog: QWidget) -> None:
        self.dialog = dialog
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.destroyed.connect(lambda _obj=None: self._forget(dialog))
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()

    def _forget(self, dialog: QWidget) -> None:
        if self.dialog is dialog:
            self.dialog = None


def _not_kept() -> str:
    return translate(
        "Sharing",
        "The system keyring did not keep the passphrase, so this trip syncs only until "
        "Concierge quits; keep the invite code to join again.",
    )
