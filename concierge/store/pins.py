"""Pinned context: preferences and facts the person wants the assistant to keep in mind, for
one trip or (scope None) for every trip.

A trip's pins read as the all-trip pins first, then its own, each by `position`. The
change-log rows of an all-trip pin have no trip: they undo with Ctrl+Z but not with a trip's
undo offer, and count as unseen in every trip. The person's constraints (`rule`) are
confirmed as written; the assistant's are proposals until the person confirms them, and the
assistant can neither confirm one nor change, drop or unpin a confirmed one.
"""

from __future__ import annotations

import dataclasses

from sqlmodel import Session

from concierge.text import QT_TRANSLATE_NOOP

from . import ordering
from .change_writer import ChangeWriter
from .changes import Actor, ChangeContext
from .entities import PINS, TRIPS
from .errors import InvalidChangeError
from .new_record import new_record
from .outcome import Outcome
from .records import PinRecord
from .repository import OrderedRepository
from .tables import Pin
from .validation import PIN_RULES, check_position, parse_changes

LABEL_TEXT_LIMIT = 40
"""Pin text longer than this is shortened in undo labels ("Unpin “No red-eye flights …”")."""


class PinRepository(OrderedRepository[PinRecord]):
    """Pins, as immutable `PinRecord`s."""

    spec = PINS

    async def list_for_trip(self, trip_id: str | None) -> list[PinRecord]:
        """All-trip pins, then the trip's own, each in order; with None only the former."""

        def query(session: Session) -> list[PinRecord]:
            rows = scope_pins(session, None)
            if trip_id is not None:
                rows += scope_pins(session, trip_id)
            return [PINS.to_record(row) for row in rows]

        return await self.database.run(query)

    async def add(
        self,
        text: str,
        *,
        trip_id: str | None = None,
        position: int | None = None,
        rule: str | None = None,
        context: ChangeContext | None = None,
    ) -> Outcome[PinRecord]:
        """Pin `text` (trimmed) to the trip, or to all trips when `trip_id` is None, last of its
        scope or at `position`; the assistant's `rule` is only proposed."""
        parsed = parse_changes("a pin", PIN_RULES, {"text": text, "rule": rule})
        check_position(position)

        def write(session: Session, writer: ChangeWriter) -> PinRecord:
            if trip_id is not None:
                TRIPS.row(session, trip_id)  # The trip must exist.
            pin = new_pin(writer, trip_id, parsed["text"], rule=parsed["rule"])
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Pin “{text}”").format(text=_short(pin.text))
            )
            return ordering.insert(writer, PINS, scope_pins(session, trip_id), pin, position)

        return await self.logged(context, write)

    async def update_text(
        self, pin_id: str, text: str, *, context: ChangeContext | None = None
    ) -> Outcome[PinRecord]:
        """Change the pin's text (trimmed); raises `InvalidChangeError` for blank text."""
        parsed = parse_changes("a pin", PIN_RULES, {"text": text})

        def edit(session: Session, writer: ChangeWriter, before: PinRecord) -> PinRecord:
            _refuse_assistant_on_confirmed(writer, before, "edit")
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Edit pin “{text}”").format(
                    text=_short(parsed["text"])
                )
            )
            return dataclasses.replace(before, **parsed)

        return await self.edited(pin_id, edit, context)

    async def set_rule(
        self, pin_id: str, rule: str | None, *, context: ChangeContext | None = None
    ) -> Outcome[PinRecord]:
        """Give the pin the constraint `rule` (None or blank: none). The assistant's is a proposal,
        and the assistant may not replace or drop a confirmed one."""
        parsed = parse_changes("a pin", PIN_RULES, {"rule": rule})

        def edit(session: Session, writer: ChangeWriter, before: PinRecord) -> PinRecord:
            _refuse_assistant_on_confirmed(writer, before, "change")
            new_rule = parsed["rule"]
            confirmed = new_rule is not None and writer.context.actor is not Actor.ASSISTANT
            after = dataclasses.replace(before, rule=new_rule, rule_confirmed=confirmed)
            if after == before:
                return before
            text = _short(before.text)
            if not new_rule:
                label = QT_TRANSLATE_NOOP("ChangeLabel", "Remove the constraint of “{text}”")
            elif confirmed:
                label = QT_TRANSLATE_NOOP("ChangeLabel", "Constrain “{text}”")
            else:
                label = QT_TRANSLATE_NOOP("ChangeLabel", "Propose a constraint for “{text}”")
            writer.describe(label.format(text=text))
            return after

        return await self.edited(pin_id, edit, context)

    async def confirm_rule(
        self, pin_id: str, *, context: ChangeContext | None = None
    ) -> Outcome[PinRecord]:
        """Confirm the pin's proposed constraint; only the person can."""

        def edit(session: Session, writer: ChangeWriter, before: PinRecord) -> PinRecord:
            if writer.context.actor is Actor.ASSISTANT:
                raise InvalidChangeError(
                    "rule_confirmed",
                    QT_TRANSLATE_NOOP(
                        "StoreError",
                        "Only the person can confirm a constraint; yours stays proposed until "
                        "they confirm it in the Pinned panel.",
                    ),
                )
            if before.rule is None:
                raise InvalidChangeError(
                    "rule_confirmed",
                    QT_TRANSLATE_NOOP(
                        "StoreError", "The pin “{short}” has no constraint to confirm."
                    ).format(short=_short(before.text)),
                )
            if before.rule_confirmed:
                return before
            writer.describe(
                QT_TRANSLATE_NOOP("ChangeLabel", "Confirm the constraint of “{text}”").format(
                    text=_short(before.text)
                )
            )
            return dataclasses.replace(before, rule_confirmed=True)

        return await self.edited(pin_id, edit, context)

    def remove_label(self, record: PinRecord) -> str:
        return QT_TRANSLATE_NOOP("ChangeLabel", "Unpin “{text}”").format(text=_short(record.text))

    def removing(self, session: Session, writer: ChangeWriter, record: PinRecord) -> None:
        _refuse_assistant_on_confirmed(writer, record, "unpin")

    def move_label(self, row: Pin) -> str:
        return QT_TRANSLATE_NOOP("ChangeLabel", "Move pin “{text}”").format(text=_short(row.text))


