"""Pytest fixtures for the fakes; import them into ``tests/conftest.py``."""

import threading
from collections.abc import Iterator

import pytest

from tests.fakes.openai_server import FakeOpenAIServer


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAIServer]:
    """A started :class:`FakeOpenAIServer`, stopped after the test.

    Failures inside the server thread (a hook that raised, a dynamic reply that crashed, an
    unset ``wait_for`` event) are re-raised at teardown, so they cannot go unnoticed.
    """
    server = FakeOpenAIServer().start()
    try:
        yield server
    finally:
        server.stop()
    if server.errors:
        raise server.errors[0]


@pytest.fixture
def never() -> Iterator[threading.Event]:
    """Set at teardown only: a reply held on it (a silent server) is never sent in the test."""
    event = threading.Event()
    yield event
    event.set()
