"""Fixtures shared by the UI tests: the chat panel, shut down cleanly after each test, and the
window's language for one test (Portuguese, or the pseudo-translation that brackets every
translated string)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from pytestqt.qtbot import QtBot

from concierge.ui.chat import ChatPanel
from concierge.ui.i18n import install_language
from tests.ui.visible_text import pseudo_language


@pytest.fixture
async def chat_panel(qtbot: QtBot) -> AsyncIterator[ChatPanel]:
    """A shown chat panel; a failure in any of its background tasks fails the test."""
    widget = ChatPanel()
    qtbot.addWidget(widget)
    failures: list[tuple[str, BaseException]] = []
    widget.task_failed.connect(lambda name, error: failures.append((name, error)))
    widget.resize(640, 720)
    widget.show()
    yield widget
    await widget.shutdown()
    assert not failures, f"background tasks failed: {failures}"


@pytest.fixture
def portuguese(qapp: object) -> Iterator[None]:
    """The window in Brazilian Portuguese for one test, English again after it."""
    install_language("pt_BR")
    try:
        yield
    finally:
        install_language("en")


@pytest.fixture
def pseudo(qapp: object) -> Iterator[None]:
    """Every translated string bracketed, ⟦…⟧, for one test (`tests.ui.visible_text`)."""
    with pseudo_language():
        yield
