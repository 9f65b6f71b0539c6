"""A new trip starts from home: the origin and budget currency the person gave in the welcome
or Settings, the origin resolved to its airport code and time zone as a typed one is."""

from __future__ import annotations

import asyncio

from concierge.model.settings import HOME_CURRENCY, HOME_PLACE
from concierge.store import Settings

from .trips import TripEditor


async def home_values(settings: Settings, editor: TripEditor) -> dict[str, object]:
    """The fields a new trip takes from home (resolving a place is a search: off the loop)."""
    currency: str = await settings.get(HOME_CURRENCY)
    values: dict[str, object] = {"budget_currency": currency}
    home = await settings.get(HOME_PLACE)
    if home:
        values |= await asyncio.to_thread(editor.place_fields, "origin", home, strict=False)
    return values
