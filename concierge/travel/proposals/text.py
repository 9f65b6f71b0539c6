"""The assistant's proposed changes in the person's words, for the review panel: what each
call adds, changes or removes, field by field, before → after."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from concierge.model.fields import ENTITIES, FieldRule
from concierge.store import Action, EntityKind, ProposedCall, ProposedChange, field_labels

from ..safe_text.value_text import one_line

RULES: Mapping[EntityKind, Mapping[str, FieldRule]] = {
    EntityKind(entity.name): entity.fields for entity in ENTITIES
}
NOUNS = {EntityKind(entity.name): entity.noun.rsplit(" ", 1)[-1] for entity in ENTITIES}
"""How a heading names a row's kind: the last word of its declared noun ("item")."""
NAME_FIELDS = ("title", "place", "description")
"""The field that names a row, the first it has."""
HIDDEN = frozenset(
    {"id", "trip_id", "position", "created_at", "updated_at", "seen_by_assistant", "item_id"}
)
"""Bookkeeping and codes the person does not review."""
EMPTY = "—"
VERBS = {Action.CREATE: "Add", Action.UPDATE: "Change", Action.DELETE: "Remove"}


@dataclass(frozen=True, slots=True)
class ChangeText:
    """One proposed row: "Add item “Dinner”", then "Day: 2026-05-15" lines, or for a change
    "Title: Porto → Porto in spring"."""

    verb: str
    title: str
    details: tuple[str, ...]

    @property
    def heading(self) -> str:
        return f"{self.verb} {self.title}"


def value_text(value: object) -> str:
    """A logged field's value (JSON) as the form would read it, on one line."""
    if value is None or value == "" or value == []:
        return EMPTY
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(value_text(part) for part in value)
    if isinstance(value, dict):
        return " ".join(value_text(part) for part in value.values())
    return one_line(value)


ValueWriter = Callable[[FieldRule | None, object], str]
"""A logged field's value (JSON) under its rule, as the person reads it."""


def plain_value(rule: FieldRule | None, value: object) -> str:
    return value_text(value)


def change_text(
    change: ProposedChange,
    names: Mapping[str, str] | None = None,
    written: ValueWriter = plain_value,
) -> ChangeText:
    """`change` described; `names` gives the current name of a row by id (an item being
    changed is named as it is now, when the change does not rename it); `written` writes
    each value (a window writes dates and amounts in its locale's formats)."""
    rules = RULES.get(change.entity, {})
    noun = NOUNS[change.entity]
    image = change.after or change.before
    named = change.before or change.after  # a renamed row by the name it has now
    name = next((named[field] for field in NAME_FIELDS if named.get(field)), None)
    if name is None and names is not None:
        name = names.get(change.entity_id)
    if change.entity is EntityKind.TRIP:
        name, noun = None, f"the {noun}"
    title = noun if name is None else f"{noun} “{one_line(name)}”"
    if change.action is Action.UPDATE:
        details = tuple(
            f"{label}: {written(rules.get(field), change.before.get(field))} → "
            f"{written(rules.get(field), change.after.get(field))}"
            for field, label in _labelled(change.after, rules)
        )
    else:
        details = tuple(
            f"{label}: {written(rules.get(field), image[field])}"
            for field, label in _labelled(image, rules)
            if value_text(image[field]) != EMPTY and field not in NAME_FIELDS
        )
    return ChangeText(VERBS.get(change.action, "Change"), title, details)


def call_texts(call: ProposedCall, names: Mapping[str, str] | None = None) -> list[ChangeText]:
    """What one call proposes, row by row (renumberings follow from the rest)."""
    return [change_text(change, names) for change in call.shown]


def _labelled(image: Mapping[str, Any], rules: Mapping[str, FieldRule]) -> list[tuple[str, str]]:
    """The shown fields of `image` with their labels, in the form's order."""
    fields = [field for field in image if field not in HIDDEN]
    order = {name: index for index, name in enumerate(rules)}
    fields.sort(key=lambda field: order.get(field, len(order)))
    return [(field, field_labels([field], rules)[0]) for field in fields]
