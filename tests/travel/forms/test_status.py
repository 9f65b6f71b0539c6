"""The default status text: the open step, what is missing, what is known; silent when done."""

from __future__ import annotations

from typing import Any

from concierge.travel.forms import TRIP_BRIEF, evaluate, render_status
from concierge.travel.forms.status import compact


def status(answers: dict[str, Any]) -> str | None:
    return render_status(evaluate(TRIP_BRIEF, answers))


def test_empty_form() -> None:
    assert status({}) == (
        "Form 'Trip brief' (trip-brief) — step 1 of 4 'Who is travelling': still missing: "
        "Travelling as (party), Ages (ages). Later steps still need: Accessibility needs "
        "(accessibility), Dietary needs (diet), Accommodation style (accommodation). "
        "Answered: 0 of 8."
    )


def test_partly_filled_form_shows_what_is_known() -> None:
    assert status(
        {
            "party": "family",
            "ages": [41, 39, 8, 5],
            "accommodation": "apartment",
            "must_sees": ["Louvre", "Musée d'Orsay"],
        }
    ) == (
        "Form 'Trip brief' (trip-brief) — step 2 of 4 'Needs': still missing: Accessibility "
        "needs (accessibility), Dietary needs (diet). Answered: 4 of 9.\n"
        'Answers: party="family"; ages=[41, 39, 8, 5]; '
        'accommodation="apartment"; must_sees=["Louvre", "Musée d\'Orsay"]'
    )


def test_flagged_answers_are_named() -> None:
    assert status(
        {
            "party": "couple",
            "ages": [41, 39],
            "children": "A cot",
            "accessibility": "none",
            "diet": ["vegan"],
            "accommodation": "castle",
        }
    ) == (
        "Form 'Trip brief' (trip-brief) — step 3 of 4 'Stay': still missing: Accommodation "
        "style (accommodation). Answered: 4 of 8.\n"
        'Answers: party="couple"; ages=[41, 39]; accessibility="none"; diet=["vegan"]\n'
        "Kept but no longer applies (ignored): Children's needs (children).\n"
        "Stored answers that no longer fit (ask again): Accommodation style (accommodation)."
    )


def test_complete_form_is_silent() -> None:
    answers = {
        "party": "solo",
        "ages": [30],
        "accessibility": "none",
        "diet": ["none"],
        "accommodation": "hostel",
    }
    assert status(answers) is None
    assert status({**answers, "must_sees": ["Alfama"], "children": "A cot"}) is None
    assert status({**answers, "diet": None}) is not None


def test_long_text_is_shortened_to_one_line() -> None:
    assert compact("a\n  b") == '"a b"'
    assert compact("x" * 100) == '"' + "x" * 79 + '…"'
    assert compact(["y" * 50, "z"]) == '["' + "y" * 39 + '…", "z"]'
    assert compact([41, 8]) == "[41, 8]"
    assert compact(True) == "true"


def test_a_typical_rendering_stays_short() -> None:
    text = status(
        {
            "party": "family",
            "ages": [44, 41, 9, 6],
            "children": "The six-year-old still naps after lunch; we bring a folding pushchair.",
            "diet": ["vegetarian", "nut allergy"],
            "diet_notes": "The nine-year-old has a severe peanut allergy; we carry an EpiPen.",
            "must_sees": ["Sagrada Família", "Park Güell", "a beach afternoon"],
            "avoid": ["long queues", "late dinners"],
        }
    )
    assert text is not None
    assert len(text) < 600, len(text)
    assert "still missing: Accessibility needs (accessibility)." in text
