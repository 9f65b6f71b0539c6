"""Names in sentences the person reads: field labels listed the way people list them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .validation import TRIP_RULES, FieldRule


def and_list(names: Sequence[str]) -> str:
    """ "Budget", "Budget and Pace", "Budget, Interests and Pace"."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def field_labels(names: Iterable[str], rules: Mapping[str, FieldRule] = TRIP_RULES) -> list[str]:
    """The labels of the fields `names`, each once, in the order the rules declare them (the
    form's order); a name with no rule comes last, as it is."""
    order = {name: index for index, name in enumerate(rules)}
    labels: list[str] = []
    for name in sorted(names, key=lambda name: order.get(name, len(order))):
        rule = rules.get(name)
        label = rule.label if rule is not None else name
        if label not in labels:
            labels.append(label)
    return labels


def trip_label(name: str) -> str:
    """The label of a trip field, as the form shows it and sentences name it."""
    return TRIP_RULES[name].label
