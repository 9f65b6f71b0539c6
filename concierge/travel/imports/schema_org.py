"""schema.org reservations (as airlines, hotels and restaurants embed them in e-mails) turned
into candidates. Input is the JSON-LD shape; microdata is read into the same shape first."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from concierge.model.kinds import ITEM_KINDS
from concierge.model.values import AmbiguousAmount, AmountError, flight_number, read_amount
from concierge.store import ItemKind
from concierge.text import QT_TRANSLATE_NOOP

from .common import RecordError, kind_title
from .model import Candidate
from .moments import Moment, airport_zone, read_moment


def reservation_kinds() -> dict[str, ItemKind]:
    """The schema.org reservation types Concierge imports, each with the kind it maps to."""
    return {name: row.kind for row in ITEM_KINDS for name in row.schema_org}


def reservation_kind(node: Mapping[str, Any]) -> ItemKind | None:
    """The kind the node is a reservation of; None for any other block (an Organization,
    a WebSite, a BreadcrumbList, a reservation of a type not imported)."""
    return reservation_kinds().get(type_name(node))


def type_name(node: Mapping[str, Any]) -> str:
    """The node's schema.org type without its vocabulary ("http://schema.org/X" → "X")."""
    value = node.get("@type", "")
    if isinstance(value, list):
        kinds = reservation_kinds()
        known = [str(v) for v in value if _short_type(str(v)) in kinds]
        value = known[0] if known else (value[0] if value else "")
    return _short_type(str(value))


def _short_type(value: str) -> str:
    return value.rsplit("/", 1)[-1].rsplit(":", 1)[-1].rsplit("#", 1)[-1]


def text(node: object, *path: str) -> str:
    """The text at `path` in nested nodes; a node where text is wanted gives its name."""
    for key in path:
        node = _first(node)
        if not isinstance(node, Mapping):
            return ""
        node = node.get(key)
    node = _first(node)
    if isinstance(node, Mapping):
        return text(node, "name") or text(node, "@id")
    return "" if node is None else str(node).strip()


def _first(node: object) -> object:
    """A list's first node (schema.org allows a list where one node is meant)."""
    if isinstance(node, list):
        return node[0] if node else None
    return node


def _address(node: object) -> str:
    node = _first(node)
    if isinstance(node, Mapping):
        parts = (
            "streetAddress",
            "postalCode",
            "addressLocality",
            "addressRegion",
            "addressCountry",
        )
        found = [text(node, part) for part in parts]
        return ", ".join(part for part in found if part) or text(node, "name")
    return text({"a": node}, "a")


def _span(
    node: Mapping[str, Any], start: str, end: str, hints: tuple[str | None, ...] = (None, None)
) -> tuple[Moment, Moment | None]:
    """When the node starts (required) and ends (if given), read under their keys; `hints`
    are the zones of where it starts and ends (airports), for offsets without a zone."""
    ends = read_moment(node.get(end), end, hints[1]) if node.get(end) not in (None, "") else None
    return read_moment(node.get(start), start, hints[0]), ends


def _cost(reservation: Mapping[str, Any]) -> tuple[Decimal | None, str | None, str]:
    """The price, its currency and a warning: an amount that reads two ways ("1,250") is
    left out with the warning saying so, one that is no amount at all fails the record."""
    raw = reservation.get("totalPrice", reservation.get("price"))
    currency = text(reservation, "priceCurrency")
    if isinstance(raw, Mapping):
        currency = text(raw, "priceCurrency") or currency
        raw = raw.get("price", raw.get("value"))
    if raw in (None, ""):
        return None, None, ""
    try:
        amount = read_amount(raw)
    except AmbiguousAmount as error:
        return None, None, f"The cost was left out: {str(error).rstrip('.')}."
    except AmountError:
        raise RecordError(
            QT_TRANSLATE_NOOP("Import", "its price {str!r} is not a number").format(
                str=str(raw)[:40]
            )
        ) from None
    if amount.value < 0:
        raise RecordError(
            QT_TRANSLATE_NOOP("Import", "its price {str!r} is not an amount").format(
                str=str(raw)[:40]
            )
        )
    return amount.value, (currency or amount.currency or "").upper() or None, ""


