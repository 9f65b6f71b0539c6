"""A small form with every widget kind and a condition, so the brief panel tests do not
depend on which questions the shipped trip brief asks."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from concierge.travel.forms import FormDefinition, FormField, FormStep, one_of

SAMPLE = FormDefinition(
    "sample-brief",
    "Sample brief",
    [
        FormStep(
            "who",
            "Who",
            [
                FormField(
                    "party",
                    "Travelling as",
                    Literal["solo", "couple", "family"],
                    required=True,
                    help="Alone, as a couple or a family.",
                ),
                FormField(
                    "count",
                    "Number of travellers",
                    Annotated[int, Field(ge=1, le=20)],
                    required=True,
                    condition=one_of("party", "family"),
                ),
                FormField(
                    "ages",
                    "Ages",
                    list[Annotated[int, Field(ge=0, le=120)]],
                    required=True,
                    help="One age per traveller.",
                ),
            ],
        ),
        FormStep(
            "needs",
            "Needs",
            [
                FormField(
                    "diet", "Diet", list[Literal["none", "vegan", "gluten-free"]], required=True
                ),
                FormField("notes", "Notes", Annotated[str, Field(max_length=40)], multiline=True),
                FormField("pets", "Bringing pets", bool),
            ],
        ),
        FormStep(
            "wishes",
            "Wishes",
            [
                FormField("must_sees", "Must-sees", list[Annotated[str, Field(max_length=30)]]),
                FormField("nickname", "Nickname", Annotated[str, Field(max_length=12)]),
                FormField("share", "Budget share", Annotated[float, Field(ge=0, le=1)]),
            ],
        ),
    ],
)
