"""Trip dates from typed text, and the rules a trip's dates must keep."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from concierge.travel.dates import (
    MAX_TRIP_DAYS,
    DateError,
    format_date,
    local_now,
    parse_date,
    parse_trip_dates,
    trip_days,
    validate_trip_dates,
    zone,
)

MAY_14 = date(2026, 5, 14)  # a Thursday


@pytest.mark.parametrize(
    "text",
    [
        "2026-05-14",
        "2026-5-14",
        "2026/05/14",
        " 2026-05-14 ",
        "14 May 2026",
        "14th May, 2026",
        "14 may 2026",
        "May 14, 2026",
        "May 14th 2026",
        "Thu 14 May 2026",
        "Thursday, May 14, 2026",
    ],
)
def test_accepted_forms(text: str) -> None:
    assert parse_date(text) == MAY_14


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2026-02-30", "'2026-02-30' is not a valid date. February 2026 has 28 days."),
        ("2028-02-30", "'2028-02-30' is not a valid date. February 2028 has 29 days."),
        ("2026-13-01", "'2026-13-01' is not a valid date. There is no month 13."),
        ("31 April 2026", "'31 April 2026' is not a valid date. April 2026 has 30 days."),
        ("Fri 14 May 2026", "14 May 2026 is a Thursday, not a Friday."),
        ("14 May", "'14 May' has no year. Write the full date, for example 14 May 2026."),
        (
            "05/06/2026",
            "'05/06/2026' is ambiguous (day and month could be either way round). "
            "Write it as YYYY-MM-DD, for example 2026-05-14.",
        ),
        (
            "2026-05-14T10:00:00Z",
            "'2026-05-14T10:00:00Z' has a time of day; give the date only, for example 2026-05-14.",
        ),
        ("next week", "'next week' is not a date. Write it as YYYY-MM-DD, for example 2026-05-14."),
        ("14 Mai 2026", "'14 Mai 2026' is not a date: 'mai' is not an English month name."),
        ("", "No date given. Write it as YYYY-MM-DD, for example 2026-05-14."),
    ],
)
def test_refused_forms_say_why(text: str, message: str) -> None:
    with pytest.raises(DateError) as caught:
        parse_date(text)
    assert str(caught.value) == message


def test_implausible_years_are_typing_mistakes() -> None:
    with pytest.raises(DateError, match="year must be between 1900 and 2199"):
        parse_date("0226-05-14")


def test_end_before_start() -> None:
    with pytest.raises(DateError) as caught:
        validate_trip_dates(MAY_14, date(2026, 5, 12))
    assert str(caught.value) == (
        "The end date (12 May 2026) is before the start date (14 May 2026)."
    )


def test_longest_trip() -> None:
    last_day = date(2027, 5, 13)
    assert len(trip_days(MAY_14, last_day)) == MAX_TRIP_DAYS == 365
    with pytest.raises(DateError) as caught:
        validate_trip_dates(MAY_14, date(2027, 5, 14))
    assert str(caught.value) == (
        "A trip can last at most 365 days; 14 May 2026 to 14 May 2027 is 366 days."
    )


def test_trip_days_include_both_ends() -> None:
    assert trip_days(MAY_14, date(2026, 5, 16)) == [
        date(2026, 5, 14),
        date(2026, 5, 15),
        date(2026, 5, 16),
    ]
    assert trip_days(MAY_14, MAY_14) == [MAY_14]
    assert trip_days(datetime(2026, 5, 14, 18, 30), date(2026, 5, 15)) == [
        MAY_14,
        date(2026, 5, 15),
    ]


def test_parse_trip_dates() -> None:
    assert parse_trip_dates("2026-05-14", "16 May 2026") == (MAY_14, date(2026, 5, 16))
    with pytest.raises(DateError, match="is before the start date"):
        parse_trip_dates("2026-05-14", "2026-05-01")


def test_format_date_is_locale_independent() -> None:
    assert format_date(MAY_14) == "14 May 2026"
    assert format_date(date(2026, 9, 1)) == "1 September 2026"


def test_time_zones() -> None:
    assert local_now("Europe/Lisbon").tzinfo == zone("Europe/Lisbon")
    with pytest.raises(DateError) as caught:
        zone("Europe/Lisbn")
    assert str(caught.value) == (
        "Unknown time zone 'Europe/Lisbn'. Use an IANA name such as Europe/Lisbon."
    )
    for bad in ("", "Europe", "../etc/passwd"):
        with pytest.raises(DateError):
            zone(bad)


@given(st.dates(min_value=date(1900, 1, 1), max_value=date(2199, 12, 31)))
def test_every_date_round_trips_through_iso_and_words(day: date) -> None:
    assert parse_date(day.isoformat()) == day
    assert parse_date(format_date(day)) == day
