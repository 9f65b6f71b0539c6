"""The small helpers behind search: folding, the haystack, distances."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from concierge.travel.locale.folding import fold
from concierge.travel.places.geo import distance_km
from concierge.travel.places.haystack import Haystack


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("São Paulo", "sao paulo"),
        ("  SAO   PAULO ", "sao paulo"),
        ("Tromsø", "tromso"),
        ("Łódź", "lodz"),
        ("Straße", "strasse"),
        ("Chicago O'Hare", "chicago ohare"),
        ("Dallas-Fort Worth", "dallas fort worth"),
        ("Bắc-Ninh", "bac ninh"),
        ("Москва", "москва"),
        ("--", ""),
    ],
)
def test_fold(text: str, key: str) -> None:
    assert fold(text) == key


@given(st.text())
def test_fold_is_idempotent(text: str) -> None:
    assert fold(fold(text)) == fold(text)


@given(
    st.lists(st.text(alphabet="ab |", max_size=8), min_size=1, max_size=30),
    st.text(alphabet="ab |", min_size=1, max_size=3),
)
def test_haystack_finds_what_a_loop_finds(texts: list[str], needle: str) -> None:
    assert Haystack(texts).find(needle) == {n for n, t in enumerate(texts) if needle in t}


@given(
    st.lists(st.text(alphabet="ab |", max_size=8), min_size=1, max_size=30),
    st.text(alphabet="ab |", min_size=1, max_size=3),
    st.integers(min_value=0, max_value=10),
)
def test_a_limited_haystack_search_finds_the_lowest_numbers(
    texts: list[str], needle: str, limit: int
) -> None:
    every = sorted(n for n, t in enumerate(texts) if needle in t)
    assert Haystack(texts).find(needle, limit) == set(every[:limit])


def test_haystack_refuses_line_breaks() -> None:
    with pytest.raises(ValueError, match="line break"):
        Haystack(["a\nb"])
    assert Haystack(["a"]).find("a\n") == set()


def test_distance_lisbon_porto() -> None:
    # LIS and OPO airports are about 274 km apart.
    assert 270 < distance_km(38.7813, -9.13592, 41.2481, -8.68139) < 280
    assert distance_km(0, 0, 0, 0) == 0
    assert 20_000 < distance_km(0, 0, 0, 180) < 20_050
