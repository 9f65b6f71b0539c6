"""The trip brief: who travels and what they need, asked once per trip. How many travel is the
trip's own `travellers` field, not a question here: one source of truth per fact."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import Field

from concierge.text import QT_TRANSLATE_NOOP

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
    QT_TRANSLATE_NOOP("TripBrief", "Trip brief"),
    [
        FormStep(
            "travellers",
            QT_TRANSLATE_NOOP("TripBrief", "Who is travelling"),
            [
                FormField(
                    "party",
                    QT_TRANSLATE_NOOP("TripBrief", "Travelling as"),
                    Party,
                    required=True,
                    help=QT_TRANSLATE_NOOP(
                        "TripBrief", "Alone, as a couple, a family, friends or a larger group."
                    ),
                ),
                FormField(
                    "ages",
                    QT_TRANSLATE_NOOP("TripBrief", "Ages"),
                    list[Age],
                    required=True,
                    help=QT_TRANSLATE_NOOP(
                        "TripBrief", "One age per traveller, in years; 0 for a baby."
                    ),
                ),
            ],
        ),
        FormStep(
            "needs",
            QT_TRANSLATE_NOOP("TripBrief", "Needs"),
            [
                FormField(
                    "children",
                    QT_TRANSLATE_NOOP("TripBrief", "Children's needs"),
                    Notes,
                    condition=any_of(equals("party", "family"), below("ages", ADULT_AGE)),
                    multiline=True,
                    help=QT_TRANSLATE_NOOP(
                        "TripBrief", "Cots, car seats, a pushchair, children's menus, early nights…"
                    ),
                ),
                FormField(
                    "accessibility",
                    QT_TRANSLATE_NOOP("TripBrief", "Accessibility needs"),
                    Notes,
                    required=True,
                    multiline=True,
                    help=QT_TRANSLATE_NOOP(
                        "TripBrief",
                        "Step-free access, a wheelchair, limited walking, sight or hearing; "
                        "write 'none' if there are none.",
                    ),
                ),
                FormField(
                    "diet",
                    QT_TRANSLATE_NOOP("TripBrief", "Dietary needs"),
                    list[Diet],
                    required=True,
                    help=QT_TRANSLATE_NOOP("TripBrief", "Choose all that apply, or 'none'."),
                ),
                FormField(
                    "diet_notes",
                    QT_TRANSLATE_NOOP("TripBrief", "Other dietary notes"),
                    Notes,
                    multiline=True,
                    help=QT_TRANSLATE_NOOP(
                        "TripBrief", "Allergies and anything the choices do not cover."
                    ),
                ),
            ],
        ),
        FormStep(
            "stay",
            QT_TRANSLATE_NOOP("TripBrief", "Stay"),
            [
                FormField(
                    "accommodation",
                    QT_TRANSLATE_NOOP("TripBrief", "Accommodation style"),
                    Accommodation,
                    required=True,
                    help=QT_TRANSLATE_NOOP(
                        "TripBrief", "Where you would like to sleep most nights."
                    ),
                ),
            ],
        ),
        FormStep(
            "wishes",
            QT_TRANSLATE_NOOP("TripBrief", "Wishes"),
            [
                FormField(
                    "must_sees",
                    QT_TRANSLATE_NOOP("TripBrief", "Must-sees"),
                    list[Item],
                    help=QT_TRANSLATE_NOOP(
                        "TripBrief", "Places, sights or experiences the trip must include."
                    ),
                ),
                FormField(
                    "avoid",
                    QT_TRANSLATE_NOOP("TripBrief", "Things to avoid"),
                    list[Item],
                    help=QT_TRANSLATE_NOOP(
                        "TripBrief",
                        "Anything to stay away from: crowds, long drives, early starts…",
                    ),
                ),
            ],
        ),
    ],
)

CHOICE_LABELS: Mapping[str, str] = {
    "solo": QT_TRANSLATE_NOOP("TripBrief", "Solo"),
    "couple": QT_TRANSLATE_NOOP("TripBrief", "Couple"),
    "family": QT_TRANSLATE_NOOP("TripBrief", "Family"),
    "friends": QT_TRANSLATE_NOOP("TripBrief", "Friends"),
    "group": QT_TRANSLATE_NOOP("TripBrief", "Group"),
    "none": QT_TRANSLATE_NOOP("TripBrief", "None"),
    "vegetarian": QT_TRANSLATE_NOOP("TripBrief", "Vegetarian"),
    "vegan": QT_TRANSLATE_NOOP("TripBrief", "Vegan"),
    "pescatarian": QT_TRANSLATE_NOOP("TripBrief", "Pescatarian"),
    "halal": QT_TRANSLATE_NOOP("TripBrief", "Halal"),
    "kosher": QT_TRANSLATE_NOOP("TripBrief", "Kosher"),
    "gluten-free": QT_TRANSLATE_NOOP("TripBrief", "Gluten-free"),
    "lactose-free": QT_TRANSLATE_NOOP("TripBrief", "Lactose-free"),
    "nut allergy": QT_TRANSLATE_NOOP("TripBrief", "Nut allergy"),
    "hotel": QT_TRANSLATE_NOOP("TripBrief", "Hotel"),
    "apartment": QT_TRANSLATE_NOOP("TripBrief", "Apartment"),
    "hostel": QT_TRANSLATE_NOOP("TripBrief", "Hostel"),
    "guesthouse": QT_TRANSLATE_NOOP("TripBrief", "Guesthouse"),
    "camping": QT_TRANSLATE_NOOP("TripBrief", "Camping"),
    "luxury": QT_TRANSLATE_NOOP("TripBrief", "Luxury"),
    "no preference": QT_TRANSLATE_NOOP("TripBrief", "No preference"),
}
"""Each choice of the brief as the panel shows it: the stored value stays the English word
the model reads ("gluten-free"), the label reads "Gluten-free" and is translated."""


def choice_label(choice: str) -> str:
    """A choice as the form shows it (pass it through `shown`): its declared label, else
    the value with a capital first letter."""
    return CHOICE_LABELS.get(choice) or choice[:1].upper() + choice[1:]
