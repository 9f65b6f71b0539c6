"""Text the person reads, marked for translation where it is declared, without Qt.

The store and the travel layer declare labels and write messages in English: the model reads
them as they are, and the tests read them too. Where such text is also shown to the person,
it is marked with `QT_TRANSLATE_NOOP` (the name Qt's `lupdate` looks for) and stays an
ordinary `str` everywhere, carrying what the window needs to show it in the person's language
(`concierge.ui.i18n.shown`):

    LABEL = QT_TRANSLATE_NOOP("Field", "Start time")          # a label: English `str`
    raise ValueError(QT_TRANSLATE_NOOP("Validation", "The end date ({end}) is before the "
                     "start date ({start}).").format(end=end, start=start))

`.format` on a marked text gives a `Message`: the English sentence, with the template and the
values kept, so the window translates the template and formats the values (dates above all)
in the person's locale.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import date, datetime
from typing import Any


class Translatable(str):
    """English text declared for translation in `context` (a label, a heading, a template)."""

    __slots__ = ("context",)
    context: str

    def __new__(cls, context: str, source: str) -> Translatable:
        text = super().__new__(cls, source)
        text.context = context
        return text

    def format(self, *args: object, **values: object) -> Message:
        """The English sentence with `values` in it; keyword placeholders only."""
        if args:
            raise TypeError("Translatable.format takes keyword values only, as {name}.")
        return Message(self, values)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Translatable, (self.context, str(self)))


class Message(str):
    """A sentence made from a `Translatable` template: reads as English, shows translated."""

    __slots__ = ("template", "values")
    template: Translatable
    values: Mapping[str, object]

    def __new__(cls, template: Translatable, values: Mapping[str, object]) -> Message:
        text = super().__new__(cls, render(template, values, english_value))
        text.template = template
        text.values = dict(values)
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return (Message, (self.template, dict(self.values)))


def QT_TRANSLATE_NOOP(context: str, source: str) -> Translatable:
    """Mark `source` for translation in `context`; it stays English until shown."""
    return Translatable(context, source)


def english_value(value: object) -> object:
    """A value as an English message writes it: dates as "14 May 2026", the rest as is."""
    from concierge.model.values.day_text import format_date

    return written_value(value, str, format_date)


def written_value(value: object, text: Callable[[str], str], day: Callable[[date], str]) -> object:
    """A message's value written in one language: a label or message by `text`, a date by
    `day` (a date and time as "<day>, 14:05"), the rest as is."""
    if isinstance(value, Message | Translatable):
        return text(value)
    if isinstance(value, datetime):
        return f"{day(value.date())}, {value:%H:%M}"
    if isinstance(value, date):
        return day(value)
    return value


def render(
    template: str, values: Mapping[str, object], value_text: Callable[[object], object]
) -> str:
    """`template` with each value put through `value_text` first (it may keep numbers as
    numbers, so that format specs such as ``{seconds:.0f}`` still apply)."""
    return str.format(template, **{name: value_text(value) for name, value in values.items()})


def error_text(error: BaseException) -> str:
    """The message of `error` keeping its translation. `str(error)` of a `ValueError` raised
    with a `Message` is a plain `str` (a `TranslatedError`, such as every `StoreError`,
    keeps it), so the window shows `shown(error_text(error))` for any exception."""
    if len(error.args) == 1 and isinstance(error.args[0], Message | Translatable):
        text: str = error.args[0]
        return text
    return BaseException.__str__(error) if isinstance(error, TranslatedError) else str(error)


class TranslatedError(Exception):
    """An exception whose `str` keeps the marked message it was raised with, so that
    `shown(str(error))` shows it translated."""

    def __str__(self) -> str:
        return error_text(self) if self.args else super().__str__()


class TranslatedValueError(TranslatedError, ValueError):
    """A ValueError whose `str` keeps its marked message (a value a rule refuses)."""


def joined(separator: str, parts: Iterable[str]) -> str:
    """`separator.join(parts)`, read the same, but a `Message` whose parts the window still
    shows translated (a plain join would make a plain `str` of marked parts)."""
    texts = list(parts)
    if len(texts) == 1:
        return texts[0]
    escaped = separator.replace("{", "{{").replace("}", "}}")
    template = escaped.join(f"{{part{number}}}" for number in range(len(texts)))
    return Message(
        Translatable("", template), {f"part{number}": text for number, text in enumerate(texts)}
    )
