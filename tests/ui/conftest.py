"""Fixtures shared by the UI tests: the chat panel, shut down cleanly after each test."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from pytestqt.qtbot import QtBot

from concierge.ui.chat import ChatPanel


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
