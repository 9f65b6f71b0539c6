"""Weekdays, dated headings and date ranges in the person's language. English keeps the
app's own words, which the assistant's context reads; others take Babel's CLDR forms.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import QLocale

from concierge.model.values.dates import WEEKDAYS
from concierge.ui.i18n import ENGLISH, current_language, shown_date


def english() -> bool:
    return current_language() == ENGLISH


def shown_weekday(day: date, *, short: bool = False) -> str:
    """ "Thursday" ("Thu"); "quinta-feira" ("qui.") in Portuguese."""
    if english():
        name = WEEKDAYS[day.weekday()]
        return name[:3] if short else name
    kind = QLocale.FormatType.ShortFormat if short else QLocale.FormatType.LongFormat
    return QLocale().dayName(day.isoweekday(), kind)


def shown_weekday_date(day: date) -> str:
    """ "Thu 14 May 2026"; "qui., 14 de mai. de 2026" in Portuguese."""
    if english():
        return f"{shown_weekday(day, short=True)} {shown_date(day)}"
    from babel.dates import format_skeleton

    from concierge.travel.locale.app_locale import app_locale

    return format_skeleton("yMMMEd", day, locale=app_locale())


def shown_date_interval(start: date, end: date) -> str | None:
    """A range in the locale's own form ("14 – 18 de mai. de 2026"); None in English, whose
    compact form the caller writes itself."""
    if english():
        return None
    from babel.dates import format_interval

    from concierge.travel.locale.app_locale import app_locale

    return format_interval(start, end, "yMMMd", locale=app_locale())
