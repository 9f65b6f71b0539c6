"""Fixtures for the end-to-end suite: one X desktop per run, one app process per module.

The suite is skipped as a whole, with the reason, on a machine without Xvfb, xdotool,
openbox, dbus or python3-pyatspi, so the plain test command still passes there.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.fakes.fixtures import serving
from tests.fakes.openai_server import FakeOpenAIServer

from .desktop import (
    Desktop,
    Session,
    app_environ,
    missing_tools,
    running_app,
    until,
)

MODEL = "fake-model"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    here = Path(__file__).resolve().parent
    ours = [item for item in items if here in Path(item.path).resolve().parents]
    if not ours:
        return
    missing = missing_tools()
    if missing:
        skip = pytest.mark.skip(reason=f"end-to-end suite needs {', '.join(missing)}")
        for item in ours:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def desktop() -> Iterator[Desktop]:
    screen = Desktop().start()
    try:
        yield screen
    finally:
        screen.stop()


@pytest.fixture(scope="session")
def model_server() -> Iterator[FakeOpenAIServer]:
    yield from serving(FakeOpenAIServer(models=(MODEL,), wait_timeout=60.0).start())


@pytest.fixture(scope="module")
def session(
    desktop: Desktop, model_server: FakeOpenAIServer, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Session]:
    """A fresh data folder and the real app on it, ended with SIGTERM (it must exit 0)."""
    env = app_environ(desktop, model_server.base_url, MODEL)
    with running_app(tmp_path_factory.mktemp("data"), env, model_server) as session:
        until(
            lambda: (
                "active" in session.ax.one("the main window", role="frame", name="Concierge").states
            ),
            "the main window to be active",
        )
        yield session


@pytest.fixture(autouse=True)
def _no_leftover_replies(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that stopped half-way leaves scripted replies: the next one starts without them."""
    yield
    if "session" in request.fixturenames:
        request.getfixturevalue("model_server").discard_replies()
