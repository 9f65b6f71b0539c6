"""One real llama.cpp server for the whole session (starting it loads the model), skipped with
the reason when it was not built here."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.real_model.llama_server import LlamaServer, unavailable_reason


@pytest.fixture(scope="session")
def llama_server() -> Iterator[LlamaServer]:
    reason = unavailable_reason()
    if reason is not None:
        pytest.skip(reason)
    with LlamaServer() as server:
        yield server
