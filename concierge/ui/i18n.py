"""The language the window speaks: Qt's and our translations, and text shown in the locale.

Contexts are literal strings (`translate("Context", "Source")`), never `self.tr`: PySide6
looks `tr` up by the object's runtime class, so a subclass would lose its base's
translations, and `lupdate` only reads literal contexts.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from concierge.text import Message, Translatable, error_text, render, written_value

log = logging.getLogger(__name__)

TRANSLATIONS = Path(__file__).resolve().parent.parent / "resources" / "translations"
"""Our compiled translations, `concierge_<language>.qm`, made by packaging/translations.py."""
ENGLISH = "en"
SYSTEM = ""
"""The language setting's value meaning "the system's language"."""


def translate(context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str:
    """`source` in the window's language. `n` picks a plural form of a "%n" source."""
    return QCoreApplication.translate(context, source, disambiguation, n)


@dataclass(frozen=True, slots=True)
class Language:
    code: str
    """As the translation files name it: "en", "pt_BR"."""
    name: str
    """In the language itself: "English", "português (Brasil)"."""


def available_languages() -> tuple[Language, ...]:
    """English and every language we ship a translation for."""
    codes = [
        ENGLISH,
        *sorted(
            path.stem.removeprefix("concierge_") for path in TRANSLATIONS.glob("concierge_*.qm")
        ),
    ]
    return tuple(Language(code, native_name(code)) for code in codes)


def native_name(code: str) -> str:
    locale = QLocale(code)
    language = locale.nativeLanguageName() or code
    if "_" in code and locale.nativeTerritoryName():
        return f"{language} ({locale.nativeTerritoryName()})"
    return language


def choose_language(setting: str, preferred: list[str] | None = None) -> str:
    """The language to show: the setting's, else the first of the system's preferred
    languages we have (its territory or any of its language's), else English."""
    codes = [language.code for language in available_languages()]
    if setting and setting in codes:
        return setting
    for wanted in QLocale.system().uiLanguages() if preferred is None else preferred:
        wanted = wanted.replace("-", "_")
        if wanted in codes:
            return wanted
        base = wanted.split("_")[0]
        for code in codes:
            if code.split("_")[0] == base:
                return code
    return ENGLISH


_installed: list[QTranslator] = []
_language = [ENGLISH]


def install_language(code: str) -> str:
    """Show the window in `code` from now on (widgets made later); returns the code used."""
    from concierge.travel.locale.app_locale import app_locale, set_app_locale

    app = QCoreApplication.instance()
    assert app is not None, "install_language needs the QApplication"
    for translator in _installed:
        app.removeTranslator(translator)
    _installed.clear()
    if code != ENGLISH:
        qt_folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        for name, folder in (("qtbase", qt_folder), ("concierge", str(TRANSLATIONS))):
            translator = QTranslator(app)
            if translator.load(f"{name}_{code}", folder):
                app.installTranslator(translator)
                _installed.append(translator)
            else:
                log.warning("no %s translation for %s in %s", name, code, folder)
    QLocale.setDefault(formats_locale(code))
    if code != app_locale():  # English needs no locale data read at start-up
        try:
            set_app_locale(code)
        except ValueError:
            set_app_locale(ENGLISH)
    _language[0] = code
    log.info("language %s", code)
    return code


def formats_locale(code: str) -> QLocale:
    """Where dates and numbers take their form: the system's locale when it speaks `code`'s
    language, or the window falls back to English (a German desktop keeps German dates);
    else `code`'s own."""
    system = QLocale.system()
    if code == ENGLISH or system.language() == QLocale(code).language():
        return system
    return QLocale(code)


def current_language() -> str:
    """The language the window speaks now: "en" unless `install_language` chose another."""
    return _language[0]


def number_locale() -> str:
    """The locale of the numbers a person types and reads in fields, as Babel names it:
    English in an English window, else the window's formats locale ("pt_BR", "de_CH")."""
    name = QLocale().name()
    return name if current_language() != ENGLISH and name not in ("", "C") else ENGLISH


def shown(text: str) -> str:
    """`text` as the person reads it: a declared label or message translated, the values of a
    message in the locale's formats; anything else (the person's own words) unchanged."""
    if isinstance(text, Message):
        template = translate(text.template.context, text.template)
        try:
            return render(template, text.values, shown_value)
        except (KeyError, IndexError, ValueError):
            log.warning("translation of %r does not fit its values", str(text.template))
            return render(text.template, text.values, shown_value)
    if isinstance(text, Translatable):
        return translate(text.context, text)
    return text


def shown_error(error: BaseException) -> str:
    """An exception's message as the person reads it."""
    return shown(error_text(error))


def shown_value(value: object) -> object:
    return written_value(value, shown, shown_date)


def shown_date(day: date) -> str:
    """A date as the person's language writes it; English keeps the app's "14 May 2026"."""
    if current_language() == ENGLISH:
        from concierge.model.values.dates import format_date

        return format_date(day)
    from babel.dates import format_skeleton

    from concierge.travel.locale.app_locale import app_locale

    return format_skeleton("yMMMd", day, locale=app_locale())


def shown_number(value: int | float | Decimal, decimals: int = 0) -> str:
    """A number with the locale's separators ("1,234.5"; "1.234,5" in Portuguese)."""
    return QLocale().toString(float(value), "f", decimals)
