"""One shared trip as a pycrdt document, in the shape `shape` derives.

Per shared kind, three root types: `<kind>.rows` maps a row's id to whether it is there (a
removal keeps the row's values, so an item edited on one side and removed on the other can be
restored), `<kind>.values` maps `<id>/<field>` to the field's value as JSON text, each field a
register of its own (concurrent edits of different fields merge, of the same field converge),
and for ordered kinds `<kind>.order`, a Yjs array of ids whose order survives concurrent
inserts. A move is a removal and an insertion, so concurrent moves can leave an id twice: the
first place counts, the same on every device."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from pycrdt import Array, Doc, Map

from .shape import SHARED, SharedKind

ANSWERS = "form_answer"
"""The name the brief's answers go by among the kinds (see `answers`)."""


class KindView:
    """One kind's part of the document, read once into Python (as JSON: a read of each key
    would cross into Rust every time) and kept in step with the writes made through it."""

    def __init__(self, doc: Doc[Any], kind: SharedKind) -> None:
        self.kind = kind
        self._present: Map[bool] = doc.get(f"{kind.name}.rows", type=Map)
        self._values: Map[str] = doc.get(f"{kind.name}.values", type=Map)
        self._order: Array[str] = doc.get(f"{kind.name}.order", type=Array)
        self.present: dict[str, bool] = json.loads(str(self._present))
        self.values: dict[str, str] = json.loads(str(self._values))

    def _rows(self, there: bool) -> dict[str, dict[str, str]]:
        rows: dict[str, dict[str, str]] = {
            row_id: {} for row_id, found in self.present.items() if found is there
        }
        for key, value in self.values.items():
            row_id, _, field = key.rpartition("/")
            if row_id in rows and field in self.kind.fields:
                rows[row_id][field] = value
        return rows

    def rows(self) -> dict[str, dict[str, str]]:
        """The rows there, id → {field: JSON text}, only the fields the document has."""
        return self._rows(True)

    def removed(self) -> dict[str, dict[str, str]]:
        """The rows removed, id → their last values (JSON text), for restoring one."""
        return self._rows(False)

    def order(self) -> list[str]:
        """The ids in the kind's order, each once (its first place)."""
        return list(dict.fromkeys(self._ids()))

    def _ids(self) -> list[str]:
        ids: list[str] = json.loads(str(self._order))
        return ids

    def put(self, row_id: str, values: Mapping[str, str]) -> None:
        """Make the row there with `values`, writing only what differs."""
        if self.present.get(row_id) is not True:
            self._present[row_id] = self.present[row_id] = True
        changed = {
            key: value
            for field, value in values.items()
            if self.values.get(key := f"{row_id}/{field}") != value
        }
        if changed:
            self._values.update(changed)
            self.values.update(changed)

    def remove(self, row_id: str) -> None:
        """Mark the row removed (its values stay) and take it out of its order."""
        self._present[row_id] = self.present[row_id] = False
        if self.kind.ordered:
            current = self._ids()
            for index in reversed([i for i, found in enumerate(current) if found == row_id]):
                del self._order[index]

    def place(self, wanted: Iterable[str]) -> None:
        """Make the kind's order `wanted` with few edits: ids already in their relative order
        stay where they are, so a concurrent insert elsewhere keeps its place."""
        order = self._order
        target = list(wanted)
        keep = set(target)
        current = self._ids()
        first: dict[str, int] = {}
        for index, found in enumerate(current):
            first.setdefault(found, index)
        for index in reversed(range(len(current))):
            found = current[index]
            if found not in keep or first[found] != index:
                del order[index]
                del current[index]
        if current == target:
            return
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


class TripDocument:
    """A trip's pycrdt document; change it inside `doc.transaction()`."""

    def __init__(self) -> None:
        self.doc: Doc[Any] = Doc(allow_multithreading=True)
        self._views: dict[str, KindView] = {}
        self._touched: set[str] = set()
        self._watching: list[object] = []
        self._watch()

    def view(self, kind: SharedKind) -> KindView:
        """The kind's part, read again only after an update from elsewhere was applied."""
        found = self._views.get(kind.name)
        if found is None:
            found = self._views[kind.name] = KindView(self.doc, kind)
        return found

    def rows(self, kind: SharedKind) -> dict[str, dict[str, str]]:
        return self.view(kind).rows()

    def answers(self) -> Map[str]:
        """The brief's answers, `<form id>/<field>` → JSON text (see `answers`)."""
        found: Map[str] = self.doc.get(f"{ANSWERS}.values", type=Map)
        return found

    def take_touched(self) -> set[str]:
        """The kinds (by name, the answers as `ANSWERS`) changed since the last call."""
        touched, self._touched = self._touched, set()
        return touched

    def _watch(self) -> None:
        """Note which kinds each transaction changes, local or applied."""
        for kind in SHARED:
            for part, root_type in (("rows", Map), ("values", Map), ("order", Array)):
                root = self.doc.get(f"{kind.name}.{part}", type=root_type)
                self._watching.append(root.observe(self._toucher(kind.name)))
        self._watching.append(self.answers().observe(self._toucher(ANSWERS)))

    def _toucher(self, name: str) -> Callable[[object], None]:
        return lambda _event: self._touched.add(name)

    def removed(self, kind: SharedKind) -> dict[str, dict[str, str]]:
        return self.view(kind).removed()

    def state(self) -> bytes:
        return self.doc.get_state()

    def update_since(self, state: bytes) -> bytes:
        return self.doc.get_update(state)

    def apply(self, update: bytes) -> None:
        self._views.clear()
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
