"""Reading answers as they arrive (from a model's tool call or a text box) into exact values.

Never a bool for a number, NaN or infinity. A decimal string is read as the one amount reader reads
it without a locale ("1,250" is two numbers, so refused). A choice matches ignoring case, accents,
spaces and punctuation. A list may come as JSON, one item per line, or separated by commas or
semicolons (numbers also by spaces); repeated text items and choices are dropped after the first,
repeated numbers kept (twins share an age); an empty JSON list is an answer: "none".

`to_text` writes a value back so that reading it again gives the same value."""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from contextlib import suppress

from pydantic import JsonValue

from concierge.model.values import AmountError, read_amount

from ..locale.folding import fold
from .value_types import ValueKind, ValueSpec

_WHOLE = re.compile(r"[+-]?\d+")
_YES = frozenset({"yes", "y", "true", "on", "1"})
_NO = frozenset({"no", "n", "false", "off", "0"})
_TEXT_SEPARATORS = re.compile(r"[,;]")
_SEPARATORS = {
    ValueKind.TEXT: _TEXT_SEPARATORS,
    ValueKind.CHOICE: re.compile(r"[,;\n\r]"),
    ValueKind.INTEGER: re.compile(r"[,;\s]+"),
    ValueKind.NUMBER: re.compile(r"[,;\s]+"),
}
_SHOWN_LIMIT = 60


class RawValueError(ValueError):
    """`detail` ends the sentence "<Label> must be <expected>; <detail>."."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail


def shown(value: object) -> str:
    """A raw value for an error message: its repr, shortened when long."""
    text = repr(value)
    if len(text) <= _SHOWN_LIMIT:
        return text
    if isinstance(value, str):
        return f"{value[: _SHOWN_LIMIT - 10]!r}… ({len(value)} characters)"
    return f"{text[: _SHOWN_LIMIT - 1]}…"


def got(value: object, position: int | None = None) -> str:
    where = f" as item {position}" if position is not None else ""
    if value is None:
        return f"got nothing{where} — to clear an answer, retract it"
    if isinstance(value, str) and not value.strip():
        return f"got blank text{where} — to clear an answer, retract it"
    return f"got {shown(value)}{where}"


def coerce(spec: ValueSpec, raw: object) -> object:
    """`raw` as an exact Python value of the spec's kind; limits are checked afterwards."""
    if spec.kind is ValueKind.LIST:
        assert spec.item is not None
        return _list(spec.item, raw)
    return _scalar(spec, raw, None)


def _scalar(spec: ValueSpec, raw: object, position: int | None) -> object:
    value = _READERS[spec.kind](spec, raw)
    if value is None:
        raise RawValueError(got(raw, position))
    return value


def _text(spec: ValueSpec, raw: object) -> str | None:
    if not isinstance(raw, str):
        return None
    return raw.strip() or None


def _whole(spec: ValueSpec, raw: object) -> int | None:
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float) and raw.is_integer():
        return int(raw)
    if isinstance(raw, str) and _WHOLE.fullmatch(raw.strip()):
        with suppress(ValueError):  # more digits than Python converts
            return int(raw.strip())
    return None


def _number(spec: ValueSpec, raw: object) -> float | None:
    value: float | None = None
    if isinstance(raw, int | float) and not isinstance(raw, bool):
        value = float(raw)
    elif isinstance(raw, str):
        with suppress(AmountError):
            read = read_amount(raw)
            value = float(read.value) if read.currency is None else None
    return value if value is not None and math.isfinite(value) else None


def _yes_no(spec: ValueSpec, raw: object) -> bool | None:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, int):
        return {1: True, 0: False}.get(raw)
    if isinstance(raw, str):
        word = raw.strip().lower()
        return True if word in _YES else False if word in _NO else None
    return None


def _choice(spec: ValueSpec, raw: object) -> str | None:
    if not isinstance(raw, str):
        return None
    key = fold(raw)
    return next((choice for choice in spec.choices if fold(choice) == key), None)


_READERS: dict[ValueKind, Callable[[ValueSpec, object], object | None]] = {
    ValueKind.TEXT: _text,
    ValueKind.INTEGER: _whole,
    ValueKind.NUMBER: _number,
    ValueKind.YES_NO: _yes_no,
    ValueKind.CHOICE: _choice,
}


def _list(item: ValueSpec, raw: object) -> list[object]:
    if isinstance(raw, str):
        if not raw.strip():
            raise RawValueError(got(raw))
        pieces: list[object] = list(_split(item, raw))
    elif isinstance(raw, list | tuple):
        pieces = list(raw)
    elif isinstance(raw, int | float):
        pieces = [raw]
    else:
        raise RawValueError(got(raw))
    kept = [piece for piece in pieces if not (isinstance(piece, str) and not piece.strip())]
    values: list[object] = []
    seen: set[object] = set()
    for position, piece in enumerate(kept, start=1):
        if isinstance(piece, str):
            piece = " ".join(piece.split()) if item.kind is ValueKind.TEXT else piece.strip()
        value = _scalar(item, piece, position)
        key = value.casefold() if isinstance(value, str) else value
        if item.numeric or key not in seen:
            values.append(value)
            seen.add(key)
    return values


def _split(item: ValueSpec, raw: str) -> list[object]:
    if item.kind is ValueKind.TEXT and ("\n" in raw or "\r" in raw):
        return list(raw.splitlines())
    text = raw.strip()
    if text.startswith("[") and text.endswith("]"):
        try:
            decoded = json.loads(text)
        except ValueError:
            text = text[1:-1]
        else:
            if isinstance(decoded, list):
                return decoded
    return list(_SEPARATORS[item.kind].split(text))


def to_text(spec: ValueSpec, value: JsonValue) -> str:
    """The value as a person would type it; `coerce` reads it back to the same value. A single text
    item that would otherwise be split or read as JSON gets a trailing line break."""
    if spec.kind is not ValueKind.LIST:
        return _scalar_text(value)
    assert isinstance(value, list) and spec.item is not None
    if not value:
        return "[]"
    if spec.item.kind is not ValueKind.TEXT:
        return ", ".join(_scalar_text(item) for item in value)
    texts = [str(item) for item in value]
    text = "\n".join(texts)
    if len(texts) == 1 and (_TEXT_SEPARATORS.search(text) or text.startswith("[")):
        text += "\n"
    return text


def _scalar_text(value: JsonValue) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return repr(value) if isinstance(value, int | float) else str(value)
