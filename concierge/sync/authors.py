"""Which device made an update that came without a sender's name (a y-websocket server merges
and forwards anonymous updates): each device signs the document with its document's client id
(Yjs stamps every insertion with it), so an update's client ids name its devices, and an update
of several is split into one part per device."""

from __future__ import annotations

from typing import Any

from pycrdt import Decoder, Doc, Encoder, Map, get_update

CLIENTS = "clients"
"""The root map of a client id (as text) → the id of the device whose document it is."""


def sign(doc: Doc[Any], device_id: str) -> None:
    """Say that `doc`'s insertions are `device_id`'s (inside the caller's transaction)."""
    clients: Map[str] = doc.get(CLIENTS, type=Map)
    client = str(doc.client_id)
    if clients.get(client) != device_id:
        clients[client] = device_id


def _state(encoded: bytes) -> dict[int, int]:
    """A state vector: client id → the clock after its last insertion."""
    decoder = Decoder(encoded)
    count = decoder.read_var_uint()
    return {decoder.read_var_uint(): decoder.read_var_uint() for _ in range(count)}


def _encoded(state: dict[int, int]) -> bytes:
    encoder = Encoder()
    encoder.write_var_uint(len(state))
    for client, clock in state.items():
        encoder.write_var_uint(client)
        encoder.write_var_uint(clock)
    return encoder.to_bytes()


def by_device(doc: Doc[Any], update: bytes, before: bytes, unknown: str) -> list[tuple[str, bytes]]:
    """`update`, just applied to `doc` (whose state was `before`), as one part per device that
    made it, each with the removals it carries. The clients whose clocks it moved on are its
    makers (an update's own state vector counts only clients it holds from their start); one
    of no known device (only removals, or a client that never signed) is `unknown`'s."""
    clients: Map[str] = doc.get(CLIENTS, type=Map)
    after = _state(doc.get_state())
    earlier = _state(before)
    devices: dict[str, set[int]] = {}
    for client, clock in after.items():
        if clock > earlier.get(client, 0):
            device = clients.get(str(client))
            devices.setdefault(device if isinstance(device, str) else unknown, set()).add(client)
    if len(devices) <= 1:
        return [(next(iter(devices), unknown), update)]
    return [
        (device, get_update(update, _encoded({c: n for c, n in after.items() if c not in own})))
        for device, own in sorted(devices.items())
    ]
