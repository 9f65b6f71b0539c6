"""Which device made an update that came without a sender's name (a y-websocket server merges
and forwards anonymous updates): each device signs the document with its document's client id
(Yjs stamps every insertion with it), so an update's client ids name its devices, and an update
of several is split into one part per device."""

from __future__ import annotations

from typing import Any

from pycrdt import Decoder, Doc, Encoder, Map, get_state, get_update

CLIENTS = "clients"
"""The root map of a client id (as text) → the id of the device whose document it is."""


def sign(doc: Doc[Any], device_id: str) -> None:
    """Say that `doc`'s insertions are `device_id`'s (inside the caller's transaction)."""
    clients: Map[str] = doc.get(CLIENTS, type=Map)
    client = str(doc.client_id)
    if clients.get(client) != device_id:
        clients[client] = device_id


def _state(update: bytes) -> dict[int, int]:
    """The update's state vector: client id → the clock after its last insertion."""
    decoder = Decoder(get_state(update))
    count = decoder.read_var_uint()
    return {decoder.read_var_uint(): decoder.read_var_uint() for _ in range(count)}


def _encoded(state: dict[int, int]) -> bytes:
    encoder = Encoder()
    encoder.write_var_uint(len(state))
    for client, clock in state.items():
        encoder.write_var_uint(client)
        encoder.write_var_uint(clock)
    return encoder.to_bytes()


def by_device(doc: Doc[Any], update: bytes, unknown: str) -> list[tuple[str, bytes]]:
    """`update` (applied to `doc` already, so its signatures are there) as one part per device
    that made it, each with the removals it carries; one from no known device (only removals,
    or a client that never signed) is `unknown`'s."""
    clients: Map[str] = doc.get(CLIENTS, type=Map)
    state = _state(update)
    devices: dict[str, dict[int, int]] = {}
    for client, clock in state.items():
        device = clients.get(str(client))
        devices.setdefault(device if isinstance(device, str) else unknown, {})[client] = clock
    if len(devices) <= 1:
        return [(next(iter(devices), unknown), update)]
    return [
        (device, get_update(update, _encoded({c: n for c, n in state.items() if c not in own})))
        for device, own in sorted(devices.items())
    ]
