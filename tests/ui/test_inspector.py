"""The inspector shows the system prompt, the latest snapshot and usage with cached tokens."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.modeltest import ModelTester
from pytestqt.qtbot import QtBot

from concierge.agent import (
    ContextPart,
    InMemoryHistoryStore,
    RuntimeContext,
    Usage,
)
from concierge.agent.compaction import SUMMARIZER_PROMPT
from concierge.travel.assistant.snapshot_budget import estimate_tokens
from concierge.ui.inspector import InspectorPanel, UsageTableModel, describe_timings
from tests.fakes import FakeOpenAIServer, Reply
from tests.ui.support import (
    LONG_FIRST_QUESTION,
    TIGHT_BUDGET,
    agent_for,
    script_compaction_before_the_second_turn,
)

LONG_PROMPT = "You plan calm, well-paced trips for families. " * 200
"""Well over 1,024 tokens, so the second call can reuse a cached prefix."""


async def test_inspector_shows_snapshot_and_usage_with_cached_tokens(
    qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    inspector = InspectorPanel()
    qtbot.addWidget(inspector)
    inspector.show()
    agent = agent_for(
        fake_openai.base_url, history=InMemoryHistoryStore(), system_prompt=LONG_PROMPT
    )
    destination = ["Porto"]
    agent.add_context_provider(lambda _s: f"Destination: {destination[0]}", name="trip")
    agent.add_context_provider(lambda _s: None, name="selection")
    inspector.bind(agent, LONG_PROMPT)
    assert inspector.system_prompt.toPlainText() == LONG_PROMPT
    assert inspector.system_prompt.isReadOnly()

    fake_openai.script(Reply.text("First."), Reply.text("Second."))
    await agent.process_request("Plan day one")
    destination[0] = "Braga"
    await agent.process_request("And day two")

    snapshot = inspector.snapshot.text.toPlainText()
    assert "Destination: Braga" in snapshot
    assert snapshot == fake_openai.chat_requests[1]["messages"][-1]["content"]
    timings = inspector.snapshot.timings.text()
    assert timings.startswith("Iteration 1 · resolved in ")
    assert "trip " in timings and "selection " in timings and "(empty)" in timings

    model = inspector.usage
    assert model.rowCount() == 2
    first, second = (row.usage for row in model.rows)
    assert first.cached_tokens == 0
    assert second.cached_tokens >= 1024
    assert second == agent.usage_log[1]

    def cell(row: int, column: int) -> object:
        return model.data(model.index(row, column))

    assert cell(1, 0) == "1"
    assert cell(1, 1) == f"{second.prompt_tokens:,}"
    assert cell(1, 2) == f"{second.cached_tokens:,}"
    assert cell(1, 3) == f"{second.cached_share:.0%}"
    assert cell(1, 4) == f"{second.completion_tokens:,}"
    assert "2 calls" in inspector.totals.text()

    inspector.unbind()
    assert model.rowCount() == 0
    assert inspector.snapshot.text.toPlainText() == ""
    fake_openai.script(Reply.text("Unobserved."))
    await agent.process_request("Day three")
    assert model.rowCount() == 0


async def test_inspector_shows_summary_requests_and_what_compaction_did(
    qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    inspector = InspectorPanel()
    qtbot.addWidget(inspector)
    agent = agent_for(fake_openai.base_url, history=InMemoryHistoryStore(), compaction=TIGHT_BUDGET)
    inspector.bind(agent, agent.system_prompt)
    assert inspector.compaction.isHidden()

    script_compaction_before_the_second_turn(fake_openai)
    await agent.process_request(LONG_FIRST_QUESTION)
    await agent.process_request("Second question")

    summarizing = [
        body["messages"][0]["content"] == SUMMARIZER_PROMPT for body in fake_openai.chat_requests
    ]
    assert summarizing[0] is False and summarizing[-1] is False and all(summarizing[1:-1])
    model = inspector.usage
    labels = [model.data(model.index(row, 0)) for row in range(model.rowCount())]
    assert labels == ["1", *["1 · summary"] * (len(summarizing) - 2), "1"]
    assert [row.summary for row in model.rows] == summarizing
    assert f"{len(summarizing)} calls" in inspector.totals.text()
    assert not inspector.compaction.isHidden()
    assert inspector.compaction.text().startswith("Before call 1, 2 earlier messages were ")

    inspector.unbind()
    assert inspector.compaction.isHidden() and not inspector.compaction.text()


def test_usage_model_passes_the_model_tester(qtmodeltester: ModelTester) -> None:
    model = UsageTableModel()
    model.add(1, Usage(prompt_tokens=1500, completion_tokens=20, cached_tokens=1280))
    model.add(2, Usage(prompt_tokens=1600, completion_tokens=5, cached_tokens=0))
    model.add(1, Usage())
    qtmodeltester.check(model)
    assert model.data(model.index(0, 3)) == "85%"
    assert model.data(model.index(2, 3)) == "—"
    assert model.headerData(2, Qt.Orientation.Horizontal) == "Cached"
    tooltip = model.headerData(2, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert tooltip == "Prompt tokens the server reused from its cache"


def test_timings_name_every_provider() -> None:
    context = RuntimeContext(
        text="x",
        parts=(ContextPart("trip", "x", 0.0021), ContextPart("goals", None, 0.0001)),
        iteration=3,
        seconds=0.0025,
    )
    assert describe_timings(context) == (
        "Iteration 3 · resolved in 2.5 ms — trip 2.1 ms, goals 0.1 ms (empty)"
    )


async def test_inspector_shows_the_snapshot_size_against_its_budget(
    qtbot: QtBot, fake_openai: FakeOpenAIServer
) -> None:
    inspector = InspectorPanel()
    qtbot.addWidget(inspector)
    inspector.show()
    agent = agent_for(fake_openai.base_url, history=InMemoryHistoryStore())
    agent.add_context_provider(lambda _s: "Trip: Porto, " * 40, name="trip")
    inspector.bind(agent, "Static.", snapshot_budget=1_500)
    assert not inspector.snapshot.size_label.isVisible()

    fake_openai.script(Reply.text("Done."))
    await agent.process_request("Plan it")

    sent = fake_openai.chat_requests[0]["messages"][-1]["content"]
    size = inspector.snapshot.size_label
    assert size.isVisible()
    assert size.text() == f"Snapshot size: {estimate_tokens(sent):,} / 1,500 tokens (estimated)"
    assert estimate_tokens(sent) > 200  # the forty repeats are counted, not a fixed text
    inspector.unbind()
    assert not size.isVisible()
