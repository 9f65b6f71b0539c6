"""What an empty chat offers to ask, drawn from the trip's state: a person who does not know
what the assistant can do sees three or four things it can, about this trip."""

from __future__ import annotations

from concierge.text import QT_TRANSLATE_NOOP

from ..forms import TRIP_BRIEF
from ..services import TravelServices

MOST = 4


async def chat_suggestions(services: TravelServices, trip_id: str) -> list[str]:
    """Up to `MOST` requests, in the person's words, fitting the trip as it stands."""
    stops = await services.stops.stops(trip_id)
    items = await services.itinerary.items(trip_id)
    brief = await services.form_filler.state(trip_id, TRIP_BRIEF)
    chosen: list[str] = [
        QT_TRANSLATE_NOOP("ChatSuggestions", "Plan my first day in {place}").format(
            place=stops[0].place
        )
        if stops
        else QT_TRANSLATE_NOOP("ChatSuggestions", "Suggest a route for this trip")
    ]
    if any(item.kind.spec.transport for item in items):
        chosen.append(QT_TRANSLATE_NOOP("ChatSuggestions", "Check my connections"))
    if not brief.complete:
        chosen.append(
            QT_TRANSLATE_NOOP("ChatSuggestions", "What's still missing from the brief?")
            if brief.values
            else QT_TRANSLATE_NOOP("ChatSuggestions", "Help me fill in the trip's brief")
        )
    chosen.append(QT_TRANSLATE_NOOP("ChatSuggestions", "What should I book first?"))
    return chosen[:MOST]
