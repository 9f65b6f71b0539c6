"""The printable itinerary as HTML for Qt's rich text (what `QTextDocument` lays out and
`QPdfWriter` or a printer draws): the essentials, then day by day in local times with the
bookings, then the costs.

The itinerary is the person's own paper: booking codes and seats are printed as written.
Every value is escaped, so text typed into a title never becomes markup.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta
from decimal import Decimal
from html import escape

from ..day_order import by_day
from ..item_kinds import cost_text, money_text
from ..item_text import booking_text, place_text, title_text, when_text
from ..stops import day_span, stop_on
from .plan import TripPlan

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


def _date_text(day: date) -> str:
    return f"{day:%A} {day.day} {day:%B %Y}"


def _days(plan: TripPlan) -> list[date]:
    planned = by_day(plan.items)
    days = set(planned)
    start, end = plan.trip.start_date, plan.trip.end_date
    if start is not None and end is not None and 0 <= (end - start).days < MAX_EMPTY_DAYS:
        days.update(start + timedelta(days=n) for n in range((end - start).days + 1))
    return sorted(days)


def _heading(plan: TripPlan) -> list[str]:
    trip = plan.trip
    parts = [f"<h1>{_e(trip.title)}</h1>"]
    when = day_span(trip.start_date, trip.end_date)
    if trip.start_date is not None and trip.end_date is not None:
        when = f"{_date_text(trip.start_date)} – {_date_text(trip.end_date)}"
    route = [trip.origin, *(stop.place for stop in plan.stops)]
    if trip.origin and plan.stops:
        route.append(trip.origin)
    line = " · ".join(part for part in (when, " → ".join(p for p in route if p)) if part)
    if line:
        parts.append(f'<p class="sub">{_e(line)}</p>')
    return parts


def _essentials(plan: TripPlan) -> list[str]:
    rows = "".join(
        f'<tr><td width="{WHEN_WIDTH}"><b>{_e(label)}</b></td><td>{_e(text)}</td></tr>'
        for label, text in plan.essentials
    )
    return ["<h2>Essentials</h2>", f"{_TABLE}{rows}</table>"]


def _day(plan: TripPlan, day: date) -> list[str]:
    stop = stop_on(plan.stops, day)
    title = _date_text(day) + (f" · {stop.place}" if stop else "")
    parts = [f"<h2>{_e(title)}</h2>"]
    entries = by_day(plan.items).get(day, [])
    if not entries:
        parts.append('<p class="empty">Nothing planned.</p>')
        return parts
    reference = stop.timezone if stop else plan.trip.origin_tz
    rows: list[str] = []
    for entry in entries:
        item = entry.item
        booking = booking_text(item)
        notes = " ".join(item.notes.split()) if entry.role.value in ("only", "starts") else ""
        detail = "".join(f"<br/>{_e(text)}" for text in (place_text(item), booking, notes) if text)
        rows.append(
            f'<tr><td width="{WHEN_WIDTH}">{_e(when_text(item, entry.role, reference))}</td>'
            f"<td><b>{_e(title_text(item))}</b>{detail}</td></tr>"
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
            f'<tr><td width="{WHEN_WIDTH}">{_e(f"{item.day.day} {item.day:%b}")}</td>'
            f"<td>{_e(title_text(item))}</td>"
            f'<td class="money">{_e(cost_text(item))}</td></tr>'
        )
    for currency, amount in sorted(totals.items(), key=lambda pair: pair[0] or ""):
        rows.append(
            f'<tr><td></td><td><b>Total</b></td><td class="money">'
            f"<b>{_e(money_text(amount, currency))}</b></td></tr>"
        )
    return ["<h2>Costs</h2>", f"{_TABLE}{''.join(rows)}</table>"]


def itinerary_html(plan: TripPlan) -> str:
    """The whole itinerary as one HTML document."""
    body = [*_heading(plan), *_essentials(plan)]
    for day in _days(plan):
        body.extend(_day(plan, day))
    body.extend(_costs(plan))
    return (
        f"<html><head><title>{_e(plan.trip.title)}</title><style>{_STYLE}</style></head>"
        f"<body>{''.join(body)}</body></html>"
    )
