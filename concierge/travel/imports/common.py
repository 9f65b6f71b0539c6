"""Plumbing every import format shares: record errors, moments split into the item's local
day, time and zone, text fitted to the item's limits, and kinds guessed from words."""

from __future__ import annotations

import dataclasses
import re
from datetime import UTC, date, datetime, time, tzinfo
from zoneinfo import ZoneInfo

from concierge.model.field_kinds import LINE_LIMIT, TEXT_LIMIT, Line
from concierge.model.kinds import ITEM_KINDS
from concierge.store import ItemKind, ItineraryItemRecord
from concierge.store.validation import ITEM_RULES, LINK_LIMIT, item_problem
from concierge.text import QT_TRANSLATE_NOOP, TranslatedError

from .model import Candidate


class RecordError(TranslatedError):
    """One record of a file cannot be used; the message is the sentence's reason."""


def record_error(file_name: str, ref: str, reason: str) -> str:
    """The sentence for a record that could not be used."""
    reason = reason.rstrip()
    template = (
        QT_TRANSLATE_NOOP("Import", "In {file_name}, {ref}: {reason}")
        if reason.endswith(".")
        else QT_TRANSLATE_NOOP("Import", "In {file_name}, {ref}: {reason}.")
    )
    return template.format(file_name=file_name, ref=ref, reason=reason)


def zone_name(zone: tzinfo | None) -> str | None:
    """The IANA name of an aware moment's zone (None for floating), or a RecordError."""
    if zone is None:
        return None
    if zone is UTC:
        return "UTC"
    if isinstance(zone, ZoneInfo):
        return zone.key
    raise RecordError(
        QT_TRANSLATE_NOOP(
            "Import", "the time zone {zone!s} is not an IANA zone such as Europe/Lisbon"
        ).format(zone=zone)
    )


def split_moment(moment: datetime) -> tuple[date, time, str | None]:
    """A moment as the item stores it: local day, local time (to the minute), zone name."""
    return (
        moment.date(),
        moment.time().replace(second=0, microsecond=0, tzinfo=None),
        zone_name(moment.tzinfo),
    )


def clean_line(value: object, limit: int = LINE_LIMIT) -> str:
    """Text as one line within the item's line limit (mail and calendars wrap freely)."""
    text = " ".join(str(value).replace("\0", "").split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


_LINE_FIELDS: dict[str, int] = {
    name: rule.kind.limit for name, rule in ITEM_RULES.items() if isinstance(rule.kind, Line)
}
"""The item's one-line fields, with their limits: what `finish` fits a file's text to."""


def finish(candidate: Candidate) -> Candidate:
    """The candidate with its text fitted to the item's limits, saying what was cut."""
    warnings = list(candidate.warnings)
    changes: dict[str, object] = {}
    for name, limit in _LINE_FIELDS.items():
        value = getattr(candidate, name)
        cleaned = clean_line(value, limit)
        if cleaned != value:
            changes[name] = cleaned
            if len(" ".join(value.split())) > limit:
                warnings.append(f"The {name.replace('_', ' ')} was shortened.")
    notes = candidate.notes.replace("\0", "").strip()
    if len(notes) > TEXT_LIMIT:
        notes = notes[: TEXT_LIMIT - 1] + "…"
        warnings.append("The notes were shortened.")
    changes["notes"] = notes
    link = candidate.link.strip()
    if len(link) > LINK_LIMIT or (link and not re.match(r"https?://\S+$", link)):
        warnings.append(f"The link {link[:60]!r} was left out: it is not a web address.")
        link = ""
    changes["link"] = link
    if not changes.get("title", candidate.title):
        changes["title"] = kind_title(candidate.kind)
        warnings.append("The record had no title.")
    finished = dataclasses.replace(candidate, warnings=tuple(warnings), **changes)
    finished = _within_rules(finished)
    found = item_problem(_as_record(finished))
    if found is not None:
        raise RecordError(found[1])
    return finished


def _within_rules(candidate: Candidate) -> Candidate:
    """The candidate as the item's field rules accept it: a cost they refuse is left out
    with a warning (the booking is still worth reviewing), anything else is the record's
    error."""
    for name, value in candidate.item_fields().items():
        rule = ITEM_RULES[name]
        try:
            rule.parse(rule.label, value)
        except ValueError as error:
            if name not in ("cost_amount", "cost_currency"):
                raise RecordError(str(error)) from None
            warning = f"The cost was left out: {str(error).rstrip('.')}."
            return _within_rules(
                dataclasses.replace(
                    candidate,
                    cost_amount=None,
                    cost_currency=None,
                    warnings=(*candidate.warnings, warning),
                )
            )
    return candidate


_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)


def _as_record(candidate: Candidate) -> ItineraryItemRecord:
    """The candidate as an item, to check the rules that span its fields before review."""
    fields = {name: getattr(candidate, name) for name in ITEM_RULES}
    return ItineraryItemRecord(
        id="", trip_id="", position=0, created_at=_EPOCH, updated_at=_EPOCH, **fields
    )


def kind_title(kind: ItemKind) -> str:
    """The title of a record that had none: "Flight"."""
    return kind.value.capitalize()


ROUTE = re.compile(r"\b([A-Z]{3})\s*(?:-|–|→|->|to)\s*([A-Z]{3})\b")


def guess_kind(*texts: str) -> ItemKind | None:
    """The kind words in `texts` suggest (first text first), or None."""
    guesses = sorted((row for row in ITEM_KINDS if row.words), key=lambda row: row.words_rank)
    for text in texts:
        lowered = text.lower()
        for row in guesses:
            if re.search(row.words, lowered):
                return row.kind
    return None
