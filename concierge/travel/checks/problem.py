"""A problem the app finds in a plan: one plain sentence a person reads, what it is about and how
sure the app is."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Literal

from concierge.text import QT_TRANSLATE_NOOP

Severity = Literal["error", "warning", "note"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "note")
"""Most serious first: the order problems are listed in."""


@dataclass(frozen=True, slots=True)
class Problem:
    """`message` is one sentence with local dates and times; `item_ids`, `day` and `stop_id` are
    what the UI jumps to; `estimate`: the finding rests on an estimate (a straight-line distance, an
    exchange rate). `subject`, when set, stands in for the items in the key (a day over its pace
    stays one problem as items are added to it); `at` is a UTC instant, for ordering."""

    check: str
    severity: Severity
    message: str
    item_ids: tuple[str, ...] = ()
    day: date | None = None
    stop_id: str | None = None
    estimate: bool = False
    detail: str = ""
    subject: str = ""
    at: datetime | None = None

    @property
    def key(self) -> str:
        """Stable identity: the check and what it is about, not the wording, so a problem
        whose figures change (a bigger overrun) is the same problem, not fixed-and-new."""
        day = self.day.isoformat() if self.day is not None else ""
        items = "" if self.subject else ",".join(sorted(self.item_ids))
        return f"{self.check}|{self.subject}|{day}|{self.stop_id or ''}|{items}"

    @property
    def sentence(self) -> str:
        """The message, marked as an estimate when it is one (the snapshot's line)."""
        if self.estimate and "estimate" not in self.message.lower():
            return QT_TRANSLATE_NOOP("Problem", "{message} (an estimate)").format(
                message=self.message
            )
        return self.message

    @property
    def text(self) -> str:
        """The sentence, then the detail (a tool's result, the Problems list)."""
        if not self.detail:
            return self.sentence
        return QT_TRANSLATE_NOOP("Problem", "{sentence} {detail}").format(
            sentence=self.sentence, detail=self.detail
        )

    def sort_key(self) -> tuple[int, date, datetime, str, str]:
        """Severity, then day (trip-wide problems first), then time, then check and key."""
        return (
            SEVERITIES.index(self.severity),
            self.day or date.min,
            self.at or _EARLIEST,
            self.check,
            self.key,
        )


_EARLIEST = datetime.min.replace(tzinfo=UTC)
