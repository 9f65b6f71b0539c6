"""The table of item kinds is sound: each row's names are unique across the table, the
fields it names are the item's, its words are a pattern, and `ItemKind` behaves as the
stored text it is."""

from __future__ import annotations

import copy
import json
import pickle
import re
from collections import Counter

import pytest

from concierge.model.kinds import COMMON_DETAILS, ITEM_KINDS, ItemKind
from concierge.store.validation import ITEM_RULES
from concierge.text import Translatable


def test_values_and_the_names_importers_map_are_unique() -> None:
    for names in (
        [row.value for row in ITEM_KINDS],
        [name for row in ITEM_KINDS for name in row.schema_org],
        [name for row in ITEM_KINDS for name in row.pkpass],
        [name for row in ITEM_KINDS for name in (row.value, *row.csv_names)],
    ):
        assert [name for name, count in Counter(names).items() if count > 1] == []


def test_every_field_a_row_names_is_an_item_field() -> None:
    for row in ITEM_KINDS:
        named = {*row.details, *row.field_labels, *row.editor_labels}
        assert named <= ITEM_RULES.keys(), row.value
        assert not set(row.details) & set(COMMON_DETAILS), row.value


def test_labels_are_marked_and_words_are_patterns() -> None:
    for row in ITEM_KINDS:
        assert isinstance(row.label, Translatable) and row.label.context == "ItemKind"
        assert all(isinstance(text, Translatable) for text in row.field_labels.values())
        if row.words:
            re.compile(row.words)
        assert row.default_minutes > 0
        assert row.hue is None or 0 <= row.hue < 360


def test_an_item_kind_is_its_stored_text() -> None:
    flight = ItemKind("flight")
    assert flight is ItemKind.FLIGHT and flight == "flight" and f"{flight}" == "flight"
    assert (flight.value, flight.name, repr(flight)) == (
        "flight",
        "FLIGHT",
        "<ItemKind.FLIGHT: 'flight'>",
    )
    assert json.dumps({"kind": flight}) == '{"kind": "flight"}'
    assert pickle.loads(pickle.dumps(flight)) is flight
    assert copy.deepcopy(flight) is flight
    assert [kind.value for kind in ItemKind] == list(ITEM_KINDS.values())
    assert ItemKind.CAR.spec.between_places and not ItemKind.CAR.spec.transport
    with pytest.raises(ValueError, match="'cruise' is not a valid ItemKind"):
        ItemKind("cruise")
    with pytest.raises(AttributeError):
        _ = ItemKind.CRUISE
