"""Apple Wallet passes: a zip whose `pass.json` describes a boarding pass (air, train, bus,
boat) or an event ticket; the fields are found by their keys, since every issuer names the
labels differently."""

from __future__ import annotations

import io
import json
import zipfile
import zlib
from collections.abc import Iterator, Mapping
from typing import Any

from concierge.model.kinds import ITEM_KINDS
from concierge.model.values import flight_number
from concierge.store import ItemKind
from concierge.text import QT_TRANSLATE_NOOP

from .common import RecordError, finish, record_error
from .model import MAX_ZIP_MEMBER_BYTES, Candidate, ImportFileError, ParseResult
from .moments import Moment, airport_zone, read_moment

REF = "pass.json"

_DAMAGED = (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError)
_UNSUPPORTED = (NotImplementedError, RuntimeError)  # a compression method, an encrypted member

_STYLES = ("boardingPass", "eventTicket", "coupon", "generic", "storeCard")
_KEYS: Mapping[str, tuple[str, ...]] = {
    "origin": ("origin", "from", "depart", "departure", "orig", "departureairport", "dep"),
    "destination": ("destination", "to", "arrive", "arrival", "dest", "arrivalairport", "arr"),
    "gate": ("gate", "departuregate"),
    "seat": ("seat", "seatnumber", "seatno"),
    "number": ("flight", "flightnumber", "flightno", "train", "trainnumber", "bus", "service"),
    "code": (
        "confirmation",
        "confirmationcode",
        "pnr",
        "bookingreference",
        "booking",
        "reservation",
        "recordlocator",
        "reference",
    ),
    "venue": ("venue", "location", "place", "where"),
    "event": ("event", "eventname", "show", "title"),
}


def _transit_kind(transit_type: str) -> ItemKind:
    """The kind a boarding pass's transit type maps to; a note where none does."""
    row = next((row for row in ITEM_KINDS if transit_type in row.pkpass), None)
    return ItemKind.NOTE if row is None else row.kind


def parse_pkpass(data: bytes, file_name: str) -> ParseResult:
    """The pass as one candidate, or a file error for a damaged or foreign zip."""
    description = _pass_json(data, file_name)
    try:
        candidate = finish(_candidate(description, file_name))
    except RecordError as error:
        return ParseResult(file_name, errors=(record_error(file_name, REF, str(error)),))
    return ParseResult(file_name, (candidate,))


def _pass_json(data: bytes, file_name: str) -> Mapping[str, Any]:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            try:
                info = archive.getinfo("pass.json")
            except KeyError:
                raise ImportFileError(
                    file_name,
                    QT_TRANSLATE_NOOP(
                        "Import", "it is a zip archive without a pass.json, not a wallet pass."
                    ),
                ) from None
            if info.file_size > MAX_ZIP_MEMBER_BYTES:
                raise ImportFileError(
                    file_name,
                    QT_TRANSLATE_NOOP(
                        "Import",
                        "its pass.json is {file_size:,} bytes; at most "
                        "{max_zip_member_bytes:,} are read.",
                    ).format(file_size=info.file_size, max_zip_member_bytes=MAX_ZIP_MEMBER_BYTES),
                )
            with archive.open(info) as member:
                raw = member.read(MAX_ZIP_MEMBER_BYTES + 1)
    except (*_DAMAGED, *_UNSUPPORTED) as error:
        raise ImportFileError(
            file_name,
            QT_TRANSLATE_NOOP(
                "Import", "it is a damaged or incomplete zip archive ({error})."
            ).format(error=error),
        ) from None
    try:
        description = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ImportFileError(
            file_name,
            QT_TRANSLATE_NOOP("Import", "its pass.json is not valid JSON ({error}).").format(
                error=error
            ),
        ) from None
    if not isinstance(description, dict):
        raise ImportFileError(
            file_name, QT_TRANSLATE_NOOP("Import", "its pass.json is not a JSON object.")
        )
    return description


def _fields(style: Mapping[str, Any]) -> Iterator[tuple[str, str, str]]:
    """(normalised key, label, value) of every field of the pass's style, front first."""
    for group in ("headerFields", "primaryFields", "secondaryFields", "auxiliaryFields"):
        fields = style.get(group)
        for field in fields if isinstance(fields, list) else ():
            if isinstance(field, dict) and field.get("value") not in (None, ""):
                key = "".join(ch for ch in str(field.get("key", "")).lower() if ch.isalnum())
                yield key, str(field.get("label", "")), str(field["value"])


