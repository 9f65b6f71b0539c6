"""`concierge mcp` beside the open window: a real server process, spoken to by the SDK's own
client, adds an item; the open window shows it marked with the client's name, and the window's
next model request carries it; a proposal waits in the review panel under the client's name;
the person's typing in the window's form reaches the client as a notification and in its next
result."""

from __future__ import annotations

import asyncio
import json
import warnings
from pathlib import Path

import pytest
from mcp import Client, MCPDeprecationWarning
from mcp.types import Implementation
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from concierge.mcp.resource_updates import context_uri
from concierge.mcp.trip_server import TripServer
from concierge.model.settings import ASSISTANT_EDITS, EditMode
from concierge.travel.services import open_services
from concierge.ui.main_window import MainWindow
from tests.fakes import FakeOpenAIServer, Reply
from tests.ui import trips_support
from tests.ui.test_import_queue import chat_requests
from tests.ui.trips_support import Running, focus, tab, type_text
from tests.ui.waiting import until

from .support import CLIENT, Heard, server_command, text_of

running = trips_support.connected_running
pytestmark = pytest.mark.qt_async

DAY = "2027-04-10"
WAIT = 30.0
"""Generous: two cores shared by many test runs; the app aims at well under a second."""


async def dated_trip(running: Running) -> MainWindow:
    """The window started, its trip given the days the client writes to."""
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None and running.services.outside.running
    await running.services.trips.update(
        trip_id, {"start_date": "2027-04-09", "end_date": "2027-04-12"}
    )
    await until(lambda: window.trip_form.record is not None and window.trip_form.record.start_date)
    return window


async def add_through_mcp(folder: Path, trip_id: str, title: str) -> str:
    """The client's one call, on a loop of its own: the window's loop stays the window's."""
    async with Client(
        server_command(folder),
        mode="legacy",
        client_info=Implementation(name=CLIENT, version="1.0"),
    ) as session:
        result = await session.call_tool(
            "edit_itinerary", {"trip": trip_id, "action": "add", "day": DAY, "title": title}
        )
    assert not result.is_error, text_of(result)
    return text_of(result)


async def test_an_mcp_clients_write_shows_in_the_open_window_marked_with_its_name(
    running: Running, qtbot: QtBot, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    services = running.services
    window = await dated_trip(running)
    trip_id = window.session.trip_id
    assert trip_id is not None

    folder = tmp_path / "data"
    said = await asyncio.to_thread(asyncio.run, add_through_mcp(folder, trip_id, "Port tasting"))
    assert "Port tasting" in said
    [item] = [i for i in await services.itinerary.items(trip_id) if i.title == "Port tasting"]
    view = window.itinerary
    await until(lambda: view.model.index_of_item(item.id, 1).isValid(), WAIT)
    index = view.model.index_of_item(item.id, 1)
    assert index.data(Qt.ItemDataRole.ToolTipRole) == f"Added by {CLIENT}"

    fake_openai.script(Reply.text("A tasting it is."))
    await until(lambda: window.chat.runnable is not None and not window.chat.loading)
    window.chat.composer.edit.setFocus()
    qtbot.keyClicks(window.chat.composer.edit, "What is on the second day?")
    qtbot.keyClick(
        window.chat.composer.edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier
    )
    await until(lambda: bool(chat_requests(fake_openai)), WAIT)
    assert "Port tasting" in json.dumps(chat_requests(fake_openai)[0]["messages"])
    await until(lambda: window.chat.busy is False, WAIT)


async def test_an_mcp_clients_proposal_waits_in_the_review_panel_named_for_it(
    running: Running, tmp_path: Path
) -> None:
    window = await dated_trip(running)
    trip_id = window.session.trip_id
    assert trip_id is not None
    await running.services.settings.set(ASSISTANT_EDITS, EditMode.PROPOSE)

    said = await asyncio.to_thread(
        asyncio.run, add_through_mcp(tmp_path / "data", trip_id, "Port tasting")
    )
    assert "Port tasting" in said
    panel = window.proposals_panel
    await until(lambda: panel.list.count() == 1, WAIT)
    row = panel.list.item(0).text()
    assert "Port tasting" in row and f"Proposed by {CLIENT}" in row
    assert panel.isVisible()
    titles = {item.title for item in await running.services.itinerary.items(trip_id)}
    assert "Port tasting" not in titles


async def test_a_form_edit_between_two_calls_is_announced_and_shows_in_the_second_result(
    running: Running, qtbot: QtBot, tmp_path: Path
) -> None:
    """The server in this process, on a database opening of its own (another program to the
    window); the person types into the window's trip form between the client's two calls."""
    window = await running.start()
    trip_id = window.session.trip_id
    assert trip_id is not None
    served = open_services(tmp_path / "data", program="concierge mcp")
    await served.outside.start()
    server = TripServer(served)
    heard = Heard()
    uri = context_uri(trip_id)
    try:
        async with Client(
            server.server,
            mode="legacy",
            client_info=Implementation(name=CLIENT, version="1.0"),
            message_handler=heard,
        ) as session:
            first = text_of(await session.call_tool("trip_context", {}))
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", MCPDeprecationWarning)
                await session.subscribe_resource(uri)
            await focus(window.trip_form.fields.notes_edit)
            type_text(qtbot, "Ferry to Cacilhas")
            tab(qtbot)
            await heard.update_of(uri)
            second = text_of(await session.call_tool("read_trip", {"page": 1}))
    finally:
        server.close()
        await served.aclose()
        served.close()
    assert "Ferry to Cacilhas" not in first
    changes = second.split("[What changed in the trip since your last call", 1)[1]
    assert "+ Notes: Ferry to Cacilhas" in changes
