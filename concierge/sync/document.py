"""One shared trip as a pycrdt document, in the shape `shape` derives.

Per shared kind, three root types: `<kind>.rows` maps a row's id to whether it is there (a
removal keeps the row's values, so an item edited on one side and removed on the other can be
restored), `<kind>.values` maps `<id>/<field>` to the field's value as JSON text, each field a
register of its own (concurrent edits of different fields merge, of the same field converge),
and for ordered kinds `<kind>.order`, a Yjs array of ids whose order survives concurrent
inserts. A move is a removal and an insertion, so concurrent moves can leave an id twice: the
first place counts, the same on every device."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pycrdt import Array, Doc, Map

from .shape import SharedKind


class TripDocument:
    """A trip's pycrdt document; change it inside `doc.transaction()`."""

    def __init__(self) -> None:
        self.doc: Doc[Any] = Doc(allow_multithreading=True)

    def _present(self, kind: SharedKind) -> Map[bool]:
        found: Map[bool] = self.doc.get(f"{kind.name}.rows", type=Map)
        return found

    def _values(self, kind: SharedKind) -> Map[str]:
        found: Map[str] = self.doc.get(f"{kind.name}.values", type=Map)
        return found

    def _order(self, kind: SharedKind) -> Array[str]:
        found: Array[str] = self.doc.get(f"{kind.name}.order", type=Array)
        return found

    def rows(self, kind: SharedKind) -> dict[str, dict[str, str]]:
        """The rows there, id → {field: JSON text}, only the fields the document has."""
        present = self._present(kind)
        values = self._values(kind)
        rows: dict[str, dict[str, str]] = {row_id: {} for row_id, there in present.items() if there}
        for key, value in values.items():
            row_id, _, field = key.rpartition("/")
            if row_id in rows and field in kind.fields:
                rows[row_id][field] = value
        return rows

    def removed(self, kind: SharedKind) -> dict[str, dict[str, str]]:
        """The rows removed, id → their last values (JSON text), for restoring one."""
        present = self._present(kind)
        gone: dict[str, dict[str, str]] = {
            row_id: {} for row_id, there in present.items() if not there
        }
        for key, value in self._values(kind).items():
            row_id, _, field = key.rpartition("/")
            if row_id in gone and field in kind.fields:
                gone[row_id][field] = value
        return gone

    def order(self, kind: SharedKind) -> list[str]:
        """The ids in the kind's order, each once (its first place)."""
        return list(dict.fromkeys(self._order(kind)))

    def put(self, kind: SharedKind, row_id: str, values: Mapping[str, str]) -> None:
        """Make the row there with `values`, writing only what differs."""
        present = self._present(kind)
        if present.get(row_id) is not True:
            present[row_id] = True
        stored = self._values(kind)
        for field, value in values.items():
            key = f"{row_id}/{field}"
            if stored.get(key) != value:
                stored[key] = value

    def remove(self, kind: SharedKind, row_id: str) -> None:
        """Mark the row removed (its values stay) and take it out of its order."""
        self._present(kind)[row_id] = False
        if kind.ordered:
            order = self._order(kind)
            for index in reversed([i for i, found in enumerate(order) if found == row_id]):
                del order[index]

    def place(self, kind: SharedKind, wanted: Iterable[str]) -> None:
        """Make the kind's order `wanted` with few edits: ids already in their relative order
        stay where they are, so a concurrent insert elsewhere keeps its place."""
        order = self._order(kind)
        target = list(wanted)
        keep = set(target)
        for index in reversed(range(len(order))):
            found = order[index]
            if found not in keep:
                del order[index]
        current = list(order)
        for index in reversed(range(len(current))):
            if current.count(current[index]) > 1 and current.index(current[index]) != index:
                del order[index]
                del current[index]
        cursor = 0
        for row_id in target:
            if cursor < len(current) and current[cursor] == row_id:
                cursor += 1
                continue
            if row_id in current[cursor:]:
                at = current.index(row_id, cursor)
                del order[at]
                del current[at]
            order.insert(cursor, row_id)
            current.insert(cursor, row_id)
            cursor += 1

    def state(self) -> bytes:
        return self.doc.get_state()

    def update_since(self, state: bytes) -> bytes:
        return self.doc.get_update(state)

    def apply(self, update: bytes) -> None:
        self.doc.apply_update(update)

    def _devices(self) -> Map[str]:
        found: Map[str] = self.doc.get("devices", type=Map)
        return found

    def name_device(self, device_id: str, name: str) -> None:
        """Say what the person calls a device ("Ana's laptop"), for the marks of its changes."""
        devices = self._devices()
        if devices.get(device_id) != name:
            devices[device_id] = name

    def device_name(self, device_id: str) -> str:
        name = self._devices().get(device_id)
        return name if isinstance(name, str) and name else device_id