def scope_pins(session: Session, trip_id: str | None) -> list[Pin]:
    """The pin rows of one scope (a trip's own, or with None the all-trip ones) in order."""
    return ordering.scope_rows(session, Pin, trip_id)


def new_pin(
    writer: ChangeWriter,
    trip_id: str | None,
    text: str,
    *,
    position: int = 0,
    rule: str | None = None,
    rule_confirmed: bool | None = None,
) -> PinRecord:
    """A new pin, not yet written; its rule is confirmed unless the assistant writes it."""
    if rule_confirmed is None:
        rule_confirmed = writer.context.actor is not Actor.ASSISTANT
    return new_record(
        PinRecord,
        trip_id=trip_id,
        text=text,
        position=position,
        created_by=writer.context.actor,
        rule=rule,
        rule_confirmed=rule is not None and rule_confirmed,
    )


def _refuse_assistant_on_confirmed(writer: ChangeWriter, pin: PinRecord, verb: str) -> None:
    """The assistant may not touch a constraint the person confirmed."""
    if writer.context.actor is Actor.ASSISTANT and pin.rule_confirmed:
        raise InvalidChangeError(
            "rule",
            QT_TRANSLATE_NOOP(
                "StoreError",
                "The pin “{short}” is a constraint the person confirmed ({rule}); only "
                "they can {verb} it. Propose a new pin instead, or ask them.",
            ).format(short=_short(pin.text), rule=pin.rule, verb=verb),
        )


def _short(text: str) -> str:
    if len(text) <= LABEL_TEXT_LIMIT:
        return text
    return text[: LABEL_TEXT_LIMIT - 1].rstrip() + "…"
