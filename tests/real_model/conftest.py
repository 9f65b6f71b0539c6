"""One real llama.cpp server for the whole session (starting it loads the model), skipped with
the reason when it was not built here."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.real_model.llama_server import LlamaServer, unavailable_reason
from tests.travel.conftest import places

__all__ = ["places"]


@pytest.fixture(scope="session")
def llama_server() -> Iterator[LlamaServer]:
    reason = unavailable_reason()
    if reason is not None:
        pytest.skip(reason)
    with LlamaServer() as server:
        yield server


@pytest.fixture(autouse=True)
def _server_survived(request: pytest.FixtureRequest) -> Iterator[None]:
    """After each test that used the server, fail with its last output if it died."""
    yield
    if "llama_server" in request.fixturenames:
        server: LlamaServer = request.getfixturevalue("llama_server")
        server.ensure_running()
