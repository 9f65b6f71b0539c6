"""What a shared trip's document holds, derived from the entity declarations: each shared
kind of row, the fields of it that travel, and whether the document keeps its order.

The document carries a row's identity, trip and place in its list in its own structure (its
key, the document itself, an ordered list of ids), so those fields are not values in it; nor
is the store's bookkeeping that is not part of a change (`UNLOGGED_FIELDS`)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from concierge.model.fields import ENTITIES
from concierge.store.change_writer import UNLOGGED_FIELDS
from concierge.store.changes import EntityKind
from concierge.store.entities import EntitySpec
from concierge.store.undo import SPECS

STRUCTURE = frozenset({"id", "trip_id", "position"})
"""What the document's structure says of a row: its key, the trip it is in, its place."""

APART = frozenset({EntityKind.FORM, EntityKind.FORM_ANSWER})
"""Kinds not shared as rows: the brief's answers travel by form (`answers`). A document's row
travels, its file does not: it stays on the device it was attached on (`documents.away`)."""

ORDER_GROUPS: Mapping[EntityKind, str] = {EntityKind.ITINERARY_ITEM: "day"}
"""Kinds whose positions count within the rows sharing a field (an item's day) rather than
within the trip."""


@dataclass(frozen=True, slots=True)
class SharedKind:
    """One kind of row in the document: `fields` travel as values, in declaration order."""

    spec: EntitySpec[Any, Any]
    fields: tuple[str, ...]
    ordered: bool

    @property
    def name(self) -> str:
        return self.spec.kind.value

    @property
    def group_field(self) -> str | None:
        return ORDER_GROUPS.get(self.spec.kind)

    def values(self, record: Any) -> dict[str, str]:
        """The record's shared fields as the document keeps them: JSON text each."""
        dumped = self.spec.adapter.dump_python(record, mode="json", include=set(self.fields))
        return {name: json.dumps(dumped[name], sort_keys=True) for name in self.fields}


def _shared_kind(spec: EntitySpec[Any, Any]) -> SharedKind:
    local = STRUCTURE | UNLOGGED_FIELDS
    fields = tuple(name for name in spec.names if name not in local)
    ordered = "position" in spec.declaration.managed and spec.kind is not EntityKind.TRIP
    return SharedKind(spec, fields, ordered)


SHARED: tuple[SharedKind, ...] = tuple(
    _shared_kind(SPECS[entity.name])
    for entity in ENTITIES
    if entity.name in SPECS and EntityKind(entity.name) not in APART
)
"""Every shared kind, the trip first, in declaration order: the order rows are made in (and
removed in reverse), so what a row refers to exists before it."""
