"""Amounts of money as people, spreadsheets and e-mails write them, and as the app writes them.

How the decimal mark is decided, so that nothing is silently scaled:

- Both "." and "," present: the last one is the decimal mark ("1.234,56", "1,234.56"). - One mark,
more than once: it groups thousands ("1.234.567"). - One mark, once, not followed by exactly three
digits, or after "0", more than three digits or spaces that group ("0,125", "1234,567"): it is the
decimal mark. - Otherwise ("1,250") it is ambiguous. The rest of the column decides first
(`decimal_mark_of`), then the locale. Without either, the text is a program's, whose decimal mark is
"." by convention: "1.250" is 1.25. A "," there, or a mark the locale uses for neither, is refused
with a sentence giving both readings.

Every grouped number must group by threes (Indian twos above the first three are accepted):
"12.50.1" is refused, not guessed at."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cache, lru_cache

from concierge.text import QT_TRANSLATE_NOOP

from .errors import AmbiguousAmount, AmountError

DEFAULT_LOCALE = "en"

_TYPOGRAPHY = str.maketrans(
    {"\u00a0": " ", "\u202f": " ", "\u2009": " ", "\u2007": " ", "’": "'", "−": "-"}
)
_SHAPE = re.compile(
    r"(?P<sign>[-+]?)\s*(?P<before>[^\d\s.,+-][^\d+-]*?)?\s*(?P<sign2>[-+]?)\s*"
    r"(?P<number>[.,]?\d(?:[\d.,' ]*\d)?)\s*(?P<after>[^\d\s][^\d]*?)?"
)
_SCIENTIFIC = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)[eE][-+]?\d+")
"""A number as programs write it ("1e15", "1.5E3"): its "." can only be the decimal mark."""
_SPACERS = " '"
_MARKS = ".,"


@dataclass(frozen=True, slots=True)
class Amount:
    """An amount read from text: its exact value and, when the text named one, its currency
    (an upper-case ISO 4217 code)."""

    value: Decimal
    currency: str | None = None


@dataclass(frozen=True, slots=True)
class _Marks:
    """What a number's punctuation says: its decimal mark, its grouping marks, or the one
    mark that could be either."""

    decimal: str | None = None
    groups: str = ""
    either: str | None = None


def read_amount(
    text: object, locale: str | None = None, *, decimal_mark: str | None = None
) -> Amount:
    """The amount in `text` (a string, or a number from JSON), or an `AmountError` saying why
    not; `locale` and `decimal_mark` settle "1,250" (see the module docstring)."""
    if isinstance(text, bool) or not isinstance(text, str | int | float | Decimal):
        raise _not_an_amount(text)
    if isinstance(text, Decimal | int):
        return _finite(Decimal(text), text)
    if isinstance(text, float):
        return _finite(Decimal(repr(text)), text)
    cleaned = " ".join(text.translate(_TYPOGRAPHY).split())
    if _SCIENTIFIC.fullmatch(cleaned):
        return _finite(Decimal(cleaned), text)
    shape = _SHAPE.fullmatch(cleaned)
    if shape is None or (shape["sign"] and shape["sign2"]):
        raise _not_an_amount(text)
    currency = _currency(shape["before"], shape["after"], locale, text)
    value = _number(shape["number"], locale, decimal_mark, text)
    negative = "-" in (shape["sign"], shape["sign2"])
    return Amount(-value if negative else value, currency)


def decimal_mark_of(texts: Iterable[str]) -> str | None:
    """The decimal mark one column's amounts agree on ("," when one reads "12,50"); None when
    none shows it or they disagree."""
    seen: set[str] = set()
    for text in texts:
        shape = _SHAPE.fullmatch(" ".join(text.translate(_TYPOGRAPHY).split()))
        if shape is None:
            continue
        marks = _marks(shape["number"])
        if marks is None:
            continue
        if marks.decimal is not None and marks.decimal in _MARKS:
            seen.add(marks.decimal)
        elif group := next((mark for mark in marks.groups if mark in _MARKS), None):
            seen.add("," if group == "." else ".")
    return seen.pop() if len(seen) == 1 else None


def write_amount(value: Decimal, currency: str | None = None, locale: str | None = None) -> str:
    """`value` as people of `locale` read it, grouped as they group ("1.234,50 EUR" in German). With
    a currency, its CLDR minor units, rounded half to even, and the code, never a symbol ("$" is a
    dozen currencies); without one, every digit is kept."""
    return _written(str(value), currency, locale or DEFAULT_LOCALE)


@lru_cache(maxsize=1024)
def _written(value: str, currency: str | None, locale: str) -> str:
    """`write_amount`, kept: views write the same totals again on every reload, and Babel
    takes a third of a millisecond each. Keyed by the value's text, as 1.0 and 1.00 are
    equal but read apart."""
    from babel.numbers import format_currency, format_decimal

    amount = Decimal(value)
    if currency is None:
        return format_decimal(amount, locale=locale, decimal_quantization=False)
    return format_currency(amount, currency, money_pattern(locale), locale=locale)


def editable_amount(value: Decimal, locale: str | None = None) -> str:
    """`value` as a person edits it: plain digits, no grouping, no exponent, the locale's
    decimal mark ("1234,50" in German); `read_amount` reads it back in the same locale."""
    from babel.numbers import get_decimal_symbol

    text = f"{value:f}"
    return text.replace(".", get_decimal_symbol(locale or DEFAULT_LOCALE))


def decimal_symbol(locale: str | None = None) -> str:
    """The locale's decimal mark ("," in German), for hints such as "e.g. 12,50"."""
    from babel.numbers import get_decimal_symbol

    return get_decimal_symbol(locale or DEFAULT_LOCALE)


