"""Constraint rule text: each kind reads what it writes (hypothesis), refuses what is not a
rule with one sentence that says how rules are written, and describes itself in one line."""

from __future__ import annotations

from datetime import time
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from concierge.model.constraints import (
    BY_NAME,
    KINDS,
    RULE_LIMIT,
    Constraint,
    constraint_rule,
    kinds_syntax,
    parse_rule,
)

WORD = (
    st.text(
        st.characters(whitelist_categories=("L", "N"), whitelist_characters=" -'&"),
        min_size=1,
        max_size=30,
    )
    .map(lambda text: " ".join(text.split()))
    .filter(bool)
)


def phrases(low: int, high: int) -> st.SearchStrategy[tuple[str, ...]]:
    return st.lists(WORD, min_size=low, max_size=high, unique_by=str.lower).map(tuple)


CLOCKS = st.times().map(lambda value: time(value.hour, value.minute))

VALUES: dict[str, st.SearchStrategy[dict[str, Any]]] = {
    "no_departure_between": st.fixed_dictionaries(
        {"start": CLOCKS, "end": CLOCKS, "scope": st.sampled_from(["flights", "transport"])}
    ).filter(lambda values: values["start"] != values["end"]),
    "max_flights": st.fixed_dictionaries({"count": st.integers(0, 50)}),
    "max_transit_per_day": st.fixed_dictionaries(
        {"hours": st.integers(1, 240).map(lambda tenths: Decimal(tenths) / 10)}
    ),
    "avoid": st.fixed_dictionaries({"words": phrases(1, 8)}),
    "diet": st.fixed_dictionaries({"words": phrases(1, 5)}),
    "step_free": st.fixed_dictionaries({"words": phrases(0, 5)}),
}


def test_every_kind_has_values_drawn_here() -> None:
    assert set(VALUES) == set(BY_NAME)


@given(data=st.data())
def test_a_rule_reads_back_as_the_constraint_it_was_written_from(data: st.DataObject) -> None:
    kind = data.draw(st.sampled_from(KINDS))
    values = data.draw(VALUES[kind.name])
    constraint = Constraint(kind, values)
    again = parse_rule(constraint.rule)
    assert again == constraint
    assert again.rule == constraint.rule
    assert constraint_rule("Constraint", f"  {constraint.rule} ") == constraint.rule
    description = constraint.description
    assert description and "\n" not in description


@given(data=st.data())
def test_spaces_and_case_of_options_do_not_change_the_rule(data: st.DataObject) -> None:
    kind = data.draw(st.sampled_from(KINDS))
    constraint = Constraint(kind, data.draw(VALUES[kind.name]))
    spaced = constraint.rule.replace(",", " , ").replace("(", " ( ")
    assert parse_rule(spaced).rule == constraint.rule


@pytest.mark.parametrize(
    ("text", "rule", "description"),
    [
        (
            "no_departure_between(22:00, 6:00)",
            "no_departure_between(22:00,06:00)",
            "No flights departing between 22:00 and 06:00 (local time)",
        ),
        (
            "no_departure_between(23:30,05:00,Transport)",
            "no_departure_between(23:30,05:00,transport)",
            "No transport departing between 23:30 and 05:00 (local time)",
        ),
        ("max_flights(2)", "max_flights(2)", "At most 2 flights"),
        ("max_flights(1)", "max_flights(1)", "At most 1 flight"),
        ("max_flights(0)", "max_flights(0)", "No flights"),
        ("max_transit_per_day(3.0)", "max_transit_per_day(3)", "At most 3 hours of transit a day"),
        (
            "max_transit_per_day(1.5)",
            "max_transit_per_day(1.5)",
            "At most 1.5 hours of transit a day",
        ),
        (
            "avoid(crowds,  long drives, Crowds)",
            "avoid(crowds,long drives)",
            "Avoid crowds, long drives",
        ),
        ("diet(vegetarian)", "diet(vegetarian)", "Meals suit vegetarian"),
        ("step_free()", "step_free()", "Step-free access"),
        ("step_free(hikes)", "step_free(hikes)", "Step-free access, and nothing with hikes"),
    ],
)
def test_rules_read_to_their_canonical_text_and_description(
    text: str, rule: str, description: str
) -> None:
    constraint = parse_rule(text)
    assert (constraint.rule, constraint.description) == (rule, description)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("no red-eyes", "A constraint must be written as one of: no_departure_between("),
        ("max_flight(2)", "A constraint must be written as one of:"),
        ("max_flights", "A constraint must be written as one of:"),
        ("max_flights(two)", "Flights must be a whole number from 0 to 50 (got 'two')."),
        ("max_flights(51)", "Flights must be a whole number from 0 to 50 (got '51')."),
        ("max_flights(1,2)", "max_flights takes max_flights(n) (got '1,2')."),
        ("max_transit_per_day(0)", "Hours a day must be a number of hours above 0 and up to 24"),
        ("max_transit_per_day(25)", "Hours a day must be a number of hours above 0 and up to 24"),
        ("max_transit_per_day(1.25)", "in tenths at most (got '1.25')."),
        ("no_departure_between(22:00)", "no_departure_between takes no_departure_between(HH:MM"),
        ("no_departure_between(24:00,06:00)", "From must be a time such as 22:00 (got '24:00')."),
        (
            "no_departure_between(22:00,06:00,trains)",
            "Applies to must be one of flights, transport",
        ),
        ("no_departure_between(22:00,22:00)", "needs two different times"),
        ("avoid()", "Things to avoid takes from 1 to 20 words (got 0)."),
        ("avoid(a (b))", "avoid takes no brackets or line breaks inside"),
        ("diet(" + "x" * 61 + ")", "Diets: each may have at most 60 characters"),
        ("avoid(" + ",".join(f"w{n}" for n in range(21)) + ")", "from 1 to 20 words (got 21)"),
        ("avoid(" + "x" * RULE_LIMIT + ")", f"at most {RULE_LIMIT} characters"),
    ],
)
def test_what_is_not_a_rule_is_refused_in_one_sentence(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=r"\.$") as raised:
        parse_rule(text)
    assert message in str(raised.value)
    assert str(raised.value).endswith(".")


def test_the_refusal_of_an_unknown_rule_lists_every_kind() -> None:
    with pytest.raises(ValueError, match="A constraint must be written") as raised:
        parse_rule("red-eye()")
    assert kinds_syntax() in str(raised.value)
    for kind in KINDS:
        assert kind.syntax in kinds_syntax()


def test_no_rule_is_none_and_other_types_are_refused() -> None:
    assert constraint_rule("Constraint", None) is None
    assert constraint_rule("Constraint", "  ") is None
    with pytest.raises(ValueError, match="Constraint must be rule text"):
        constraint_rule("Constraint", 2)
