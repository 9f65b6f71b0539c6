"""What the client's model reads once, on connecting: to start from the trip's present, then
the rules our own assistant follows, so it works under the same ones."""

from __future__ import annotations

from concierge.travel.assistant.instructions import INSTRUCTIONS

from .tool_list import TRIP, TRIP_CONTEXT

SERVER_INSTRUCTIONS = f"""\
Concierge holds the person's trips; they plan in its window while you work on the same trip.

Start from `{TRIP_CONTEXT}`: it returns everything the trip holds now, as Concierge's own \
assistant sees it. Every other tool's result ends with what changed in the trip since your \
last call (the person, or another program, may have changed it in between): trust it over \
what you remember. Each tool takes `{TRIP}`, the trip's id or title, not needed when there \
is only one trip. Your changes are marked with your name in the window; some may wait for \
the person's review, and locked items refuse changes.

Concierge's own assistant works under these instructions; follow them as well, reading \
"runtime context" as the present `{TRIP_CONTEXT}` and the tool results bring you:

{INSTRUCTIONS}"""