@cache
def money_pattern(locale: str) -> str:
    """A number pattern grouping as `locale` does, then a space and the ISO code (``¤¤``);
    Babel replaces the decimals with the currency's own."""
    from babel import Locale

    primary, secondary = Locale.parse(locale).decimal_formats[None].grouping
    digits = "0" if primary >= 1000 else f"#,{'#' * secondary},{'#' * (primary - 1)}0"
    return f"{digits}.00 ¤¤"


def _finite(value: Decimal, text: object) -> Amount:
    if not value.is_finite():
        raise _not_an_amount(text)
    return Amount(value)


def _not_an_amount(text: object) -> AmountError:
    return AmountError(
        QT_TRANSLATE_NOOP("Values", "{text} is not an amount; write it like 1234.50.").format(
            text=_quoted(text)
        )
    )


def _quoted(text: object) -> str:
    shown = repr(text)
    return shown if len(shown) <= 40 else f"{shown[:37]}…"


def _currency(before: str | None, after: str | None, locale: str | None, text: str) -> str | None:
    named = [part.strip() for part in (before, after) if part and part.strip()]
    if not named:
        return None
    if len(named) == 2:
        raise _not_an_amount(text)
    found = currency_symbols(locale or DEFAULT_LOCALE).get(named[0].upper())
    if found is None:
        raise AmountError(
            QT_TRANSLATE_NOOP(
                "Values",
                "{text} is not an amount: {named!r} is neither a currency code such as EUR "
                "nor a currency symbol such as €.",
            ).format(text=_quoted(text), named=named[0])
        )
    return found


@cache
def currency_symbols(locale: str) -> Mapping[str, str]:
    """Upper-cased ISO codes and the symbols `locale` and English write (each naming one
    currency only) → the ISO code: "EUR" and "€" → EUR, "R$" → BRL, "$" → USD in English."""
    from babel.numbers import get_currency_symbol, list_currencies

    codes = sorted(list_currencies())
    found: dict[str, str] = {}
    for language in dict.fromkeys((locale, DEFAULT_LOCALE)):
        named: dict[str, set[str]] = {}
        for code in codes:
            named.setdefault(get_currency_symbol(code, locale=language).upper(), set()).add(code)
        for symbol, owners in named.items():
            if len(owners) == 1:
                found.setdefault(symbol, next(iter(owners)))
    return found | {code: code for code in codes}


def _marks(number: str) -> _Marks | None:
    """What the punctuation of `number` (digits, ".", ",", spaces, apostrophes) says, or None
    when it cannot be a number at all."""
    spacers = "".join(mark for mark in _SPACERS if mark in number)
    marks = [char for char in number if char in _MARKS]
    kinds = set(marks)
    if len(kinds) == 2:
        decimal = marks[-1]
        if marks.count(decimal) > 1 or spacers:
            return None
        return _Marks(decimal, next(iter(kinds - {decimal})))
    if not kinds:
        return _Marks(None, spacers)
    (mark,) = kinds
    if len(marks) > 1:
        return None if spacers else _Marks(None, mark)
    whole, fraction = number.split(mark)
    if spacers or len(fraction) != 3 or not whole or len(whole) > 3 or whole.startswith("0"):
        return _Marks(mark, spacers)
    return _Marks(either=mark)


def _number(number: str, locale: str | None, decimal_mark: str | None, text: str) -> Decimal:
    marks = _marks(number)
    if marks is None:
        raise _not_an_amount(text)
    if marks.either is not None:
        marks = _settled(marks.either, number, locale, decimal_mark, text)
    whole, _, fraction = number.partition(marks.decimal) if marks.decimal else (number, "", "")
    groups = re.split(f"[{re.escape(marks.groups)}]", whole) if marks.groups else [whole]
    if not _grouped(groups) or not (fraction.isdigit() or not fraction):
        raise _not_an_amount(text)
    digits = "".join(groups) or "0"
    try:
        return Decimal(f"{digits}.{fraction}" if fraction else digits)
    except InvalidOperation:
        raise _not_an_amount(text) from None


def _grouped(groups: list[str]) -> bool:
    if len(groups) == 1:
        return groups[0].isdigit() or groups[0] == ""
    first, *middle, last = groups
    return (
        all(group.isdigit() for group in groups)
        and 1 <= len(first) <= 3
        and len(last) == 3
        and all(len(group) in (2, 3) for group in middle)
    )


def _settled(
    mark: str, number: str, locale: str | None, decimal_mark: str | None, text: str
) -> _Marks:
    """A lone mark before three digits, read by the column's convention, else the locale's."""
    if decimal_mark is not None and decimal_mark in _MARKS:
        return _Marks(mark) if mark == decimal_mark else _Marks(None, mark)
    if locale is not None:
        from babel.numbers import get_decimal_symbol, get_group_symbol

        if mark == get_decimal_symbol(locale):
            return _Marks(mark)
        if mark == get_group_symbol(locale):
            return _Marks(None, mark)
    elif mark == ".":
        return _Marks(mark)
    whole, fraction = number.split(mark)
    raise AmbiguousAmount(
        QT_TRANSLATE_NOOP(
            "Values",
            "{text} could mean {thousands} or {decimals}; write it as {thousands} or as "
            "{decimals}.",
        ).format(
            text=_quoted(text),
            thousands=whole + fraction,
            decimals=Decimal(f"{whole}.{fraction}").normalize(),
        )
    )
