"""The place catalogue behind ``PlaceIndex``: every airport and multi-airport city, and every
gazetteer town no airport answers for, with the folded keys and ranks that search and
resolution use. Building it is the slow part of the index, hence ``PlaceIndex.load``."""

from __future__ import annotations

import functools
import re
import threading
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from ..locale.folding import fold
from .airports import Airport, MetroArea, read_airports, read_metro_areas
from .countries import country_name
from .gazetteer import City, read_cities
from .geo import distance_km
from .haystack import Haystack
from .main_airports import MAIN_AIRPORTS
from .place import Place, region_shown
from .stopping import check, checked

_MINOR_WORDS = (
    " heliport",
    " seaplane",
    " air base",
    " air force",
    " afb",
    " raf ",
    " naval",
    " army",
    " airstrip",
    " military",
)
_CITY_PARTS = re.compile(r"[,/]")
SAME_PLACE_KM = 100.0
"""Namesakes in one country closer than this are one place (an airport covers its town)."""
# A town's prominence by population, so that Kyoto outranks a village airstrip.
_TOWN_PROMINENCE = ((1_000_000, 6), (250_000, 4), (50_000, 2), (0, 0))


@dataclass(slots=True)
class Entry:
    """A place with its precomputed search keys (all folded, see ``fold``)."""

    place: Place
    number: int  # position in rank order, set once when the index is built
    key: str  # the folded label
    cities: str  # "|london|" — every city name it answers to, each between bars
    name: str  # " london heathrow airport"
    words: str  # " " + every word of city, name, region, country and codes
    prominence: int  # higher first within a search tier
    standing: int  # for resolve: 3 city, 2 a time zone's city, 1 other airport, 0 base/field
    population: int = 0  # its town's, where the gazetteer has it: for telling namesakes apart


@dataclass(frozen=True, slots=True)
class Catalog:
    """All entries, in rank order, and the tables and haystacks to find them by."""

    entries: tuple[Entry, ...]  # in rank order: prominence, cities first, label
    by_code: dict[str, Entry]
    city_codes: dict[str, Entry]
    by_icao: dict[str, Entry]
    by_label: dict[str, Entry]
    by_city: dict[str, list[Entry]]  # airports and cities, not towns
    by_town: dict[str, list[Entry]]  # towns by folded name
    cities: Haystack  # each entry's ``cities``, by number
    names: Haystack  # each entry's ``name`` plus a space, so " heathrow " finds whole words
    words: Haystack  # each entry's ``words``


def build_catalog(stop: threading.Event | None = None) -> Catalog:
    """Read the airport data and the gazetteer and index them; ``LoadStopped`` once ``stop``
    is set (checked between chunks, and first: a load stopped before its thread ran ends at
    once, rather than parse the airports while the app waits to exit)."""
    check(stop)
    airports = read_airports()
    check(stop)
    areas = read_metro_areas(airports)
    area_of = {code: area for area in areas for code in area.airports}
    entries = [_airport_entry(a, area_of.get(a.iata)) for a in checked(airports.values(), stop)]
    entries += [_city_entry(area, [airports[c] for c in area.airports]) for area in areas]
    entries += _town_entries(read_cities(stop=stop), _keyed(entries), stop)
    check(stop)
    entries.sort(key=lambda e: (-e.prominence, e.place.kind != "city", -e.population, e.key))
    for number, entry in enumerate(entries):
        entry.number = number
    numbered = tuple(entries)
    by_city = _keyed(e for e in numbered if e.place.kind != "town")
    by_town = _keyed(e for e in numbered if e.place.kind == "town")
    return Catalog(
        entries=numbered,
        by_code={e.place.iata: e for e in numbered if e.place.kind == "airport"},
        city_codes={e.place.iata: e for e in numbered if e.place.kind == "city"},
        by_icao={e.place.icao: e for e in numbered if e.place.icao},
        by_label={e.key: e for e in numbered},
        by_city=by_city,
        by_town=by_town,
        cities=Haystack([e.cities for e in numbered]),
        names=Haystack([f"{e.name} " for e in numbered]),
        words=Haystack([e.words for e in numbered]),
    )


def _airport_entry(airport: Airport, area: MetroArea | None) -> Entry:
    """An airport, with how much it stands out among namesakes: +3 a main airport, +2 the city
    its zone is named after, +2 a member of a multi-airport city, +1 "International"; 0 for a
    heliport, seaplane base or military field."""
    english = MAIN_AIRPORTS.get(airport.iata, ())
    city = english[0] if english else airport.city
    # Folded once each and joined: folding is most of the cost of building the index.
    city_key, name_key, code_key = fold(city), fold(airport.name), airport.iata.lower()
    country = country_name(airport.country)
    region_key, country_key = _fold_often(airport.region), _fold_often(country)
    show_region = region_shown(region_key, city_key, country_key)
    where = f"{airport.region}, {country}" if show_region else country
    if city:
        label = f"{city} ({airport.iata}) — {airport.name}, {where}"
    else:
        label = f"{airport.name} ({airport.iata}) — {where}"
    names = (airport.name, city, airport.region)
    place = Place.at(airport, label, "airport", airport.iata, names, airport.icao, (airport.iata,))
    cities = _city_keys(airport.city) | {fold(n) for n in english}
    zone_city = _zone_city(airport.tz) in cities
    if area is not None:
        cities.add(_fold_often(area.name))
    name = f" {name_key} "
    minor = any(word in name for word in _MINOR_WORDS) and not english
    international = " international " in name or " intl " in name
    prominence = 1 + 3 * bool(english) + 2 * zone_city + 2 * (area is not None) + international
    return Entry(
        place=place,
        number=0,
        key=_join(city_key, code_key, name_key, region_key if show_region else "", country_key),
        cities=_bars(cities),
        name=name.rstrip(),
        words=" " + _join(city_key, name_key, region_key, country_key, code_key),
        prominence=0 if minor else prominence,
        standing=0 if minor else 2 if english or zone_city else 1,
    )


