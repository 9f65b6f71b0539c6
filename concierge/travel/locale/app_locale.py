"""The app's locale, set once at start-up rather than read from the process locale, so the text the
person sees and the text given to the model agree."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TypeVar

DEFAULT_LOCALE = "en"

_current = DEFAULT_LOCALE

V = TypeVar("V")


def app_locale() -> str:
    """The app's locale as Babel names it ("en", "pt_PT")."""
    return _current


def set_app_locale(tag: str) -> str:
    """Show names and amounts in `tag` ("pt", "pt_PT" or "pt-PT") from now on; returns the
    locale's normal name, or a ``ValueError`` for a locale the data does not have."""
    from babel import Locale, UnknownLocaleError

    global _current
    try:
        _current = str(Locale.parse(tag.strip().replace("-", "_")))
    except (ValueError, TypeError, UnknownLocaleError):
        raise ValueError(
            f"Unknown locale {tag!r}; use a language code such as en, pt or pt_PT."
        ) from None
    return _current


class ByLocale(Mapping[str, V]):
    """A read-only table built by `build` for the app's locale on first use, once per locale:
    importing a module that declares one reads no locale data."""

    def __init__(self, build: Callable[[str], Mapping[str, V]]) -> None:
        self._build = build
        self._tables: dict[str, Mapping[str, V]] = {}

    def table(self, locale: str | None = None) -> Mapping[str, V]:
        """The table for `locale`, the app's locale by default."""
        key = locale or _current
        found = self._tables.get(key)
        if found is None:
            found = self._tables[key] = self._build(key)
        return found

    def __getitem__(self, key: str) -> V:
        return self.table()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.table())

    def __len__(self) -> int:
        return len(self.table())
