"""Values written by people, the model, imports or web services, rendered so they cannot make
structure in text the model reads: a title holding "\n\n## instructions" would forge a heading, so
`one_line` writes any line break or other control character as an escape."""

from __future__ import annotations

import unicodedata

from concierge.store.validation import FieldRule

from .sensitive import ON_FILE, hold_back, is_shared

_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", "\\": "\\\\"}
_BREAKS = {"\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"}


def _escaped(char: str) -> str:
    if char in _ESCAPES:
        return _ESCAPES[char]
    if char in _BREAKS or unicodedata.category(char) in ("Cc", "Cs"):
        return f"\\u{ord(char):04x}"
    return char


def one_line(value: object) -> str:
    """`value` as text on one line: backslashes, line breaks and control characters escaped,
    everything else (accents, emoji, quotes) as written."""
    text = str(value)
    if text.isprintable() and "\\" not in text:
        return text
    return "".join(_escaped(char) for char in text)


def sensitive_text(value: object) -> str:
    """A sensitive field's value as the model reads it: "on file" unless the person shared it
    for this trip (`sensitive.sharing`), empty when there is none. The one place that decides."""
    if value is None or not str(value).strip():
        return ""
    text = str(value)
    return one_line(text) if is_shared(text) else ON_FILE


def free_text(value: object) -> str:
    """Text a person wrote (notes, a title, a pin, a form answer) on one line, with the
    sensitive values in it held back unless shared ("passport number on file")."""
    return one_line(hold_back(str(value)))


def field_text(rule: FieldRule, value: object) -> str:
    """A stored field's value for the model, by its declaration: sensitive ones through
    `sensitive_text`, text through `free_text`, others as written."""
    if rule.sensitive:
        return sensitive_text(value)
    if isinstance(value, tuple | list):
        return ", ".join(free_text(part) for part in value)
    if isinstance(value, str):
        return free_text(value)
    return one_line(getattr(value, "value", value))
