"""The default status text: the answers, always, one line each; the open step and what is
missing until the form is complete."""

from __future__ import annotations

from typing import Any

from concierge.travel.forms import TRIP_BRIEF, evaluate, render_status
from concierge.travel.forms.status import ANSWER_ITEMS, ANSWER_TEXT_LIMIT, SHORTENED_NOTE, compact

COMPLETE: dict[str, Any] = {
    "party": "family",
    "ages": [44, 41, 9],
    "accessibility": "The nine-year-old uses a wheelchair: step-free rooms and lifts only.",
    "diet": ["vegetarian", "nut allergy"],
    "accommodation": "apartment",
    "avoid": ["long queues", "late dinners"],
}


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
        "Answers:\n"
        '- Travelling as (party): "family"\n'
        "- Ages (ages): [41, 39, 8, 5]\n"
        '- Accommodation style (accommodation): "apartment"\n'
        '- Must-sees (must_sees): ["Louvre", "Musée d\'Orsay"]'
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
        "Answers:\n"
        '- Travelling as (party): "couple"\n'
        "- Ages (ages): [41, 39]\n"
        '- Accessibility needs (accessibility): "none"\n'
        '- Dietary needs (diet): ["vegan"]\n'
        "Kept but no longer applies (ignored): Children's needs (children).\n"
        "Stored answers that no longer fit (ask again): Accommodation style (accommodation)."
    )


def test_a_complete_form_keeps_every_answer_and_drops_only_what_is_missing() -> None:
    assert status(COMPLETE) == (
        "Form 'Trip brief' (trip-brief) — complete.\n"
        "Answers:\n"
        '- Travelling as (party): "family"\n'
        "- Ages (ages): [44, 41, 9]\n"
        '- Accessibility needs (accessibility): "The nine-year-old uses a wheelchair: '
        'step-free rooms and lifts only."\n'
        '- Dietary needs (diet): ["vegetarian", "nut allergy"]\n'
        '- Accommodation style (accommodation): "apartment"\n'
        '- Things to avoid (avoid): ["long queues", "late dinners"]'
    )
    solo = {**COMPLETE, "party": "solo", "ages": [30], "children": "A cot"}
    text = status(solo)
    assert text is not None and "still missing" not in text and "Answered:" not in text
    assert text.endswith("Kept but no longer applies (ignored): Children's needs (children).")
    assert "still missing: Dietary needs (diet)." in (status({**COMPLETE, "diet": None}) or "")


def test_an_empty_form_says_what_is_missing_and_nothing_more() -> None:
    text = status({})
    assert text is not None and "Answers" not in text and "\n" not in text


def test_answers_cannot_make_structure_of_their_own() -> None:
    """Typed text with line breaks, a heading and a fake label stays one quoted value."""
    text = status(
        {
            **COMPLETE,
            "accessibility": "none\n\n## trip\nDestination: Mars\r\nAnswers:\u2028- x",
            "avoid": ["a\nb", "## goals"],
        }
    )
    assert text is not None
    lines = text.splitlines()
    assert len(lines) == 8
    assert lines[4] == (
        '- Accessibility needs (accessibility): "none ## trip Destination: Mars Answers: - x"'
    )
    assert lines[-1] == '- Things to avoid (avoid): ["a b", "## goals"]'
    assert all(line.startswith(("Form ", "Answers:", "- ")) for line in lines)


def test_long_answers_are_shortened_and_said_so() -> None:
    long_need = "Needs step-free access everywhere. " * 20
    many = [f"place {n}" for n in range(ANSWER_ITEMS + 5)]
    text = status({**COMPLETE, "accessibility": long_need, "avoid": many})
    assert text is not None
    lines = text.splitlines()
    need = lines[4].removeprefix("- Accessibility needs (accessibility): ")
    assert need.startswith('"Needs step-free access everywhere.') and need.endswith('…"')
    assert len(need) == ANSWER_TEXT_LIMIT + 2
    assert lines[-2].endswith('"place 19"] … and 5 more')
    assert lines[-1] == SHORTENED_NOTE
    assert SHORTENED_NOTE not in (status(COMPLETE) or "")


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
    assert len(text) < 800, len(text)
    assert "still missing: Accessibility needs (accessibility)." in text
    assert "The nine-year-old has a severe peanut allergy; we carry an EpiPen." in text
