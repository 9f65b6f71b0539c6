"""The one reader and writer of times of day and durations."""

from __future__ import annotations

from datetime import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from concierge.model.values import (
    ClockError,
    read_duration,
    read_time,
    write_duration,
    write_time,
)


@given(
    clock=st.times().map(lambda t: t.replace(second=0, microsecond=0)),
    locale=st.sampled_from([None, "en", "de", "pt_BR", "fr"]),
)
def test_a_time_written_in_a_locale_reads_back(clock: time, locale: str | None) -> None:
    assert read_time(write_time(clock, locale)) == clock


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("14:30", time(14, 30)),
        ("9:05", time(9, 5)),
        ("14.30", time(14, 30)),
        ("14h30", time(14, 30)),
        ("14 h", time(14)),
        ("2:30 pm", time(14, 30)),
        ("2 PM", time(14)),
        ("12:15 a.m.", time(0, 15)),
        ("2:30\u202fPM", time(14, 30)),
    ],
)
def test_times_of_day_are_read(text: str, expected: time) -> None:
    assert read_time(text) == expected


@pytest.mark.parametrize("text", ["25:00", "13:00 pm", "noonish", "", "14:61"])
def test_what_is_no_time_of_day_is_refused(text: str) -> None:
    with pytest.raises(ClockError, match="is not a time of day"):
        read_time(text)


@pytest.mark.parametrize(
    ("text", "minutes"),
    [
        ("90", 90),
        ("90 min", 90),
        ("2h30", 150),
        ("2 h 30", 150),
        ("2 hours 30 minutes", 150),
        ("1:30", 90),
        ("1.5 h", 90),
        ("1,5 Std.", 90),
        ("2 horas", 120),
        (45, 45),
    ],
)
def test_durations_are_read(text: object, minutes: int) -> None:
    assert read_duration(text) == minutes


@pytest.mark.parametrize("text", ["soon", "1.71 h", "h", ""])
def test_what_is_no_duration_is_refused(text: str) -> None:
    with pytest.raises(ClockError, match="is not a duration"):
        read_duration(text)


@given(minutes=st.integers(min_value=0, max_value=100_000))
def test_a_duration_written_reads_back(minutes: int) -> None:
    assert read_duration(write_duration(minutes)) == minutes
