"""The trip assistant summarizes older turns once its conversation passes the context budget."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from concierge.agent import COMPACTION_LABEL, Provenance
from concierge.agent.compaction import SUMMARIZER_PROMPT
from concierge.agent.openai_model import OpenAIChatModel
from concierge.travel.assistant.trip_assistant import build_trip_assistant, trip_history
from concierge.travel.places.index import PlaceIndex
from concierge.travel.services import open_services
from tests.agent.support import Recorder, client_for
from tests.fakes import FakeOpenAIServer, Reply


def _answer(body: dict[str, Any]) -> Reply:
    if body["messages"][0]["content"] == SUMMARIZER_PROMPT:
        return Reply.text("The person is planning a long trip.")
    return Reply.text("Noted. " + "detail " * 300)


async def test_the_trip_assistant_compacts_at_a_small_budget(
    tmp_path: Path, places: PlaceIndex, fake_openai: FakeOpenAIServer
) -> None:
    services = open_services(tmp_path, places=places)
    try:
        trip = (await services.trips.create({"title": "A long plan"})).record
        model = OpenAIChatModel(client_for(fake_openai), model="fake-model")
        agent = build_trip_assistant(services, trip.id, model, context_budget=12_000)
        recorder = Recorder()
        agent.subscribe(recorder)
        fake_openai.script(*(Reply.dynamic(_answer) for _ in range(12)))
        turns = 0
        while not recorder.of("compaction"):
            turns += 1
            assert turns <= 10, "the conversation was never compacted"
            await agent.process_request(f"Day {turns}: " + "plans " * 300)

        last = fake_openai.chat_requests[-1]["messages"]
        assert last[1]["content"].startswith(COMPACTION_LABEL)
        assert last[-2]["content"].startswith(f"Day {turns}: ")
        stored = await trip_history(services, trip.id).load()
        assert [m.provenance for m in stored].count(Provenance.COMPACTION) == 1
        assert len(stored) == 2 * turns + 1  # nothing deleted
    finally:
        await services.lookups.aclose()
        services.close()


async def test_with_changes_only_compaction_comes_and_the_state_starts_again_in_full(
    tmp_path: Path, places: PlaceIndex, fake_openai: FakeOpenAIServer
) -> None:
    """The trip's notes are rewritten before every turn, so each call adds an update of the
    notes line, kept in place; with the person's words they bring the input
    past the budget within a few turns (the estimate counts them; without a server's usage
    to calibrate on, tests/agent/test_context_updates.py shows it is that count); the summary
    request carries no runtime context, and the call after it starts again from one full
    snapshot holding the latest notes."""
    services = open_services(tmp_path, places=places)
    try:
        trip = (await services.trips.create({"title": "A long plan"})).record
        model = OpenAIChatModel(client_for(fake_openai), model="fake-model")
        agent = build_trip_assistant(
            services, trip.id, model, context_budget=6_000, context_updates=True
        )
        recorder = Recorder()
        agent.subscribe(recorder)
        fake_openai.script(
            *(
                Reply.dynamic(
                    lambda body: (
                        Reply.text("Earlier: notes were rewritten.")
                        if body["messages"][0]["content"] == SUMMARIZER_PROMPT
                        else Reply.text("Noted.")
                    )
                )
                for _ in range(16)
            )
        )
        turns = 0
        while not recorder.of("compaction"):
            turns += 1
            assert turns <= 12, "the conversation was never compacted"
            notes = f"Version {turns}: " + f"plan {turns} " * 70
            await services.trips.update(trip.id, {"notes": notes})
            await agent.process_request(f"Turn {turns}: " + "and another thing, " * 40)

        def runtime(body: dict[str, Any]) -> list[str]:
            return [
                m["content"]
                for m in body["messages"]
                if m["role"] == "user" and m["content"].startswith("[Runtime context")
            ]

        bodies = fake_openai.chat_requests
        summary = next(b for b in bodies if b["messages"][0]["content"] == SUMMARIZER_PROMPT)
        assert runtime(summary) == []
        before = bodies[bodies.index(summary) - 1]
        assert len(runtime(before)) == turns - 1 >= 3
        [restart] = runtime(bodies[-1])
        assert restart.startswith("[Runtime context #1: it replaces all earlier runtime context")
        assert f"Version {turns}: plan {turns}" in restart
        assert bodies[-1]["messages"][1]["content"].startswith(COMPACTION_LABEL)
    finally:
        await services.lookups.aclose()
        services.close()
