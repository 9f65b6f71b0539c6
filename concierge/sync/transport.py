"""What the sync engine asks of a transport, whichever carries the updates (`folder`: a synced
folder; `room`: a y-websocket server): this device's updates kept for a rebuild, the others'
read from a position (`Offsets`, saved by the engine after each commit), and a way to hear of
new ones as they come."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

Offsets = dict[str, int]
"""Where the reading of the others' updates got to, by source (a file, a room): the engine
keeps it in the data folder and asks from there next time."""


@dataclass
class PeerUpdates:
    """What the other devices sent past the offsets asked for: their updates by device id, in
    order, and the offsets to ask from next time."""

    updates: dict[str, list[bytes]] = field(default_factory=dict)
    offsets: Offsets = field(default_factory=dict)
    waiting: list[str] = field(default_factory=list)
    """Sources with an update not yet whole or readable, tried again on the next look."""


class Transport(Protocol):
    """One device's end of a shared trip's updates. `own_updates`, `peer_updates` and `append`
    run on a worker thread (they may read or write files); `connect` and `close` on the loop."""

    def own_updates(self) -> list[bytes]:
        """Every update this device sent, in any run."""
        ...

    def peer_updates(self, offsets: Offsets, until: Offsets | None = None) -> PeerUpdates:
        """The other devices' updates past `offsets` (and, with `until`, only up to it)."""
        ...

    def append(self, update: bytes) -> None:
        """Send one update of this device, durable here before it returns."""
        ...

    def connect(self, heard: Callable[[], None]) -> None:
        """Start taking updates as they come, calling `heard` when new ones wait."""
        ...

    def close(self) -> None:
        """Stop taking updates."""
        ...
