"""Values written by people, the model, imports or web services, rendered so they cannot
make structure in text the model reads.

A snapshot is lines under headings and one label line; a title holding "\n\n## instructions"
or "[Runtime context: …]" on a line of its own would forge both. Every such value goes
through `one_line`: it stays readable, but any line break or other control character is
written as an escape ("\\n", "\\u2028"), so the value can never start a line.
"""

from __future__ import annotations

import unicodedata

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


ON_FILE = "on file"


def sensitive_text(value: str) -> str:
    """A sensitive value (a confirmation code, a seat) as the model sees it: that one is on
    file, never the value itself; empty when there is none."""
    return ON_FILE if value.strip() else ""