def _find(fields: list[tuple[str, str, str]], what: str) -> tuple[str, str]:
    """The (label, value) of the first field whose key means `what`, or ("", "")."""
    names = _KEYS[what]
    for key, label, value in fields:
        if key in names or any(key.startswith(name) for name in names if len(name) > 3):
            return label, value
    return "", ""


def _candidate(description: Mapping[str, Any], file_name: str) -> Candidate:
    style_name = next((name for name in _STYLES if isinstance(description.get(name), dict)), "")
    if not style_name:
        raise RecordError(
            QT_TRANSLATE_NOOP("Import", "it is not a boarding pass or an event ticket")
        )
    style: Mapping[str, Any] = description[style_name]
    semantics = description.get("semantics")
    sem: Mapping[str, Any] = semantics if isinstance(semantics, dict) else {}
    fields = list(_fields(style))
    if style_name == "boardingPass":
        kind = _transit_kind(str(style.get("transitType", "")))
    elif style_name == "eventTicket":
        kind = ItemKind.ACTIVITY
    else:
        raise RecordError(
            QT_TRANSLATE_NOOP(
                "Import", "it is a {style_name} pass, not a boarding pass or an event ticket"
            ).format(style_name=style_name)
        )
    origin_label, origin = _find(fields, "origin")
    destination_label, destination = _find(fields, "destination")
    origin = str(sem.get("departureAirportCode") or origin)
    destination = str(sem.get("arrivalAirportCode") or destination)
    hint = airport_zone(origin) if kind is ItemKind.FLIGHT else None
    when = sem.get("currentDepartureDate") or sem.get("eventStartDate")
    when = when or description.get("relevantDate")
    if not when:
        dates = description.get("relevantDates")
        if isinstance(dates, list) and dates and isinstance(dates[0], dict):
            when = dates[0].get("startDate") or dates[0].get("date")
    if not when:
        raise RecordError(QT_TRANSLATE_NOOP("Import", "it has no date (relevantDate)"))
    moment: Moment = read_moment(when, "relevantDate", hint)
    organization = str(description.get("organizationName", "")).strip()
    number = str(sem.get("flightNumber") or _find(fields, "number")[1])
    if number and sem.get("airlineCode") and not number[:2].isalpha():
        number = f"{sem['airlineCode']}{number}"
    if kind is ItemKind.FLIGHT:
        number = flight_number(number) or number
    seats = sem.get("seats")
    seat = _find(fields, "seat")[1]
    if isinstance(seats, list) and seats and isinstance(seats[0], dict):
        seat = str(seats[0].get("seatNumber") or seat)
    gate = str(sem.get("departureGate") or _find(fields, "gate")[1])
    notes = [f"Gate {gate}"] if gate else []
    notes += [f"{label}: {value}" for key, label, value in fields if label and value][:20]
    if kind is ItemKind.ACTIVITY:
        title = str(sem.get("eventName") or _find(fields, "event")[1])
        title = title or str(description.get("description", ""))
        place = str(sem.get("venueName") or _find(fields, "venue")[1])
    else:
        places = " → ".join(
            part for part in (origin or origin_label, destination or destination_label) if part
        )
        title = " ".join(part for part in (number, places) if part) or str(
            description.get("description", "")
        )
        place = origin_label if origin and origin_label and origin_label != origin else ""
    return Candidate(
        kind=kind,
        title=title,
        day=moment.day,
        start_time=moment.time,
        timezone=moment.zone,
        source_file=file_name,
        source_ref=REF,
        place=place,
        notes="\n".join(notes),
        carrier=organization if kind is not ItemKind.ACTIVITY else "",
        provider=organization,
        service_number=number if kind is not ItemKind.ACTIVITY else "",
        from_place=origin if kind is not ItemKind.ACTIVITY else "",
        to_place=destination if kind is not ItemKind.ACTIVITY else "",
        seat=seat,
        confirmation_code=_find(fields, "code")[1],
        warnings=(moment.warning,) if moment.warning else (),
    )
