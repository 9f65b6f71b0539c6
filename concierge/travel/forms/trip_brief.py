"""The trip brief: who travels and what they need, asked once per trip.

The assistant fills it through tools as the person talks; the person fills or corrects it
in the form panel. Must-sees and things to avoid are optional (many trips have neither);
everything the assistant needs to plan safely — who, ages, accessibility, diet, where to
sleep — is required, and "none" is an answer. How many travel is the trip's own `travellers`
field (edited in the trip form), not a question here: one source of truth per fact.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .conditions import any_of, below, equals
from .definition import FormDefinition, FormField, FormStep

Party = Literal["solo", "couple", "family", "friends", "group"]
Age = Annotated[int, Field(ge=0, le=120)]
Diet = Literal[
    "none",
    "vegetarian",
    "vegan",
    "pescatarian",
    "halal",
    "kosher",
    "gluten-free",
    "lactose-free",
    "nut allergy",
]
Accommodation = Literal[
    "hotel", "apartment", "hostel", "guesthouse", "camping", "luxury", "no preference"
]
Notes = Annotated[str, Field(max_length=1000)]
Item = Annotated[str, Field(max_length=120)]
ADULT_AGE = 18

TRIP_BRIEF = FormDefinition(
    "trip-brief",
    "Trip brief",
    [
        FormStep(
            "travellers",
            "Who is travelling",
            [
                FormField(
                    "party",
                    "Travelling as",
                    Party,
                    required=True,
                    help="Alone, as a couple, a family, friends or a larger group.",
                ),
                FormField(
                    "ages",
                    "Ages",
                    list[Age],
                    required=True,
                    help="One age per traveller, in years; 0 for a baby.",
                ),
            ],
        ),
        FormStep(
            "needs",
            "Needs",
            [
                FormField(
                    "children",
                    "Children's needs",
                    Notes,
                    condition=any_of(equals("party", "family"), below("ages", ADULT_AGE)),
                    multiline=True,
                    help="Cots, car seats, a pushchair, children's menus, early nights…",
                ),
                FormField(
                    "accessibility",
                    "Accessibility needs",
                    Notes,
                    required=True,
                    multiline=True,
                    help="Step-free access, a wheelchair, limited walking, sight or hearing; "
                    "write 'none' if there are none.",
                ),
                FormField(
                    "diet",
                    "Dietary needs",
                    list[Diet],
                    required=True,
                    help="Choose all that apply, or 'none'.",
                ),
                FormField(
                    "diet_notes",
                    "Other dietary notes",
                    Notes,
                    multiline=True,
                    help="Allergies and anything the choices do not cover.",
                ),
            ],
        ),
        FormStep(
            "stay",
            "Stay",
            [
                FormField(
                    "accommodation",
                    "Accommodation style",
                    Accommodation,
                    required=True,
                    help="Where you would like to sleep most nights.",
                ),
            ],
        ),
        FormStep(
            "wishes",
            "Wishes",
            [
                FormField(
                    "must_sees",
                    "Must-sees",
                    list[Item],
                    help="Places, sights or experiences the trip must include.",
                ),
                FormField(
                    "avoid",
                    "Things to avoid",
                    list[Item],
                    help="Anything to stay away from: crowds, long drives, early starts…",
                ),
            ],
        ),
    ],
)
