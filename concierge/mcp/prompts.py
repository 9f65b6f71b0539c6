"""Starting points the client offers the person ("plan a day", "check my connections"): each a
request to the client's model that starts from the trip's present."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import mcp.types as types

from .tool_list import TRIP, TRIP_CONTEXT


@dataclass(frozen=True, slots=True)
class StartingPoint:
    name: str
    title: str
    description: str
    arguments: tuple[types.PromptArgument, ...]
    request: Callable[[Mapping[str, str]], str]

    def listing(self) -> types.Prompt:
        return types.Prompt(
            name=self.name,
            title=self.title,
            description=self.description,
            arguments=list(self.arguments),
        )

    def message(self, arguments: Mapping[str, str]) -> types.GetPromptResult:
        missing = [a.name for a in self.arguments if a.required and not arguments.get(a.name)]
        if missing:
            raise ValueError(f"The prompt {self.name} needs {', '.join(missing)}.")
        text = f"Call {TRIP_CONTEXT}{_for_trip(arguments)} first. {self.request(arguments)}"
        return types.GetPromptResult(
            description=self.description,
            messages=[types.PromptMessage(role="user", content=types.TextContent(text=text))],
        )


def _for_trip(arguments: Mapping[str, str]) -> str:
    trip = arguments.get(TRIP)
    return f" for the trip {trip!r}" if trip else ""


_TRIP_ARGUMENT = types.PromptArgument(
    name=TRIP,
    description="The trip's id or title (not needed with one trip).",
    required=False,
)

STARTING_POINTS = (
    StartingPoint(
        name="plan_a_day",
        title="Plan a day",
        description="Fill one day of the itinerary around what is already booked.",
        arguments=(
            _TRIP_ARGUMENT,
            types.PromptArgument(name="day", description="The day, YYYY-MM-DD.", required=True),
        ),
        request=lambda arguments: (
            f"Plan {arguments['day']}: keep what is booked and locked, fill the gaps with a few "
            "things that suit the travellers' interests and pace, with travel time between "
            "them, and add them to the itinerary one item at a time."
        ),
    ),
    StartingPoint(
        name="check_connections",
        title="Check my connections",
        description="Look over every transfer between stops for tight or missing connections.",
        arguments=(_TRIP_ARGUMENT,),
        request=lambda arguments: (
            "Check every connection between stops: the problems the trip lists, transfers "
            "with too little time, a night without a place to stay, a day that ends far from "
            "where the next begins. Say what you find, worst first, and propose a fix for each."
        ),
    ),
)
"""The prompts, by name."""


def starting_point(name: str) -> StartingPoint:
    for point in STARTING_POINTS:
        if point.name == name:
            return point
    known = ", ".join(point.name for point in STARTING_POINTS)
    raise ValueError(f"There is no prompt named {name!r}; there are {known}.")
