"""The status bar's words for a shared trip's sync: how long ago it synced, counted on, or
what stops it, in the window's language."""

from __future__ import annotations

from pathlib import Path

from concierge.sync.runner import FOLDER_MISSING, SyncState
from concierge.ui.sharing.sync_status import sync_text

SYNCED = SyncState("trip", synced_at=100.0)


def test_the_time_since_the_last_sync_is_counted_on(qapp: object) -> None:
    assert sync_text(None, 100.0) == ""
    assert sync_text(SyncState("trip"), 100.0) == "Syncing…"
    assert sync_text(SYNCED, 100.5) == "Synced just now"
    assert sync_text(SYNCED, 105.2) == "Synced 5 s ago"
    assert sync_text(SYNCED, 221.0) == "Synced 2 min ago"
    arriving = SyncState("trip", synced_at=100.0, waiting=1)
    assert sync_text(arriving, 105.0) == (
        "Synced 5 s ago · a companion's changes are still arriving"
    )


def test_what_stops_it_is_said_in_the_windows_language(portuguese: None) -> None:
    folder = str(Path("/media/ana/Sync/Lisboa"))
    missing = SyncState("trip", synced_at=100.0, problem=FOLDER_MISSING.format(folder=folder))
    assert sync_text(missing, 105.0) == (
        f"A pasta compartilhada {folder} não está lá: o disco dela está conectado?"
    )
    assert sync_text(SYNCED, 105.0) == "Sincronizado há 5 s"
