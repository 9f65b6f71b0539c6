"""Construction is free; loading is explicit, idempotent and safe from several threads."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from importlib.resources.abc import Traversable

import pytest

from concierge.travel.places import catalog as catalog_module
from concierge.travel.places import gazetteer as gazetteer_module
from concierge.travel.places.gazetteer import City
from concierge.travel.places.index import LoadStopped, PlaceIndex


def test_construction_loads_nothing() -> None:
    index = PlaceIndex()
    assert not index.is_loaded
    assert index.load_seconds is None


def test_search_loads_on_first_use_and_load_is_idempotent() -> None:
    index = PlaceIndex()
    assert index.search("LIS")[0].iata == "LIS"
    assert index.is_loaded
    took = index.load_seconds
    assert took is not None and took > 0
    index.load()
    assert index.load_seconds == took


def test_a_worker_thread_can_load_while_others_search() -> None:
    index = PlaceIndex()
    with ThreadPoolExecutor(max_workers=4) as pool:
        loading = pool.submit(index.load)
        searches = [pool.submit(index.search, "porto") for _ in range(3)]
        loading.result()
        results = [s.result() for s in searches]
    assert all(r[0].iata == "OPO" for r in results)
    assert index.is_loaded


def test_a_stopped_load_leaves_the_index_unloaded_for_the_next_use(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stop = threading.Event()
    read = gazetteer_module.read_cities

    def stopped_midway(
        path: Traversable | None = None, stop: threading.Event | None = None
    ) -> list[City]:
        assert stop is not None
        stop.set()  # as the app closing does, while the towns are being read
        return read(path, stop)

    monkeypatch.setattr(catalog_module, "read_cities", stopped_midway)
    index = PlaceIndex()
    with pytest.raises(LoadStopped):
        index.load(stop)
    assert not index.is_loaded and index.load_seconds is None
    monkeypatch.undo()
    assert index.search("LIS")[0].iata == "LIS"
