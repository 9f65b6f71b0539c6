"""Country names for ISO 3166-1 alpha-2 codes, from CLDR through Babel in the app's locale.
`is_country` keeps CLDR's countries plus XK (Kosovo), which airport data uses. Read on first
use: importing this module loads no locale data."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from ..locale.app_locale import DEFAULT_LOCALE, ByLocale, app_locale
from ..locale.folding import fold

# Codes ISO 3166-1 reserves without making them countries: Ascension, Clipperton, Sark,
# Diego Garcia, Ceuta and Melilla, the EU, the eurozone, metropolitan France, the Canaries,
# the USSR, Tristan da Cunha, "UK" and the UN.
_EXCEPTIONALLY_RESERVED = frozenset(
    {"AC", "CP", "CQ", "DG", "EA", "EU", "EZ", "FX", "IC", "SU", "TA", "UK", "UN"}
)


def is_country(code: str) -> bool:
    """Whether `code` is an ISO 3166-1 alpha-2 country code, or XK for Kosovo (CLDR's other
    user-assigned codes are groupings and test regions)."""
    if len(code) != 2 or not (code.isascii() and code.isalpha() and code.isupper()):
        return False
    user_assigned = code in {"AA", "ZZ"} or code[0] == "X" or "QM" <= code <= "QZ"
    return code == "XK" or not (user_assigned or code in _EXCEPTIONALLY_RESERVED)


def _names(locale: str) -> Mapping[str, str]:
    from babel import Locale

    english = Locale.parse(DEFAULT_LOCALE).territories
    local = Locale.parse(locale).territories
    return MappingProxyType(
        {code: local.get(code, english[code]) for code in sorted(english) if is_country(code)}
    )


COUNTRY_NAMES: ByLocale[str] = ByLocale(_names)
"""ISO 3166-1 alpha-2 code → the country's short name in the app's locale."""

# Other names people type for a country; matched after folding.
_ALIASES = {
    "UK": "GB",
    "Great Britain": "GB",
    "Britain": "GB",
    "USA": "US",
    "United States of America": "US",
    "America": "US",
    "Holland": "NL",
    "The Netherlands": "NL",
    "Turkey": "TR",
    "Czech Republic": "CZ",
    "Korea": "KR",
    "Republic of Korea": "KR",
    "Ivory Coast": "CI",
    "Cabo Verde": "CV",
    "Burma": "MM",
    "Swaziland": "SZ",
    "East Timor": "TL",
    "Macau": "MO",
    "Vatican": "VA",
    "Holy See": "VA",
    "Democratic Republic of the Congo": "CD",
    "Congo": "CG",
    "UAE": "AE",
    "Viet Nam": "VN",
    "Russian Federation": "RU",
    "Macedonia": "MK",
    "Bosnia": "BA",
    "Sao Tome": "ST",
    "St Lucia": "LC",
    "St Kitts": "KN",
    "St Vincent": "VC",
    # The shorter names people use where CLDR's standard one is longer.
    "Hong Kong": "HK",
    "Macao": "MO",
    "DR Congo": "CD",
    "Republic of the Congo": "CG",
    "Myanmar": "MM",
    "Palestine": "PS",
}


def _key(text: str) -> str:
    """A folded name in which "&" and "and", "St." and "Saint" agree and "the" is dropped,
    since CLDR writes "St. Kitts & Nevis" and people type "Saint Kitts and Nevis"."""
    words = ("st" if word == "saint" else word for word in fold(text).split())
    return " ".join(word for word in words if word not in {"and", "the"})


@cache
def _codes_by_key(locale: str) -> Mapping[str, str]:
    """Keys of the names in English and in `locale`, and of the aliases → code."""
    names = [COUNTRY_NAMES.table(language) for language in dict.fromkeys((DEFAULT_LOCALE, locale))]
    return {_key(name): code for table in names for code, name in table.items()} | {
        _key(alias): code for alias, code in _ALIASES.items()
    }


def country_name(code: str, locale: str | None = None) -> str:
    """The name for a country code in `locale` (the app's by default), or the code itself
    when it names no country."""
    return COUNTRY_NAMES.table(locale).get(code.upper(), code)


def country_code(text: str) -> str | None:
    """The ISO code for a typed country name (English or the app's language), alias ("UK") or
    code ("pt"); None if unknown."""
    stripped = text.strip()
    if len(stripped) == 2 and stripped.upper() in COUNTRY_NAMES:
        return stripped.upper()
    return _codes_by_key(app_locale()).get(_key(stripped))
