"""schema.org reservations (as airlines, hotels and restaurants embed them in e-mails) turned
into candidates. Input is the JSON-LD shape; microdata is read into the same shape first."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from concierge.model.values import AmbiguousAmount, AmountError, flight_number, read_amount
from concierge.store import ItemKind
from concierge.text import QT_TRANSLATE_NOOP

from .common import RecordError
from .model import Candidate
from .moments import Moment, airport_zone, read_moment

RESERVATION_KINDS: Mapping[str, ItemKind] = {
    "FlightReservation": ItemKind.FLIGHT,
    "LodgingReservation": ItemKind.LODGING,
    "TrainReservation": ItemKind.TRAIN,
    "BusReservation": ItemKind.BUS,
    "RentalCarReservation": ItemKind.CAR,
    "EventReservation": ItemKind.ACTIVITY,
    "FoodEstablishmentReservation": ItemKind.MEAL,
}


def type_name(node: Mapping[str, Any]) -> str:
    """The node's schema.org type without its vocabulary ("http://schema.org/X" → "X")."""
    value = node.get("@type", "")
    if isinstance(value, list):
        known = [str(v) for v in value if _short_type(str(v)) in RESERVATION_KINDS]
        value = known[0] if known else (value[0] if value else "")
    return _short_type(str(value))


def _short_type(value: str) -> str:
    return value.rsplit("/", 1)[-1].rsplit(":", 1)[-1].rsplit("#", 1)[-1]


def text(node: object, *path: str) -> str:
    """The text at `path` in nested nodes; a node where text is wanted gives its name."""
    for key in path:
        if isinstance(node, list):
            node = node[0] if node else None
        if not isinstance(node, Mapping):
            return ""
        node = node.get(key)
    if isinstance(node, list):
        node = node[0] if node else None
    if isinstance(node, Mapping):
        return text(node, "name") or text(node, "@id")
    return "" if node is None else str(node).strip()


def _address(node: object) -> str:
    if isinstance(node, list):
        node = node[0] if node else None
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


def _moment(node: Mapping[str, Any], key: str, hint: str | None = None) -> Moment:
    return read_moment(node.get(key), key, hint)


def _optional(node: Mapping[str, Any], key: str, hint: str | None = None) -> Moment | None:
    return _moment(node, key, hint) if node.get(key) not in (None, "") else None


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


def reservation_candidate(reservation: Mapping[str, Any], file_name: str, ref: str) -> Candidate:
    """The candidate a reservation describes, or a RecordError saying what is wrong."""
    name = type_name(reservation)
    kind = RESERVATION_KINDS.get(name)
    if kind is None:
        known = ", ".join(RESERVATION_KINDS)
        shown = name or "of no type"
        raise RecordError(
            QT_TRANSLATE_NOOP(
                "Import", "it is {shown!r}, not a reservation Concierge imports ({known})"
            ).format(shown=shown, known=known)
        )
    target = reservation.get("reservationFor")
    if isinstance(target, list):
        target = target[0] if target else None
    trip: Mapping[str, Any] = target if isinstance(target, Mapping) else {}
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
        start = _moment(trip, "departureTime", airport_zone(origin))
        end = _optional(trip, "arrivalTime", airport_zone(destination))
        carrier = text(trip, "airline", "iataCode") or text(trip, "airline")
        number = text(trip, "flightNumber")
        if number and carrier and len(carrier) == 2 and not number.startswith(carrier):
            number = flight_number(f"{carrier}{number}") or f"{carrier}{number}"
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
        start = _moment(trip, "departureTime")
        end = _optional(trip, "arrivalTime")
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
        start = _moment(
            reservation, "checkinDate" if "checkinDate" in reservation else "checkinTime"
        )
        end = _optional(
            reservation, "checkoutDate" if "checkoutDate" in reservation else "checkoutTime"
        )
        hotel = text(trip, "name") or "Stay"
        common |= {
            "title": hotel,
            "provider": common["provider"] or text(trip, "name"),
            "address": _address(trip.get("address")),
            "place": hotel,
        }
    elif kind is ItemKind.CAR:
        start = _moment(reservation, "pickupTime")
        end = _optional(reservation, "dropoffTime")
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
    elif kind is ItemKind.ACTIVITY:
        start = _moment(trip, "startDate")
        end = _optional(trip, "endDate")
        venue = _node(trip, "location")
        common |= {
            "title": text(trip, "name") or "Event",
            "place": text(trip, "location"),
            "address": _address(venue.get("address")),
        }
    else:
        start = _moment(reservation, "startTime")
        end = _optional(reservation, "endTime")
        party = text(reservation, "partySize")
        common |= {
            "title": text(trip, "name") or "Meal",
            "place": text(trip, "name"),
            "address": _address(trip.get("address")),
            "notes": f"Table for {party}" if party else "",
        }
    warnings += [m.warning for m in (start, end) if m is not None and m.warning][:1]
    common |= _times(start, end, kind)
    return Candidate(warnings=tuple(warnings), **common)


def _node(parent: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = parent.get(key)
    if isinstance(value, list):
        value = value[0] if value else None
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
