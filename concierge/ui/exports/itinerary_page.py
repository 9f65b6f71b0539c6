"""The printable itinerary as HTML for Qt's rich text, in the window's language (hence made
here, not in the travel layer). It is the person's own paper: booking codes and seats are
printed as written, every value escaped.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta
from decimal import Decimal
from html import escape

from concierge.travel.exports import TripPlan
from concierge.travel.itinerary.date_spans import day_span
from concierge.travel.itinerary.day_order import by_day
from concierge.travel.itinerary.item_kinds import cost_text, money_text
from concierge.travel.itinerary.item_text import booking_text, place_text, title_text, when_text
from concierge.travel.itinerary.item_zones import TripZones
from concierge.travel.itinerary.stops import stop_on
from concierge.ui.i18n import ENGLISH, current_language, shown, translate

MAX_EMPTY_DAYS = 62
"""Days without plans are listed only for a trip of at most this many days."""

_STYLE = """
h1 { font-size: 20pt; margin-bottom: 2pt; }
h2 { font-size: 13pt; margin-top: 14pt; margin-bottom: 4pt; }
p.sub { color: #555555; margin-top: 0; }
table { margin-bottom: 6pt; }
td { vertical-align: top; }
td.money { text-align: right; }
p.empty { color: #777777; font-style: italic; }
p.notes { color: #444444; margin-left: 12pt; }
"""
_TABLE = '<table width="100%" cellpadding="2" cellspacing="0">'
WHEN_WIDTH = "27%"
"""The time column, the same on every day so the days line up."""


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _days(plan: TripPlan) -> list[date]:
    planned = by_day(plan.items, TripZones.of(plan.stops))
    days = set(planned)
    start, end = plan.trip.start_date, plan.trip.end_date
    if start is not None and end is not None and 0 <= (end - start).days < MAX_EMPTY_DAYS:
        days.update(start + timedelta(days=n) for n in range((end - start).days + 1))
    return sorted(days)


def long_date(day: date) -> str:
    """ "Thursday 18 November 2027"; "quinta-feira, 18 de novembro de 2027"."""
    if current_language() == ENGLISH:
        return f"{day:%A} {day.day} {day:%B %Y}"
    from babel.dates import format_date

    from concierge.travel.locale.app_locale import app_locale

    return format_date(day, "full", locale=app_locale())


def short_day(day: date) -> str:
    """ "18 Nov"; "18 de nov."."""
    if current_language() == ENGLISH:
        return f"{day.day} {day:%b}"
    from babel.dates import format_skeleton

    from concierge.travel.locale.app_locale import app_locale

    return format_skeleton("MMMd", day, locale=app_locale())


def _heading(plan: TripPlan) -> list[str]:
    trip = plan.trip
    parts = [f"<h1>{_e(trip.title)}</h1>"]
    when = shown(day_span(trip.start_date, trip.end_date))
    if trip.start_date is not None and trip.end_date is not None:
        when = f"{long_date(trip.start_date)} – {long_date(trip.end_date)}"
    route = [trip.origin, *(stop.place for stop in plan.stops)]
    if trip.origin and plan.stops:
        route.append(trip.origin)
    line = " · ".join(part for part in (when, " → ".join(p for p in route if p)) if part)
    if line:
        parts.append(f'<p class="sub">{_e(line)}</p>')
    return parts


def _essentials(plan: TripPlan) -> list[str]:
    rows = "".join(
        f'<tr><td width="{WHEN_WIDTH}"><b>{_e(shown(label))}</b></td><td>{_e(text)}</td></tr>'
        for label, text in plan.essentials
    )
    heading = translate("ItineraryPage", "Essentials")
    return [f"<h2>{_e(heading)}</h2>", f"{_TABLE}{rows}</table>"]


def _day(plan: TripPlan, day: date) -> list[str]:
    stop = stop_on(plan.stops, day)
    title = long_date(day) + (f" · {stop.place}" if stop else "")
    parts = [f"<h2>{_e(title)}</h2>"]
    zones = TripZones.of(plan.stops)
    entries = by_day(plan.items, zones).get(day, [])
    if not entries:
        nothing = translate("ItineraryPage", "Nothing planned.")
        parts.append(f'<p class="empty">{_e(nothing)}</p>')
        return parts
    reference = zones.named_against(day, plan.trip.origin_tz)
    rows: list[str] = []
    for entry in entries:
        item = entry.item
        booking = shown(booking_text(item))
        notes = " ".join(item.notes.split()) if entry.role.value in ("only", "starts") else ""
        texts = (shown(place_text(item)), booking, notes)
        detail = "".join(f"<br/>{_e(text)}" for text in texts if text)
        rows.append(
            f'<tr><td width="{WHEN_WIDTH}">'
            f"{_e(shown(when_text(zones.read(item), entry.role, reference)))}</td>"
            f"<td><b>{_e(shown(title_text(item)))}</b>{detail}</td></tr>"
        )
    parts.append(f"{_TABLE}{''.join(rows)}</table>")
    return parts


def _costs(plan: TripPlan) -> list[str]:
    costed = [item for item in plan.items if item.cost_amount is not None]
    if not costed:
        return []
    totals: dict[str | None, Decimal] = defaultdict(Decimal)
    rows: list[str] = []
    for item in sorted(costed, key=lambda i: (i.day, i.position)):
        assert item.cost_amount is not None
        totals[item.cost_currency] += item.cost_amount
        rows.append(
            f'<tr><td width="{WHEN_WIDTH}">{_e(short_day(item.day))}</td>'
            f"<td>{_e(shown(title_text(item)))}</td>"
            f'<td class="money">{_e(shown(cost_text(item)))}</td></tr>'
        )
    total = _e(translate("ItineraryPage", "Total"))
    for currency, amount in sorted(totals.items(), key=lambda pair: pair[0] or ""):
        rows.append(
            f'<tr><td></td><td><b>{total}</b></td><td class="money">'
            f"<b>{_e(shown(money_text(amount, currency)))}</b></td></tr>"
        )
    return [
        "<h2>" + _e(translate("ItineraryPage", "Costs")) + "</h2>",
        f"{_TABLE}{''.join(rows)}</table>",
    ]


def itinerary_page(plan: TripPlan) -> str:
    """The whole itinerary as one HTML document, in the window's language."""
    body = [*_heading(plan), *_essentials(plan)]
    for day in _days(plan):
        body.extend(_day(plan, day))
    body.extend(_costs(plan))
    return (
        f"<html><head><title>{_e(plan.trip.title)}</title><style>{_STYLE}</style></head>"
        f"<body>{''.join(body)}</body></html>"
    )
