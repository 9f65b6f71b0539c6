"""Search keys that ignore case, accents and punctuation, so "sao paulo" finds "São Paulo"."""

from __future__ import annotations

import re
import unicodedata

# Letters that Unicode does not decompose into a base letter plus an accent.
_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "œ": "oe", "đ": "d", "ł": "l", "ı": "i", "þ": "th"})
_APOSTROPHES = re.compile(r"['’‘`´]")
_WORDS = re.compile(r"[^\W_]+")
# The Unicode blocks of combining marks (accents) that NFKD splits off base letters.
_MARKS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")


def fold(text: str) -> str:
    """Lower-case words without accents or apostrophes, joined by single spaces ("O'Hare" →
    "ohare"; "Dallas-Fort Worth" → "dallas fort worth")."""
    plain = text.casefold()
    if not plain.isascii():
        # Compatibility forms ("𝑨", "ﬁ") only become plain letters after NFKD, and folding
        # case can produce new accents ("ΐ"), so decompose, fold again, decompose again.
        plain = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", plain).casefold())
        plain = _MARKS.sub("", plain).translate(_LETTERS)
    return " ".join(_WORDS.findall(_APOSTROPHES.sub("", plain)))
