"""CSV files as spreadsheets in other locales save them, byte for byte: LibreOffice Calc in
German (UTF-8 with a byte-order mark, semicolons, every text cell quoted), Excel in French
(Windows-1252, semicolons, a no-break space grouping thousands), Excel in Brazilian
Portuguese ("CSV UTF-8": a byte-order mark, semicolons, "R$ 1.234,56") and Excel's
"Unicode text" (UTF-16 with a byte-order mark, tabs). Quoted cells hold the separator and
line breaks, as notes do."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from concierge.travel.locale.app_locale import DEFAULT_LOCALE, set_app_locale

GERMAN_CALC = (
    '\ufeff"Datum";"Uhrzeit";"Titel";"Typ";"Preis";"Währung";"Notiz"\r\n'
    '"14.05.2027";"06:05";"Flug LH 1173; Frankfurt → Lissabon";"flight";"1.234,56";"EUR";'
    '"Sitz 14C"\r\n'
    '"12. März 2027";"";"Hotel Römerhof";"lodging";"312,40 €";"";"Zimmer 12\r\n'
    'Frühstück inklusive"\r\n'
    '"03.04.2027";"";"Museumsufer";"activity";"1.250";"EUR";""\r\n'
).encode()
"""Dates day first (14.05 decides it), decimal commas (312,40 decides "1.250")."""
GERMAN_MAP = (
    "Datum=day,Uhrzeit=start_time,Titel=title,Typ=kind,Preis=cost_amount,"
    "Währung=cost_currency,Notiz=notes"
)

FRENCH_EXCEL = (
    "Date;Heure;Titre;Prix\r\n"
    "25/03/2027;20:30;Dîner chez Lapérouse;1\u00a0234,56 €\r\n"
    '12 mars 2027;10:00;"Visite; Louvre";18,50 €\r\n'
    "02/04/2027;;Musée d'Orsay;16 €\r\n"
).encode("cp1252")
"""Windows-1252; dates day first (25/03 decides it)."""
FRENCH_MAP = "Date=day,Heure=start_time,Titre=title,Prix=cost_amount"

BRAZILIAN_EXCEL = (
    "\ufeffData;Hora;Atividade;Valor\r\n"
    '28/03/2027;19:30;"Jantar; fado";R$ 1.234,56\r\n'
    '3 de abril de 2027;;"Passeio\r\nde barco";"R$ 80,00"\r\n'
    "05/04/2027;09:00;Bonde 28;R$ 3\r\n"
).encode()
"""Dates day first (28/03 decides it), reais by their symbol."""
BRAZILIAN_MAP = "Data=day,Hora=start_time,Atividade=title,Valor=cost_amount"

UNICODE_TEXT = "Date\tTitle\tPrice\r\n14/05/2027\tTram 28, Lisbon\t3,00 €\r\n".encode("utf-16")
"""Excel's "Unicode text": UTF-16 with its byte-order mark, tab-separated."""

UNDECIDED = (
    b"Date;Title;Price;Currency\r\n03/04/2027;Tram;1.250;EUR\r\n05/06/2027;Funicular;2.500;EUR\r\n"
)
"""Nothing in the file decides the date order or the decimal mark."""


def write(folder: Path, name: str, data: bytes) -> Path:
    path = folder / name
    path.write_bytes(data)
    return path


@contextmanager
def app_language(locale: str) -> Iterator[None]:
    """The app's language (month names, the locale's decimal mark) for a while."""
    set_app_locale(locale)
    try:
        yield
    finally:
        set_app_locale(DEFAULT_LOCALE)