def reservation_candidate(
    reservation: Mapping[str, Any], kind: ItemKind, file_name: str, ref: str
) -> Candidate:
    """The candidate a reservation of `kind` (`reservation_kind`) describes, or a
    RecordError saying what is wrong."""
    trip = _node(reservation, "reservationFor")
    amount, currency, cost_warning = _cost(reservation)
    if amount is not None and currency is None:
        raise RecordError(QT_TRANSLATE_NOOP("Import", "its price has no currency (priceCurrency)"))
    seat = text(reservation, "airplaneSeat") or text(
        reservation, "reservedTicket", "ticketedSeat", "seatNumber"
    )
    common: dict[str, Any] = {
        "kind": kind,
        "source_file": file_name,
        "source_ref": ref,
        "confirmation_code": text(reservation, "reservationNumber"),
        "provider": text(reservation, "provider") or text(trip, "provider"),
        "link": text(reservation, "modifyReservationUrl") or text(reservation, "url"),
        "cost_amount": amount,
        "cost_currency": currency,
        "seat": seat,
    }
    warnings: list[str] = [cost_warning] if cost_warning else []
    if "cancel" in text(reservation, "reservationStatus").lower():
        warnings.append("The reservation is marked as cancelled.")
    start: Moment
    end: Moment | None
    if kind is ItemKind.FLIGHT:
        origin = text(trip, "departureAirport", "iataCode") or text(trip, "departureAirport")
        destination = text(trip, "arrivalAirport", "iataCode") or text(trip, "arrivalAirport")
        hints = (airport_zone(origin), airport_zone(destination))
        start, end = _span(trip, "departureTime", "arrivalTime", hints)
        carrier = text(trip, "airline", "iataCode") or text(trip, "airline")
        number = text(trip, "flightNumber")
        if number and carrier and len(carrier) == 2 and not number.startswith(carrier):
            number = f"{carrier}{number}"
        number = flight_number(number) or number
        gate = text(trip, "departureGate")
        common |= {
            "title": f"Flight {number} {origin} → {destination}".replace("  ", " ").strip(),
            "carrier": text(trip, "airline", "name") or carrier,
            "service_number": number,
            "from_place": origin,
            "to_place": destination,
            "notes": f"Gate {gate}" if gate else "",
        }
    elif kind in (ItemKind.TRAIN, ItemKind.BUS):
        prefix = "train" if kind is ItemKind.TRAIN else "bus"
        stop = "Station" if kind is ItemKind.TRAIN else "BusStop"
        origin = text(trip, f"departure{stop}")
        destination = text(trip, f"arrival{stop}")
        start, end = _span(trip, "departureTime", "arrivalTime")
        number = text(trip, f"{prefix}Number")
        label = "Train" if kind is ItemKind.TRAIN else "Bus"
        common |= {
            "title": " ".join(p for p in (label, number, f"{origin} → {destination}") if p),
            "carrier": text(trip, "provider") or text(reservation, "provider"),
            "service_number": number,
            "from_place": origin,
            "to_place": destination,
            "place": origin,
        }
    elif kind is ItemKind.LODGING:
        start, end = _span(
            reservation,
            "checkinDate" if "checkinDate" in reservation else "checkinTime",
            "checkoutDate" if "checkoutDate" in reservation else "checkoutTime",
        )
        hotel = text(trip, "name") or "Stay"
        common |= {
            "title": hotel,
            "provider": common["provider"] or text(trip, "name"),
            "address": _address(trip.get("address")),
            "place": hotel,
        }
    elif kind is ItemKind.CAR:
        start, end = _span(reservation, "pickupTime", "dropoffTime")
        company = text(trip, "rentalCompany") or common["provider"]
        pickup = text(reservation, "pickupLocation")
        common |= {
            "title": " ".join(p for p in ("Rental car", text(trip, "name")) if p),
            "provider": company,
            "from_place": pickup,
            "to_place": text(reservation, "dropoffLocation"),
            "address": _address(_node(reservation, "pickupLocation").get("address")),
            "place": pickup,
        }
    elif kind is ItemKind.MEAL:
        start, end = _span(reservation, "startTime", "endTime")
        party = text(reservation, "partySize")
        common |= {
            "title": text(trip, "name") or "Meal",
            "place": text(trip, "name"),
            "address": _address(trip.get("address")),
            "notes": f"Table for {party}" if party else "",
        }
    else:
        if kind is ItemKind.ACTIVITY:
            start, end = _span(trip, "startDate", "endDate")
        else:
            start, end = _generic_times(reservation, trip)
        common |= {
            "title": text(trip, "name")
            or ("Event" if kind is ItemKind.ACTIVITY else kind_title(kind)),
            "place": text(trip, "location"),
            "address": _address(_node(trip, "location").get("address")),
        }
    warnings += [m.warning for m in (start, end) if m is not None and m.warning][:1]
    common |= _times(start, end, kind)
    return Candidate(warnings=tuple(warnings), **common)


def _generic_times(
    reservation: Mapping[str, Any], target: Mapping[str, Any]
) -> tuple[Moment, Moment | None]:
    """A reservation of a kind without a reader of its own: when what it reserves departs
    or starts (its end likewise), else the reservation's own start and end."""
    for node, start, end in (
        (target, "departureTime", "arrivalTime"),
        (target, "startDate", "endDate"),
    ):
        if node.get(start) not in (None, ""):
            return _span(node, start, end)
    return _span(reservation, "startTime", "endTime")


def _node(parent: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = _first(parent.get(key))
    return value if isinstance(value, Mapping) else {}


def _times(start: Moment, end: Moment | None, kind: ItemKind) -> dict[str, object]:
    fields: dict[str, object] = {
        "day": start.day,
        "start_time": start.time,
        "timezone": start.zone,
    }
    if start.time is None:
        fields["all_day"] = end is None or end.time is None
        fields["timezone"] = None
    if end is None:
        return fields
    if end.day < start.day:
        raise RecordError(QT_TRANSLATE_NOOP("Import", "it ends before it starts"))
    if end.day != start.day:
        fields["end_day"] = end.day
    if end.time is not None and start.time is not None:
        fields["end_time"] = end.time
        if end.zone != start.zone:
            fields["end_timezone"] = end.zone
    elif end.time is not None and kind is ItemKind.LODGING:
        fields |= {"all_day": False, "end_time": end.time, "timezone": end.zone}
    return fields
