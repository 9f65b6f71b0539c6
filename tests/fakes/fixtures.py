"""Pytest fixtures for the fakes; import them into ``tests/conftest.py``."""

import threading
from collections.abc import Iterator
from typing import TypeVar

import pytest

from tests.fakes.openai_server import FakeOpenAIServer

Server = TypeVar("Server", bound=FakeOpenAIServer)


def serving(server: Server) -> Iterator[Server]:
    """A started `server`, for a fixture to yield; stopped after.

    Failures inside the server thread (a hook that raised, a dynamic reply that crashed, an
    unset ``wait_for`` event) are re-raised at teardown, so they cannot go unnoticed.
    """
    try:
        yield server
    finally:
        server.stop()
    if server.errors:
        raise server.errors[0]


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAIServer]:
    """A started :class:`FakeOpenAIServer`, stopped after the test (see `serving`)."""
    yield from serving(FakeOpenAIServer().start())


@pytest.fixture
def never() -> Iterator[threading.Event]:
    """Set at teardown only: a reply held on it (a silent server) is never sent in the test."""
    event = threading.Event()
    yield event
    event.set()
