"""Attached documents never reach the model: the trip snapshot and `read_trip` say only how
many are on file (per trip and per item), never a file's name, contents, hash or where it is
stored, whatever tool the model calls."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from concierge.agent.openai_model import OpenAIChatModel
from concierge.store import DocumentRecord
from concierge.travel.assistant.trip_assistant import build_trip_assistant
from concierge.travel.services import TravelServices
from tests.agent.support import client_for, snapshot_of, tool_results
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec

SECRET_NAME = "TAP booking QX7Y2Z Jane Doe.pdf"
SECRET_CONTENT = b"%PDF-1.4 PNR QX7Y2Z passport P1234567"


def secrets_of(documents: list[DocumentRecord], data_dir: Path) -> list[str]:
    found = [SECRET_NAME, "QX7Y2Z", "P1234567", "Jane Doe", str(data_dir), "documents/"]
    for document in documents:
        found += [document.file_name, document.stored_name, document.sha256, document.note]
    return [text for text in found if text]


async def test_the_model_learns_only_how_many_documents_are_on_file(
    services: TravelServices, fake_openai: FakeOpenAIServer, tmp_path: Path
) -> None:
    trip = (await services.trips.create({"title": "Japan", "start_date": "2027-04-01"})).record
    flight = (
        await services.itinerary.add(trip.id, {"day": date(2027, 4, 2), "title": "Flight"})
    ).record
    hotel = (
        await services.itinerary.add(trip.id, {"day": date(2027, 4, 2), "title": "Hotel"})
    ).record
    ticket = tmp_path / SECRET_NAME
    ticket.write_bytes(SECRET_CONTENT)
    photo = tmp_path / "IMG_QX7Y2Z.jpg"
    photo.write_bytes(b"\xff\xd8\xff photo of the voucher")
    await services.documents.attach(ticket, trip_id=trip.id, item_id=flight.id, note="Jane Doe")
    await services.documents.attach(photo, trip_id=trip.id)
    services.selection.select_trip(trip.id)
    services.selection.select_items((flight.id,))
    documents = await services.documents.for_trip(trip.id)

    agent = build_trip_assistant(
        services, trip.id, OpenAIChatModel(client_for(fake_openai), model="fake-model")
    )
    fake_openai.script(
        Reply.tool_calls(
            ToolCallSpec("read_trip", {}),
            ToolCallSpec("read_trip", {"search": "hotel"}),
            ToolCallSpec(
                "edit_itinerary", {"action": "update", "item_id": flight.id[:8], "place": "LIS"}
            ),
            ToolCallSpec(
                "edit_itinerary", {"action": "move", "item_id": flight.id[:8], "position": 1}
            ),
            ToolCallSpec(
                "edit_itinerary", {"action": "add", "day": "2027-04-03", "title": "Temple"}
            ),
        ),
        Reply.text("Done."),
    )
    await agent.process_request("What do I have on file?")

    first = snapshot_of(fake_openai.chat_requests[0]) or ""
    assert "Documents: 2 documents on file" in first
    flight_line = next(line for line in first.splitlines() if "Flight" in line)
    assert flight_line.endswith("[document on file]")
    hotel_line = next(line for line in first.splitlines() if "Hotel" in line)
    assert "on file" not in hotel_line
    (read, found, *_others) = tool_results(fake_openai.chat_requests[1])
    assert "Documents: 2 documents on file" in read
    assert f"[{hotel.id[:8]}]" in found
    everything = json.dumps(fake_openai.chat_requests, ensure_ascii=False)
    context = (await agent.get_runtime_context()).text or ""
    assert "Documents: 2 documents on file" in context
    for secret in secrets_of(documents, services.data_dir):
        assert secret not in everything, secret
        assert secret not in context, secret
