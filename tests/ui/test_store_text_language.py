"""Text the store and the travel layer declare (validation errors, problem texts, labels)
shows in Portuguese through `shown`, with its dates written the Portuguese way, while the
same values stay English for the model."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from PySide6.QtWidgets import QWidget

from concierge.store import ExpenseCategory, ItemKind, Pace
from concierge.store.choice_labels import CATEGORY_LABELS, PACE_LABELS
from concierge.store.errors import InvalidChangeError
from concierge.store.validation import TRIP_RULES, check_stop, parse_changes
from concierge.travel.checks import dates
from concierge.travel.forms.trip_brief import TRIP_BRIEF, choice_label
from concierge.travel.itinerary.item_times import duration_text
from concierge.ui.i18n import shown
from tests.travel.checks.support import found, item, make_stop, make_trip, plan_of


def refused_start_date() -> InvalidChangeError:
    with pytest.raises(InvalidChangeError) as caught:
        parse_changes("trip", TRIP_RULES, {"start_date": "2026-13-01"})
    return caught.value


def stop_before_arrival() -> InvalidChangeError:
    with pytest.raises(InvalidChangeError) as caught:
        check_stop(make_stop("Kyoto", date(2026, 5, 7), date(2026, 5, 4)), make_trip())
    return caught.value


def test_a_validation_error_shows_in_portuguese_with_its_label_translated(
    portuguese: None,
) -> None:
    error = refused_start_date()
    assert str(error) == "Start date must be a date such as 2026-05-01 (got '2026-13-01')."
    assert shown(str(error)) == (
        "Data de início precisa ser uma data como 2026-05-01 (recebido: '2026-13-01')."
    )


def test_a_stop_error_writes_its_dates_in_portuguese(portuguese: None) -> None:
    error = stop_before_arrival()
    assert shown(str(error)) == (
        "A partida de Kyoto (4 de mai. de 2026) é anterior à chegada (7 de mai. de 2026)."
    )


def test_a_problem_from_the_checks_shows_in_portuguese_with_short_days(
    portuguese: None,
) -> None:
    early = item("Early", date(2026, 5, 1) - timedelta(1))
    (problem,) = found(dates.CHECKER, plan_of([early]))
    assert problem.text == "“Early” on 30 Apr is before the trip starts (1 May to 10 May)."
    assert shown(problem.text) == (
        "“Early” em 30 abr é antes do início da viagem (1 mai a 10 mai)."
    )


def test_labels_and_choices_show_in_portuguese(portuguese: None) -> None:
    assert shown(ItemKind.FERRY.label) == "Balsa"
    assert shown(TRIP_BRIEF.field("diet").label) == "Restrições alimentares"
    assert shown(choice_label("gluten-free")) == "Sem glúten"
    assert shown(TRIP_RULES["travellers"].label) == "Viajantes"
    assert shown(PACE_LABELS[Pace.RELAXED]) == "Tranquilo"
    assert shown(CATEGORY_LABELS[ExpenseCategory.FOOD]) == "Alimentação"
    length = duration_text(timedelta(days=2, hours=3))
    assert (length, shown(length)) == ("2 days 3 h", "2 dias 3 h")


def test_english_shows_the_same_text_the_model_reads(qapp: QWidget) -> None:
    error = stop_before_arrival()
    assert shown(str(error)) == str(error)
    assert shown(ItemKind.FERRY.label) == "Ferry"
