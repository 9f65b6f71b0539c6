"""Trip dates from typed text, and the rules a trip's dates must keep."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from concierge.model.fields import MAX_TRIP_DAYS
from concierge.model.values.dates import (
    format_date,
    pattern_example,
    read_date,
    read_typed_date,
    short_date,
)
from concierge.model.values.errors import DateTextError
from concierge.travel.locale.app_locale import app_locale
from concierge.travel.locale.dates import local_now, trip_days, validate_trip_dates, zone

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
    assert read_date(text, app_locale()) == MAY_14


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
    with pytest.raises(DateTextError) as caught:
        read_date(text, app_locale())
    assert str(caught.value) == message


def test_implausible_years_are_typing_mistakes() -> None:
    with pytest.raises(DateTextError, match="year must be between 1900 and 2199"):
        read_date("0226-05-14", app_locale())


def test_end_before_start() -> None:
    with pytest.raises(DateTextError) as caught:
        validate_trip_dates(MAY_14, date(2026, 5, 12))
    assert str(caught.value) == (
        "The end date (12 May 2026) is before the start date (14 May 2026)."
    )


def test_longest_trip() -> None:
    last_day = date(2027, 5, 13)
    assert len(trip_days(MAY_14, last_day)) == MAX_TRIP_DAYS == 365
    with pytest.raises(DateTextError) as caught:
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


def test_trip_dates_read_then_checked_together() -> None:
    start, end = read_date("2026-05-14", app_locale()), read_date("16 May 2026", app_locale())
    assert (start, end) == (MAY_14, date(2026, 5, 16))
    validate_trip_dates(start, end)
    with pytest.raises(DateTextError, match="is before the start date"):
        validate_trip_dates(start, read_date("2026-05-01", app_locale()))


def test_format_date_is_locale_independent() -> None:
    assert format_date(MAY_14) == "14 May 2026"
    assert format_date(date(2026, 9, 1)) == "1 September 2026"


def test_time_zones() -> None:
    assert local_now("Europe/Lisbon").tzinfo == zone("Europe/Lisbon")
    with pytest.raises(DateTextError) as caught:
        zone("Europe/Lisbn")
    assert str(caught.value) == (
        "Unknown time zone 'Europe/Lisbn'. Use an IANA name such as Europe/Lisbon."
    )
    for bad in ("", "Europe", "../etc/passwd"):
        with pytest.raises(DateTextError):
            zone(bad)


@given(st.dates(min_value=date(1900, 1, 1), max_value=date(2199, 12, 31)))
def test_every_date_round_trips_through_iso_and_words(day: date) -> None:
    assert read_date(day.isoformat(), app_locale()) == day
    assert read_date(format_date(day), app_locale()) == day


@pytest.mark.parametrize(
    ("text", "pattern", "expected"),
    [
        ("10/04/2027", "dd/MM/yyyy", date(2027, 4, 10)),  # en_GB, fr_FR: day first.
        ("10/04/2027", "M/d/yy", date(2027, 10, 4)),  # en_US: month first.
        ("4/10/27", "M/d/yy", date(2027, 4, 10)),  # A two-digit year is this century's.
        ("10.04.27", "dd.MM.yy", date(2027, 4, 10)),
        ("10 04 2027", "d MM yyyy", date(2027, 4, 10)),  # The C locale.
        ("27. 4. 10.", "yy. M. d.", date(2027, 4, 10)),  # ko_KR: year first.
        ("2027. 04. 10.", "yyyy. MM. dd.", date(2027, 4, 10)),
        ("2027-04-10", "M/d/yy", date(2027, 4, 10)),  # A four-digit year first is ISO.
        ("2027/4/10", "dd/MM/yyyy", date(2027, 4, 10)),
        ("10 Apr 2027", "M/d/yy", date(2027, 4, 10)),
        ("  Sat 10 April 2027 ", "dd/MM/yyyy", date(2027, 4, 10)),
    ],
)
def test_typed_dates_follow_the_locales_numeric_order(
    text: str, pattern: str, expected: date
) -> None:
    assert read_typed_date(text, pattern, app_locale()) == expected


@pytest.mark.parametrize(
    ("text", "pattern", "message"),
    [
        (
            "31/04/2027",
            "dd/MM/yyyy",
            "'31/04/2027' is not a valid date (read as day 31, month 4, year 2027, like "
            "14/05/2026). April 2027 has 30 days.",
        ),
        (
            "10/04",
            "M/d/yy",
            "'10/04' is not a whole date: give the day, month and year, for example 5/14/26 "
            "or 14 May 2026.",
        ),
        ("10/04/202", "dd/MM/yyyy", "'10/04/202' has no clear year: write it like 14/05/2026."),
        ("Not set0Apr2027", "dd/MM/yyyy", "'Not set0Apr2027' is not a date."),
        ("0227-04-10", "dd/MM/yyyy", "'0227-04-10' is not a plausible trip date"),
        ("Sun 10 Apr 2027", "dd/MM/yyyy", "10 April 2027 is a Saturday, not a Sunday."),
    ],
)
def test_typed_dates_that_cannot_be_read_say_why(text: str, pattern: str, message: str) -> None:
    with pytest.raises(DateTextError) as caught:
        read_typed_date(text, pattern, app_locale())
    assert str(caught.value).startswith(message)


def test_pattern_examples_and_the_short_form_a_form_shows() -> None:
    assert pattern_example("dd/MM/yyyy") == "14/05/2026"
    assert pattern_example("M/d/yy") == "5/14/26"
    assert pattern_example("ddd d MMM yyyy") == "Thu 14 May 2026"
    assert short_date(date(2027, 4, 10)) == "10 Apr 2027"


@given(st.dates(min_value=date(1900, 1, 1), max_value=date(2199, 12, 31)))
def test_what_a_date_field_shows_reads_back(day: date) -> None:
    assert read_typed_date(short_date(day), "M/d/yy", app_locale()) == day
