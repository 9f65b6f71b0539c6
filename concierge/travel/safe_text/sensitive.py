"""Sensitive values written in free text, held back from the model unless the person shared them. A
value is found only beside the label that names it, except card numbers and IBANs, whose check
digits make them precise alone. What was shared is a context variable defaulting to nothing shared,
so a renderer that forgot to set it hides, never leaks."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

ON_FILE = "on file"

_SHARED: ContextVar[frozenset[str]] = ContextVar("shared_values", default=frozenset())


@dataclass(frozen=True, slots=True)
class Found:
    """One sensitive value in a text: `what` it is ("passport number"), the `value` itself,
    and the span (`start`, `end`) that is replaced when it is held back (label included)."""

    what: str
    value: str
    start: int
    end: int

    @property
    def replacement(self) -> str:
        return f"{self.what} {ON_FILE}"


def normalised(value: str) -> str:
    """How shared values are compared: case, spaces and hyphens do not matter."""
    return re.sub(r"[\s-]+", "", value).upper()


@contextmanager
def sharing(values: Collection[str]) -> Iterator[None]:
    """Within the block, `values` (the trip's shared values) are shown as they are."""
    token = _SHARED.set(frozenset(normalised(value) for value in values))
    try:
        yield
    finally:
        _SHARED.reset(token)


def is_shared(value: str) -> bool:
    """Whether the person shared `value` for the rendering under way."""
    return normalised(value) in _SHARED.get()


_SEP = r"(?i:\s*(?:[:#=]|\bis\b|\bno\.?(?=\s)|\bnr\.?|\bnumber\b)\s*)*\s*"
"""Between a label and its value: "Passport: X", "passport no. X", "PNR is X"."""

_ALNUM = r"(?=[A-Za-z]*\d)[A-Za-z0-9]{6,12}\b"
"""A document number: 6 to 12 letters and digits, at least one digit."""

_CODE = r"(?:(?=[A-Za-z0-9-]{5})(?=[A-Za-z-]*\d)[A-Za-z0-9]{2,}(?:-[A-Za-z0-9]{2,})*|[A-Z]{5,8})\b"
"""A booking code: 5 or more letters and digits with a digit (7H2K9P, 83920-1122), or 5-8
capitals (XKQWPL)."""

_MEMBER = r"(?:[A-Z]{2,3}\s?)?\d(?:[\d ]{4,16})\d\b|(?=[A-Za-z]*\d)[A-Za-z0-9]{6,16}\b"
"""A loyalty number: digits in groups, perhaps after a programme prefix (TP 123456789)."""

_SEAT = r"\d{1,2}[A-Ka-k]\b(?:\s*(?:,|/|&|and)\s*\d{1,2}[A-Ka-k]\b)*"

_LABELLED: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (what, re.compile(rf"\b(?i:{label}){_SEP}(?P<value>{value})"))
    for what, label, value in (
        ("passport number", r"passport", _ALNUM),
        (
            "ID card number",
            r"(?:national\s+)?id(?:entity)?\s+card|national\s+id|id\s+(?=no\b|nr\b|number\b)",
            _ALNUM,
        ),
        (
            "booking code",
            r"(?:booking|reservation|confirmation)\s*(?:ref(?:erence)?\.?|code|number|no\.?|#)?"
            r"|conf\.|conf(?=\s*[:#])|pnr|record\s+locator|booking\s+ref\.?",
            _CODE,
        ),
        (
            "frequent-flyer number",
            r"frequent[\s-]?fl[yi]er(?:\s+(?:no\.?|number|#|card))?|ffn?(?=\s*[:#\s])"
            r"|(?:loyalty|membership|member|rewards?)\s+(?:no\.?|number|#|card|id)",
            _MEMBER,
        ),
        ("seat", r"seats?", _SEAT),
    )
)
"""(what, pattern): a label, then the value in group "value". Labels match any case; a
booking code's letters must be capitals or come with a digit, so "confirmation email" is
not one."""

_CARD = re.compile(
    r"(?:\b(?i:(?:credit\s+|debit\s+)?card(?:\s+(?:no\.?|number|#))?)\s*:?\s*)?"
    r"(?P<value>(?<![\d-])(?:\d{4}[ -]){3}\d{1,7}(?![\d-])|(?<![\d.,-])\d{13,19}(?![\d.,-]))"
)
_IBAN = re.compile(
    r"(?:\b(?i:iban)\s*:?\s*)?"
    r"(?P<value>\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b)"
)
"""Card numbers and IBANs, with the word before them if there is one ("Card 4111 …")."""


def _luhn(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        number = int(char)
        if index % 2:
            number = number * 2 - 9 if number > 4 else number * 2
        total += number
    return total % 10 == 0


def _iban(text: str) -> bool:
    compact = text.replace(" ", "")
    if not 15 <= len(compact) <= 34:
        return False
    moved = compact[4:] + compact[:4]
    return int("".join(str(int(char, 36)) for char in moved)) % 97 == 1


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}-\d{1,2}-\d{2,4}")


def find_sensitive(text: str) -> list[Found]:
    """The sensitive values in `text`, in order, not overlapping."""
    found: list[Found] = []
    for what, pattern in _LABELLED:
        for match in pattern.finditer(text):
            value = match.group("value")
            if _DATE.fullmatch(value):
                continue
            found.append(Found(what, value, match.start(), match.end()))
    for match in _CARD.finditer(text):
        digits = re.sub(r"\D", "", match.group("value"))
        if 13 <= len(digits) <= 19 and _luhn(digits):
            found.append(Found("card number", match.group("value"), match.start(), match.end()))
    for match in _IBAN.finditer(text):
        if _iban(match.group("value")):
            found.append(Found("IBAN", match.group("value"), match.start(), match.end()))
    found.sort(key=lambda item: (item.start, -item.end))
    kept: list[Found] = []
    for item in found:
        if not kept or item.start >= kept[-1].end:
            kept.append(item)
    return kept


def hold_back(text: str) -> str:
    """`text` with every sensitive value not shared replaced by what it is, "passport
    number on file"."""
    found = [item for item in find_sensitive(text) if not is_shared(item.value)]
    if not found:
        return text
    parts: list[str] = []
    end = 0
    for item in found:
        parts.append(text[end : item.start])
        parts.append(item.replacement)
        end = item.end
    parts.append(text[end:])
    return "".join(parts)
