"""The shared trip's sync in the status bar: "Synced 5 s ago", or what stops it in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QWidget

from concierge.ui.i18n import shown, translate

if TYPE_CHECKING:
    from concierge.sync.runner import SyncState

MINUTE = 60


def sync_text(state: SyncState | None, now: float) -> str:
    """The words for a trip's sync state at `now` (`time.monotonic`); empty if not shared."""
    if state is None:
        return ""
    if state.problem is not None:
        return shown(state.problem)
    if state.synced_at is None:
        return translate("Sync", "Syncing…")
    seconds = max(0, int(now - state.synced_at))
    if seconds < 2:
        text = translate("Sync", "Synced just now")
    elif seconds < MINUTE:
        text = translate("Sync", "Synced {seconds} s ago").format(seconds=seconds)
    else:
        text = translate("Sync", "Synced {minutes} min ago").format(minutes=seconds // MINUTE)
    if state.waiting:
        text += " · " + translate("Sync", "a companion's changes are still arriving")
    return text


class SyncStatus(QLabel):
    """Shows one trip's sync state; `show_state` again to count the seconds on."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("syncStatus")
        self.setAccessibleName(translate("Sync", "Sync"))
        self.setWordWrap(False)

    def show_state(self, state: SyncState | None, now: float) -> None:
        text = sync_text(state, now)
        self.setText(text)
        self.setToolTip(text)
        self.setVisible(bool(text))
