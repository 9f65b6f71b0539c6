"""An undo step's label kept translatable in the change log, in English.

`label` keeps the English text (what the model and older releases read), `label_message` the
template, context and values as JSON, so the Edit menu shows it in the window's language
later. A label that is no marked text reads back as the plain text it is.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from concierge.text import QT_TRANSLATE_NOOP, Message, Translatable, joined

log = logging.getLogger(__name__)


def encode_label(label: str) -> str | None:
    """The JSON that rebuilds `label` as marked text, or None for plain text."""
    if not isinstance(label, Message | Translatable):
        return None
    return json.dumps(_encode_text(label), ensure_ascii=False, separators=(",", ":"))


def decode_label(label: str, stored: str | None) -> str:
    """The logged `label` as marked text again when its JSON rebuilds the same English
    (anything else, such as a template since reworded, stays the plain English logged)."""
    if stored is None:
        return label
    try:
        text = _decode_text(json.loads(stored))
    except (ValueError, TypeError, KeyError, IndexError, AttributeError):
        log.warning("change-log label %r has unreadable JSON", label)
        return label
    return text if text == label else label


def _encode_text(text: Message | Translatable) -> dict[str, Any]:
    if isinstance(text, Message):
        return {
            "context": text.template.context,
            "template": str(text.template),
            "values": {name: _encode_value(value) for name, value in text.values.items()},
        }
    return {"context": text.context, "template": str(text)}


def _encode_value(value: object) -> object:
    """A JSON value; what JSON has no type for is an object naming its type."""
    if isinstance(value, Message | Translatable):
        return {"text": _encode_text(value)}
    if isinstance(value, datetime):
        return {"datetime": value.isoformat()}
    if isinstance(value, date):
        return {"date": value.isoformat()}
    if isinstance(value, Decimal):
        return {"decimal": str(value)}
    if isinstance(value, bool | int | float) or value is None:
        return value
    return str(value)


def _decode_text(data: dict[str, Any]) -> Message | Translatable:
    template = Translatable(str(data["context"]), str(data["template"]))
    if "values" not in data:
        return template
    values = {name: _decode_value(value) for name, value in dict(data["values"]).items()}
    return Message(template, values)


def _decode_value(value: object) -> object:
    if not isinstance(value, dict):
        return value
    ((kind, content),) = value.items()
    if kind == "text":
        return _decode_text(content)
    if kind == "datetime":
        return datetime.fromisoformat(content)
    if kind == "date":
        return date.fromisoformat(content)
    if kind == "decimal":
        return Decimal(content)
    raise ValueError(f"unknown label value type {kind!r}")


def listed(names: Sequence[str]) -> str:
    """`words.and_list` kept translatable: "Budget", "Budget and Pace", "Budget, Interests
    and Pace", the same English, shown with the window's "and"."""
    if len(names) <= 1:
        return "".join(names)
    return QT_TRANSLATE_NOOP("ChangeLabel", "{names} and {last}").format(
        names=joined(", ", names[:-1]), last=names[-1]
    )


def quoted(text: str) -> str:
    """“text”, the way a label names a record, with the window's quotation marks."""
    return QT_TRANSLATE_NOOP("ChangeLabel", "“{text}”").format(text=text)
