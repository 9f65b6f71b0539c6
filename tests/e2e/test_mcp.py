"""Another assistant writing while the real window is open: `concierge mcp`, a real process as
a client's configuration starts it, driven over stdio by the SDK's own client, changes the
trip; the window shows the change marked with the client's name, and the window's next model
request carries it."""

from __future__ import annotations

import asyncio

from mcp import Client
from mcp.types import Implementation

from tests.fakes.replies import Reply
from tests.mcp.support import CLIENT, server_command, text_of

from .chat import runtime_context, send, wait_idle, wait_requests
from .desktop import Session, until
from .trip_form import editor

NOTES = "Port tasting at Graham's on the first evening"
MARK = f"Changed by {CLIENT}"


async def notes_through_mcp(session: Session, notes: str) -> str:
    """The client's one call: the trip's notes, as its model would set them."""
    async with Client(
        server_command(session.app.data_dir),
        client_info=Implementation(name=CLIENT, version="1.0"),
    ) as client:
        result = await client.call_tool("update_trip", {"notes": notes})
    assert not result.is_error, text_of(result)
    return text_of(result)


def test_an_mcp_clients_write_shows_in_the_open_window_and_the_next_model_request(
    session: Session,
) -> None:
    said = asyncio.run(notes_through_mcp(session, NOTES))
    assert NOTES in said

    until(
        lambda: editor(session, "Notes").text == NOTES,
        lambda: f"the window's Notes to show the client's write ({editor(session, 'Notes')})",
    )
    until(
        lambda: MARK in editor(session, "Notes").description,
        lambda: f"the Notes marked {MARK!r} ({editor(session, 'Notes').description!r})",
    )
    programs = session.app.query(
        "SELECT DISTINCT program FROM change_log WHERE entity = 'trip' AND after LIKE ?",
        f"%{NOTES}%",
    )
    assert [row["program"] for row in programs] == [CLIENT]

    before = len(session.server.chat_requests)
    session.server.script(Reply.text("A tasting it is."))
    send(session, "What did the other assistant plan?")
    request = wait_requests(session, before + 1)[before]
    wait_idle(session)
    assert f"Notes: {NOTES}" in runtime_context(request)
