"""Driving the chat with real input and reading what the model server was sent."""

from __future__ import annotations

from typing import Any

from .desktop import Node, Session, until
from .trip_form import click_away

TURN_TIMEOUT = 30.0


def message_text(message: dict[str, Any]) -> str:
    """A chat message's text, whether its content is a string or a list of parts."""
    content = message.get("content")
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(part.get("text", "")) for part in content if isinstance(part, dict))
    return ""


def runtime_context(body: dict[str, Any]) -> str:
    """The snapshot of application state a request carried: its last user-role message,
    which the runtime appends after the stored conversation."""
    users = [m for m in body["messages"] if m.get("role") == "user"]
    assert users, body["messages"]
    return message_text(users[-1])


def wait_requests(session: Session, count: int) -> list[dict[str, Any]]:
    """The chat requests once at least `count` have arrived."""
    until(
        lambda: len(session.server.chat_requests) >= count, f"{count} model requests", TURN_TIMEOUT
    )
    return session.server.chat_requests


def stop_button(session: Session) -> Node:
    return session.ax.one("the Stop button", name="Stop", role="push button")


def wait_idle(session: Session) -> None:
    """Wait until no turn runs (Stop is disabled again)."""
    until(lambda: not stop_button(session).enabled, "the turn to end", TURN_TIMEOUT)


def wait_running(session: Session) -> None:
    until(lambda: stop_button(session).enabled, "a turn to start", TURN_TIMEOUT)


def transcript(session: Session) -> str:
    node = session.ax.one("the conversation", name="Conversation")
    return node.text or ""


def send(session: Session, text: str) -> None:
    """Click into the message field (leaving any form field), type `text` and send it
    with Ctrl+Enter, without pausing in between."""
    click_away(session)
    session.input.key("ctrl+a")
    session.input.type(text)
    session.input.key("ctrl+Return")