def _city_keys(city: str) -> set[str]:
    """What a city field answers to: "La Paz / El Alto" → "la paz el alto", "la paz",
    "el alto"; "Kerkyra Island" → also "kerkyra"; "Arnavutköy, Istanbul" → also both parts."""
    parts = _CITY_PARTS.split(city) if _CITY_PARTS.search(city) else []
    keys = {fold(part) for part in [city, *parts]}
    return {k for key in keys for k in (key, key.removesuffix(" island")) if k}


def _city_entry(area: MetroArea, members: list[Airport]) -> Entry:
    """A multi-airport city, placed at its main airport: the one sharing the city's code,
    else the first with "International" in its name, else the first by code."""
    main = next(
        (a for a in members if a.iata == area.code),
        next((a for a in members if "international" in a.name.lower()), members[0]),
    )
    label = f"{area.name} ({area.code}) — all airports, {country_name(main.country)}"
    names = ("all airports", area.name, main.region)
    place = Place.at(main, label, "city", area.code, names, airports=area.airports)
    return Entry(
        place=place,
        number=0,
        key=fold(label),
        cities=_bars({fold(area.name)}),
        name="",
        words=_words(place),
        prominence=10,
        standing=3,
    )


def _keyed(entries: Iterable[Entry]) -> dict[str, list[Entry]]:
    """Entries by each city name they answer to, in the order given."""
    keyed: defaultdict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        for key in entry.cities.strip("|").split("|"):
            if key:
                keyed[key].append(entry)
    return dict(keyed)


def _town_entries(
    cities: list[City], by_city: dict[str, list[Entry]], stop: threading.Event | None
) -> list[Entry]:
    """Gazetteer towns that no airport or city of the same name nearby already stands for
    (Porto is OPO, Kyoto is a town), each with a label no other town shares."""
    keyed = sorted(
        ((c, fold(c.name)) for c in checked(cities, stop)), key=lambda pair: -pair[0].population
    )
    kept = [(city, key) for city, key in checked(keyed, stop) if not _cover(city, key, by_city)]
    namesakes = Counter((key, city.country) for city, key in kept)
    taken: set[str] = set()
    entries = []
    for city, key in checked(kept, stop):
        label, label_key = _town_label(city, key, namesakes[key, city.country] > 1, taken)
        taken.add(label_key)
        entries.append(_town_entry(city, key, label, label_key))
    return entries


def _cover(city: City, key: str, by_city: dict[str, list[Entry]]) -> bool:
    """Whether airports or cities answering to the town's name ("New York" for "New York
    City") lie in its country within ``SAME_PLACE_KM``; they take on its population."""
    covering = [
        e
        for name in {key, key.removesuffix(" city")}
        for e in by_city.get(name, ())
        if e.place.country == city.country
        and distance_km(e.place.lat, e.place.lon, city.lat, city.lon) <= SAME_PLACE_KM
    ]
    for entry in covering:
        entry.population = max(entry.population, city.population)
    return bool(covering)


def _town_label(city: City, key: str, shared: bool, taken: set[str]) -> tuple[str, str]:
    """The label and its folded key: "Kyoto, Japan"; namesakes in one country add their
    state code where it is one ("Springfield, MO, United States"), else where they lie."""
    country, country_key = country_name(city.country), _fold_often(country_name(city.country))
    region = _region(city)
    if shared and region:
        label, label_key = f"{city.name}, {region}, {country}", f"{key} {region.lower()}"
    else:
        label, label_key = f"{city.name}, {country}", key
    label_key = _join(label_key, country_key)
    if label_key not in taken:
        return label, label_key
    north, east = "N" if city.lat >= 0 else "S", "E" if city.lon >= 0 else "W"
    label += f" ({abs(city.lat):.2f}° {north}, {abs(city.lon):.2f}° {east})"
    return label, fold(label)


def _region(city: City) -> str:
    """The first-level division's code when people read it as a name ("IL", "ENG")."""
    return city.admin1 if city.admin1.isalpha() else ""


def _town_entry(city: City, key: str, label: str, label_key: str) -> Entry:
    place = Place.at(city, label, "town", "", (city.name, city.name, _region(city)))
    country_key = _fold_often(place.country_name)
    prominence = next(rank for least, rank in _TOWN_PROMINENCE if city.population >= least)
    return Entry(
        place=place,
        number=0,
        key=label_key,
        cities=_bars({key}),
        name="",
        words=" " + _join(key, _fold_often(place.region), country_key),
        prominence=prominence,
        standing=0,
        population=city.population,
    )


def _zone_city(tz: str) -> str:
    """The city a time zone is named after: "America/Sao_Paulo" → "sao paulo"."""
    return _fold_often(tz.rsplit("/", 1)[-1])


@functools.lru_cache(maxsize=4096)
def _fold_often(text: str) -> str:
    """``fold`` for the few thousand strings that repeat: regions, countries, zones."""
    return fold(text)


def _join(*keys: str) -> str:
    return " ".join(k for k in keys if k)


def _bars(keys: Iterable[str]) -> str:
    return "|" + "|".join(sorted(k for k in keys if k)) + "|"


def _words(place: Place) -> str:
    parts = (place.city, place.name, place.region, place.country_name, place.iata)
    return " " + fold(" ".join(parts))
