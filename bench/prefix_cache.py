"""Prefix-cache reuse over a 21-call session in which the trip, the trip brief, the goals
and the pinned context all change on every call.

One request makes 21 model calls (20 tool-call replies, then the final answer) against the
loopback fake OpenAI server, whose prefix cache follows OpenAI's rules: nothing below 1,024
tokens, hits reported in 128-token steps above that, routing by the first 256 tokens plus
`prompt_cache_key`. Tokens are counted by the fake server's tokenizer over its canonical
prompt (the tools JSON, then each message's JSON), the same ruler for all three rows.

The app side is real: each row opens `open_services` on a fresh SQLite database in a
temporary folder, with the app's instructions, tools (`TripTools`, the lookup tools and the
trip features' tools, in `build_trip_assistant`'s order) and providers: the trip provider
and the default status providers of the trip brief (`FormFeature`), goals (`GoalFeature`)
and pins (`PinFeature`). The lookups and selection providers are left out: they would say
nothing in this session.

What changes when. The person starts the trip ("Porto with Ana"), one goal ("Flights
booked") and one all-trip pin ("No red-eye flights"), then sends the request. Tool call k
changes one block, rotating trip → brief → goals → pinned: update_trip or
add_itinerary_item; fill_form or retract_form_answer; add_goal or complete_goal; pin.
During model call k (after its context was resolved, before tool k runs) the person changes
the other three blocks as the panels would, by direct repository writes as the person:
trip fields and itinerary items; brief answers read by the form engine; goals added,
completed (then shown once as completed since last seen), reopened or renamed; pins added,
edited or removed. STEPS lists every edit. So between two model calls every block changes.
The brief's accommodation question stays unanswered, so the brief keeps its status block
throughout. Record ids (goals, pins, itinerary items) are hashes of a counter per kind
instead of uuid4 (patched into those store modules), so every row and every run sees the
same ids and the script can name them; a failed tool call stops the script.

(a) runtime   The real `Agent` (built with `AgentBuilder`, features installed with their
              default status) + `OpenAIChatModel` + `openai.AsyncOpenAI`; the runtime
              appends the resolved providers as the last message. Cached share =
              Σ cached_tokens / Σ prompt_tokens as the server reported them.
(b) baseline  The same session with no provider registered (features installed with
              `inject_status=False`): a thin model adapter resolves the same four providers
              with the runtime's own resolver once per model call (so goals are marked seen
              exactly as often as in (a)) and appends the resulting text to the system
              prompt, the design that providers replaced. Same text, other place. The
              static head (tools, which the canonical prompt puts first, then instructions)
              still caches; the conversation after the changed section never does.
(c) limit     What any runtime could reach with this content. The script rebuilds the 20
              prompts itself, without the runtime, on a fresh database: it calls the same
              provider functions, renders them under the runtime's label and headings,
              makes the person's edits and calls the tool handlers directly, in the ideal
              layout: static head, append-only conversation, state as the very last
              message. A prompt can reuse at most the longest prefix it shares with an
              earlier prompt; the conversation only grows, so the best earlier prompt is the
              previous one and the shared part runs up to where its state message began
              (plus any message framing that happens to coincide). For call i > 1:
              cached_i = that common-prefix length in tokens, rounded down to a reportable
              size (0 below 1,024, else 1,024 + 128·k); call 1 has no predecessor and
              scores 0. The limit is Σ cached_i / Σ prompt_i over the 20 reference prompts.

"share of limit" is a row's cached share divided by (c)'s. Budget (ARCHITECTURE.md): (a)
reaches ≥ 98% of (c). Note lines report how many of (a)'s requests equal the reference
prompts byte for byte, on how many calls each block differed from the previous call, and
whether (b)'s system-prompt state equals (a)'s snapshots. The agent keeps its default
`summarize_tool_results=True`; the script checks that it changes no request here (all
results belong to the current turn).
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import sys
import tempfile
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from contextlib import ExitStack, asynccontextmanager, contextmanager
from dataclasses import dataclass, replace
from datetime import date, time
from decimal import Decimal
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pydantic import JsonValue

import concierge.store.goals
import concierge.store.itinerary
import concierge.store.pins
from bench.harness import loopback_client, print_table, verdict
from concierge.agent import (
    RUNTIME_CONTEXT_LABEL,
    AbortSignal,
    Agent,
    AgentBuilder,
    AgentEvent,
    ContextPart,
    ContextProvider,
    Message,
    ModelAdapter,
    ModelReply,
    ModelRequest,
    Notice,
    RuntimeContextEvent,
    Tool,
    ToolContext,
    ToolOutput,
    ToolResult,
    ToolStatus,
    TurnResult,
)
from concierge.agent.context import ContextProviders
from concierge.agent.model_input import build_model_input, summary_boundary
from concierge.agent.openai_model import OpenAIChatModel
from concierge.store import Actor, ChangeContext
from concierge.travel.assistant.instructions import INSTRUCTIONS
from concierge.travel.assistant.lookup_tools import lookup_tools
from concierge.travel.assistant.providers import trip_provider
from concierge.travel.assistant.trip_assistant import PROVIDER_TIMEOUT, trip_features, trip_history
from concierge.travel.assistant.trip_tools import TripTools
from concierge.travel.forms import TRIP_BRIEF
from concierge.travel.places import PlaceIndex
from concierge.travel.services import TravelServices, open_services
from tests.fakes import FakeOpenAIServer, Reply, ToolCallSpec, count_tokens, tokenize
from tests.fakes.prefix_cache import CACHE_STEP_TOKENS, MIN_CACHED_TOKENS, canonical_prompt

TARGET_SHARE_OF_LIMIT = 0.98
BLOCKS = ("trip", "brief", "goals", "pinned")

REQUEST = (
    "Plan three relaxed days in Porto for Ana and me, 14 to 17 May, about 1,800 euros. Ana "
    "would rather avoid steep climbs after lunch, and we'd love a day trip to Guimarães. "
    "Keep the brief, the goals and the pins up to date; I'm filling things in on my side too."
)
FINAL_ANSWER = (
    "Your Porto trip is set up: three relaxed days from Wednesday 14 May with ten planned "
    "items, and the brief is filled in except where you'd like to stay. Still open: travel "
    "insurance, the birthday dinner and Saturday's check-out time."
)


# -- deterministic record ids ----------------------------------------------------------------


def record_id(kind: str, number: int) -> str:
    """The id of the `number`-th record of `kind` ("goal", "pin", "item") in every row."""
    digest = hashlib.sha256(f"{kind} {number}".encode()).digest()
    return uuid.UUID(bytes=digest[:16], version=4).hex


def ref(kind: str, number: int) -> str:
    """The short id the snapshots show and the tools take back."""
    return record_id(kind, number)[:8]


class _CountedIds:
    """Stands in for the `uuid` module of one store module: the n-th uuid4() is
    `record_id(kind, n)`."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.issued = 0

    def uuid4(self) -> uuid.UUID:
        self.issued += 1
        return uuid.UUID(hex=record_id(self.kind, self.issued))


@contextmanager
def counted_ids() -> Iterator[None]:
    """Goal, pin and itinerary-item ids from a fresh counter per kind (random otherwise, and
    the short ids are text the cache sees)."""
    modules = {
        "goal": concierge.store.goals,
        "pin": concierge.store.pins,
        "item": concierge.store.itinerary,
    }
    with ExitStack() as stack:
        for kind, module in modules.items():
            stack.enter_context(mock.patch.object(module, "uuid", _CountedIds(kind)))
        yield


# -- the person's edits in the panels ---------------------------------------------------------


@dataclass(frozen=True)
class Desk:
    """One row's app: services on a fresh database, and the trip of the session."""

    services: TravelServices
    trip_id: str


PersonEdit = Callable[[Desk], Awaitable[object]]
"""One write the person makes in a panel: a repository call with the person's context."""


def person() -> ChangeContext:
    return ChangeContext(actor=Actor.PERSON)


def edit_trip(**changes: object) -> PersonEdit:
    return lambda d: d.services.editor.apply(d.trip_id, changes, context=person())


def add_item(day: str, at: str, title: str, place: str) -> PersonEdit:
    values = {
        "day": date.fromisoformat(day),
        "start_time": time.fromisoformat(at),
        "title": title,
        "place": place,
    }
    return lambda d: d.services.itinerary.add(d.trip_id, values, context=person())


def answer(**raw: object) -> PersonEdit:
    """Brief answers as the brief panel saves them: read by the form engine, then stored."""
    values: dict[str, JsonValue] = {name: TRIP_BRIEF.parse(name, v) for name, v in raw.items()}
    return lambda d: d.services.forms.apply(d.trip_id, TRIP_BRIEF.id, values, context=person())


def add_goal(title: str) -> PersonEdit:
    return lambda d: d.services.goals.add(d.trip_id, title, context=person())


def complete_goal(number: int) -> PersonEdit:
    return lambda d: d.services.goals.complete(record_id("goal", number), context=person())


def reopen_goal(number: int) -> PersonEdit:
    return lambda d: d.services.goals.reopen(record_id("goal", number), context=person())


def rename_goal(number: int, title: str) -> PersonEdit:
    return lambda d: d.services.goals.rename(record_id("goal", number), title, context=person())


def add_pin(text: str, *, all_trips: bool = False) -> PersonEdit:
    def write(d: Desk) -> Awaitable[object]:
        return d.services.pins.add(text, trip_id=None if all_trips else d.trip_id, context=person())

    return write


def edit_pin(number: int, text: str) -> PersonEdit:
    return lambda d: d.services.pins.update_text(record_id("pin", number), text, context=person())


def remove_pin(number: int) -> PersonEdit:
    return lambda d: d.services.pins.remove(record_id("pin", number), context=person())


async def make(desk: Desk, edits: Sequence[PersonEdit]) -> None:
    """Apply `edits` in order, then let the form filler settle the answers they changed."""
    for edit in edits:
        await edit(desk)
    await desk.services.form_filler.idle()


# -- the scripted session: 20 tool calls, then the final answer ------------------------------

TRIP_TITLE = "Porto with Ana"
BEFORE_REQUEST = (add_goal("Flights booked"), add_pin("No red-eye flights", all_trips=True))
"""Goal 1 and pin 1: what the person set up before asking."""


@dataclass(frozen=True)
class Step:
    """Tool call `id` of the model, and what the person edits while the model composes it."""

    id: str
    name: str
    arguments: str
    person: tuple[PersonEdit, ...]


def call(name: str, **arguments: Any) -> tuple[str, dict[str, Any]]:
    return name, arguments


def _steps(*steps: tuple[tuple[str, dict[str, Any]], *tuple[PersonEdit, ...]]) -> tuple[Step, ...]:
    return tuple(
        Step(f"call_{n:02d}", name, json.dumps(args, ensure_ascii=False), tuple(edits))
        for n, ((name, args), *edits) in enumerate(steps, 1)
    )


def _item(day: str, at: str, title: str, place: str) -> tuple[str, dict[str, Any]]:
    return call("add_itinerary_item", day=day, start_time=at, title=title, place=place)


# Goals and pins are numbered in creation order, whoever creates them (1 = BEFORE_REQUEST's).
STEPS = _steps(
    (call("edit_stops", action="add", place="OPO"),),
    (
        call(
            "update_trip",
            start_date="2025-05-14",
            end_date="2025-05-17",
            travellers=2,
            pace="relaxed",
        ),
        answer(party="couple"),
        add_goal("Train tickets to Guimarães bought"),  # goal 2
        add_pin("Ana avoids steep climbs after lunch"),  # pin 2
    ),
    (
        call(
            "fill_form",
            values={"ages": [34, 36], "accessibility": "Ana: no steep climbs after lunch"},
        ),
        edit_trip(budget_amount=Decimal(1800)),
        complete_goal(1),
        add_pin("Window seats on trains"),  # pin 3
    ),
    (
        call("add_goal", title="First night's hotel chosen"),  # goal 3
        edit_trip(interests=["food", "wine", "architecture"]),
        answer(diet=["pescatarian"]),
        edit_pin(2, "Ana avoids steep climbs after lunch; mornings are fine"),
    ),
    (
        call("pin", text="Dinner not before 20:00"),  # pin 4
        add_item("2025-05-14", "11:00", "Arrival and hotel check-in", "Miragaia"),
        answer(must_sees=["Livraria Lello"]),
        add_goal("Cellar tour booked"),  # goal 4
    ),
    (
        _item("2025-05-14", "16:30", "Riverside walk to Ribeira", "Cais da Ribeira"),
        answer(avoid=["crowded bus tours"]),
        complete_goal(3),
        remove_pin(3),
    ),
    (
        call(
            "fill_form",
            values={
                "must_sees": ["Livraria Lello", "Port cellar in Gaia"],
                "diet_notes": "Ana is allergic to shellfish",
            },
        ),
        edit_trip(notes="We land at 10:05 on TP1944."),
        add_goal("Friday dinner booked"),  # goal 5
        add_pin("Prefer trains to buses", all_trips=True),  # pin 5
    ),
    (
        call("complete_goal", goal_id=ref("goal", 4)),
        edit_trip(budget_amount=Decimal(1900)),
        answer(accessibility="Ana: no steep climbs after lunch; lifts where possible"),
        add_pin("Quiet rooms, away from the street"),  # pin 6
    ),
    (
        call("pin", text="Keep the last morning free for the market"),  # pin 7
        add_item("2025-05-14", "20:30", "Fish dinner", "Matosinhos"),
        answer(avoid=["crowded bus tours", "early starts"]),
        reopen_goal(3),
    ),
    (
        _item("2025-05-15", "09:30", "Livraria Lello, timed tickets", "Rua das Carmelitas"),
        answer(diet_notes="Ana is allergic to shellfish; no raw fish"),
        add_goal("Travel insurance checked"),  # goal 6
        remove_pin(4),
    ),
    (
        call(
            "fill_form",
            values={"avoid": ["crowded bus tours", "early starts", "steep streets after lunch"]},
        ),
        edit_trip(interests=["food", "wine", "architecture", "river views"]),
        complete_goal(2),
        edit_pin(6, "Quiet rooms away from the street, high floor"),
    ),
    (
        call("add_goal", title="Guimarães palace tickets bought"),  # goal 7
        add_item("2025-05-15", "11:00", "Clérigos Tower", "Rua de São Filipe de Nery"),
        answer(must_sees=["Livraria Lello", "Port cellar in Gaia", "Guimarães castle"]),
        add_pin("Ana's birthday is on the 16th"),  # pin 8
    ),
    (
        call("pin", text="Cellar tour in English"),  # pin 9
        edit_trip(budget_amount=Decimal(2000)),
        answer(diet=["pescatarian", "lactose-free"]),
        rename_goal(6, "Travel insurance checked for both"),
    ),
    (
        _item("2025-05-15", "15:30", "Port cellar tour", "Vila Nova de Gaia"),
        answer(
            accessibility="Ana: no steep climbs after lunch; lifts where possible; "
            "a rest every two hours"
        ),
        complete_goal(5),
        remove_pin(7),
    ),
    (
        call("fill_form", values={"diet_notes": "Ana is allergic to shellfish"}),
        add_item("2025-05-16", "08:45", "Train to Guimarães", "São Bento station"),
        add_goal("Birthday dinner booked"),  # goal 8
        add_pin("Aisle seat for Ana", all_trips=True),  # pin 10
    ),
    (
        call("complete_goal", goal_id=ref("goal", 7)),
        edit_trip(notes="We land at 10:05 on TP1944 and fly home at 19:40 on Saturday."),
        answer(
            must_sees=["Livraria Lello", "Port cellar in Gaia", "Guimarães castle", "Bolhão market"]
        ),
        edit_pin(8, "Ana's birthday is on Friday 16 May"),
    ),
    (
        call("pin", text="Birthday dinner somewhere with a river view"),  # pin 11
        add_item("2025-05-16", "10:15", "Castle and old town", "Guimarães"),
        answer(avoid=["crowded bus tours", "steep streets after lunch"]),
        complete_goal(3),
    ),
    (
        _item("2025-05-16", "18:30", "Train back to Porto", "Guimarães station"),
        answer(ages=[34, 37]),
        add_goal("Bolhão market hours checked"),  # goal 9
        remove_pin(9),
    ),
    (
        call("retract_form_answer", field="diet_notes"),
        edit_trip(interests=["food", "wine", "river views"]),
        complete_goal(9),
        add_pin("Ana prefers tea to coffee"),  # pin 12
    ),
    (
        call("add_goal", title="Saturday check-out time confirmed"),  # goal 10
        add_item("2025-05-17", "10:00", "Bolhão market", "Bolhão"),
        answer(diet=["pescatarian"]),
        edit_pin(2, "Ana avoids steep climbs after lunch; mornings are fine; lifts welcome"),
    ),
)


def scripted_replies() -> list[Reply]:
    calls = [Reply.tool_calls(ToolCallSpec(s.name, s.arguments, id=s.id), split=3) for s in STEPS]
    return [*calls, Reply.text(FINAL_ANSWER, chunks=8)]


# -- the app side ----------------------------------------------------------------------------


@asynccontextmanager
async def open_desk(places: PlaceIndex) -> AsyncIterator[Desk]:
    """A fresh database in a temporary folder with the trip as the person set it up."""
    with tempfile.TemporaryDirectory(prefix="concierge-bench-") as folder, counted_ids():
        services = open_services(Path(folder), places=places)
        try:
            trip = await services.trips.create({"title": TRIP_TITLE}, context=person())
            desk = Desk(services, trip.id)
            await make(desk, BEFORE_REQUEST)
            yield desk
        finally:
            await services.aclose()
            services.close()


def base_tools(desk: Desk) -> list[Tool[Any]]:
    """The trip and lookup tools; the features add theirs when installed."""
    services, trip_id = desk.services, desk.trip_id
    tools = TripTools(trip_id, services.trips, services.itinerary, services.editor)
    return [*tools.all(), *lookup_tools(services.lookups, trip_id)]


def state_providers(desk: Desk) -> list[tuple[str, ContextProvider]]:
    """The trip provider, then the features' default status providers, in install order."""
    services, trip_id = desk.services, desk.trip_id
    return [
        ("trip", trip_provider(services.trips, services.itinerary, trip_id)),
        *((f.name, f.status_provider()) for f in trip_features(services, trip_id)),
    ]


class PersonAtPanels:
    """Makes step k's panel edits while the model composes reply k (after the call's
    context was resolved, before its tool runs)."""

    def __init__(self, inner: ModelAdapter, desk: Desk) -> None:
        self._inner = inner
        self._desk = desk
        self._calls = 0

    async def respond(
        self, request: ModelRequest, emit: Callable[[AgentEvent], None]
    ) -> ModelReply:
        reply = await self._inner.respond(request, emit)
        if self._calls < len(STEPS):
            await make(self._desk, STEPS[self._calls].person)
        self._calls += 1
        return reply


class StateInSystemPrompt:
    """Baseline adapter: resolves the providers once per call, with the runtime's resolver,
    and appends their text to the system prompt (a mutable system-prompt section)."""

    def __init__(self, inner: ModelAdapter, providers: Sequence[tuple[str, ContextProvider]]):
        self._inner = inner
        self._providers = ContextProviders()
        for name, provider in providers:
            self._providers.add(provider, name=name, timeout=PROVIDER_TIMEOUT)
        self.states: list[dict[str, str]] = []

    async def respond(
        self, request: ModelRequest, emit: Callable[[AgentEvent], None]
    ) -> ModelReply:
        context = await self._providers.resolve(None, request.iteration)
        self.states.append(_texts(context.parts))
        prompt = request.system_prompt
        if context.text is not None:
            prompt = f"{prompt}\n\n{context.text}"
        return await self._inner.respond(replace(request, system_prompt=prompt), emit)


def _texts(parts: Sequence[ContextPart]) -> dict[str, str]:
    return {part.name: part.text for part in parts if part.text}


def build_agent(desk: Desk, model: ModelAdapter, *, inject_status: bool) -> Agent:
    services, trip_id = desk.services, desk.trip_id
    builder = AgentBuilder(
        model=model, system_prompt=INSTRUCTIONS, history=trip_history(services, trip_id)
    )
    for tool in base_tools(desk):
        builder.tool(tool)
    if inject_status:
        provider = trip_provider(services.trips, services.itinerary, trip_id)
        builder.context_provider(provider, name="trip", timeout=PROVIDER_TIMEOUT)
    for feature in trip_features(services, trip_id):
        feature.install(builder, inject_status=inject_status, timeout=PROVIDER_TIMEOUT)
    builder.max_iterations(len(STEPS) + 1)
    return builder.build()


@dataclass(frozen=True)
class Session:
    result: TurnResult
    bodies: list[dict[str, Any]]
    history: list[Message]
    states: list[dict[str, str]]
    """Per model call: provider name → the text it rendered."""

    @property
    def cached(self) -> int:
        return sum(u.cached_tokens for u in self.result.usage)

    @property
    def prompt(self) -> int:
        return sum(u.prompt_tokens for u in self.result.usage)


async def run_session(places: PlaceIndex, *, state_in_system_prompt: bool) -> Session:
    async with open_desk(places) as desk:
        with FakeOpenAIServer() as server:
            server.script(*scripted_replies())
            client = loopback_client(server.base_url)
            model: ModelAdapter = OpenAIChatModel(client, model="fake-model")
            baseline = None
            if state_in_system_prompt:
                model = baseline = StateInSystemPrompt(model, state_providers(desk))
            agent = build_agent(
                desk, PersonAtPanels(model, desk), inject_status=not state_in_system_prompt
            )
            states: list[dict[str, str]] = []

            def record(event: AgentEvent) -> None:
                if isinstance(event, RuntimeContextEvent):
                    states.append(_texts(event.context.parts))

            agent.subscribe(record)
            try:
                result = await agent.process_request(REQUEST)
            finally:
                await client.close()
            history = await agent.history.load()
            if baseline is not None:
                states = baseline.states
            return Session(result, server.chat_requests, history, states)


# -- (c): the ideal prompts, rebuilt without the runtime -------------------------------------


async def reference_prompts(places: PlaceIndex) -> list[str]:
    """Canonical prompts of the session in the ideal layout (state last), one per call."""
    async with open_desk(places) as desk:
        tools = base_tools(desk) + [
            tool
            for feature in trip_features(desk.services, desk.trip_id)
            for tool in feature.tools()
        ]
        by_name = {tool.name: tool for tool in tools}
        specs = [tool.spec() for tool in tools]
        providers = state_providers(desk)
        conversation: list[dict[str, Any]] = [
            {"role": "system", "content": INSTRUCTIONS},
            {"role": "user", "content": REQUEST},
        ]
        prompts: list[str] = []
        for step in (*STEPS, None):
            sections = []
            delivered = []
            for name, provider in providers:
                text = provider(AbortSignal())
                text = await text if isinstance(text, Awaitable) else text
                if isinstance(text, Notice):  # Seen once the call carrying it succeeds.
                    delivered.append(text.on_delivered)
                    text = text.text
                if text and text.strip():
                    sections.append(f"## {name}\n{text.strip()}")
            state = RUNTIME_CONTEXT_LABEL + "\n\n" + "\n\n".join(sections)
            messages = [*conversation, {"role": "user", "content": state}]
            prompts.append(canonical_prompt({"tools": specs, "messages": messages}))
            for deliver in delivered:
                outcome = deliver()
                if isinstance(outcome, Awaitable):
                    await outcome
            if step is None:
                break
            await make(desk, step.person)
            tool = by_name[step.name]
            arguments = tool.input_model.model_validate_json(step.arguments)
            output = await tool.handler(arguments, ToolContext(AbortSignal(), step.id))
            content = output.content if isinstance(output, ToolOutput) else output
            function = {"name": step.name, "arguments": step.arguments}
            tool_call = {"id": step.id, "type": "function", "function": function}
            conversation.append({"role": "assistant", "content": None, "tool_calls": [tool_call]})
            conversation.append({"role": "tool", "tool_call_id": step.id, "content": content})
        return prompts


def reportable(tokens: int) -> int:
    """The largest hit the cache can report for a shared prefix of `tokens` tokens."""
    if tokens < MIN_CACHED_TOKENS:
        return 0
    return tokens - (tokens - MIN_CACHED_TOKENS) % CACHE_STEP_TOKENS


def common_prefix(a: Sequence[str], b: Sequence[str]) -> int:
    length = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        length += 1
    return length


def limit_usage(prompts: Sequence[str]) -> tuple[int, int]:
    """(Σ cached, Σ prompt) tokens at the theoretical limit, as the docstring defines it."""
    token_lists = [tokenize(prompt) for prompt in prompts]
    cached = sum(
        reportable(common_prefix(current, previous))
        for previous, current in itertools.pairwise(token_lists)
    )
    return cached, sum(len(tokens) for tokens in token_lists)


# -- report ----------------------------------------------------------------------------------


def summarization_is_inert(history: list[Message]) -> bool:
    """True when the default tool-result summarization changes nothing in the built input."""
    messages = build_model_input(history, None)
    boundary = summary_boundary(messages)
    return not any(isinstance(m, ToolResult) for m in messages[:boundary])


def changed_blocks(states: Sequence[dict[str, str]]) -> str:
    """For each block, on how many calls its text differed from the previous call's."""
    pairs = list(itertools.pairwise(states))
    counts = [
        f"{block} {sum(before.get(block) != after.get(block) for before, after in pairs)}"
        for block in BLOCKS
    ]
    return f"{', '.join(counts)} of the {len(pairs)} calls after the first"


async def main() -> None:
    places = PlaceIndex()
    places.load()
    runtime = await run_session(places, state_in_system_prompt=False)
    baseline = await run_session(places, state_in_system_prompt=True)
    reference = await reference_prompts(places)
    limit_cached, limit_prompt = limit_usage(reference)
    limit_share = limit_cached / limit_prompt

    tool_errors = sum(
        1
        for session in (runtime, baseline)
        for message in session.history
        if isinstance(message, ToolResult) and message.status is not ToolStatus.OK
    )
    if tool_errors:
        raise SystemExit(f"The scripted session went wrong: {tool_errors} tool call(s) failed.")

    rows: list[list[str]] = []
    for label, cached, prompt, target in (
        ("(a) runtime: state via context providers", runtime.cached, runtime.prompt, True),
        ("(b) baseline: state in system prompt", baseline.cached, baseline.prompt, False),
        ("(c) theoretical limit (state last)", limit_cached, limit_prompt, False),
    ):
        share = cached / prompt
        of_limit = share / limit_share
        rows.append(
            [
                label,
                f"{cached:,}",
                f"{prompt:,}",
                f"{share:.1%}",
                f"{of_limit:.1%}",
                f">= {TARGET_SHARE_OF_LIMIT:.0%} of (c)" if target else "-",
                verdict(of_limit >= TARGET_SHARE_OF_LIMIT) if target else "-",
            ]
        )

    calls = [len(s.result.usage) for s in (runtime, baseline)]
    identical = sum(
        canonical_prompt(body) == prompt
        for body, prompt in zip(runtime.bodies, reference, strict=False)
    )
    same_state = sum(a == b for a, b in zip(runtime.states, baseline.states, strict=False))
    tools = runtime.bodies[0]["tools"]
    print_table(
        f"Prefix-cache reuse: {len(reference)}-call session; trip, brief, goals and pins "
        "change on every call",
        [
            "session",
            "cached tokens",
            "prompt tokens",
            "cached share",
            "share of limit",
            "target",
            "PASS/FAIL",
        ],
        rows,
        align="lrrrrll",
        notes=[
            f"model calls per run: (a) {calls[0]}, (b) {calls[1]}; tool errors: {tool_errors}; "
            f"final status: {runtime.result.status.value}",
            f"blocks changed from the previous call: {changed_blocks(runtime.states)}",
            f"(b) system-prompt state equal to (a)'s snapshot on {same_state}/{calls[0]} calls",
            f"system prompt {count_tokens(INSTRUCTIONS):,} tokens, {len(tools)} tools "
            f"~{count_tokens(json.dumps(tools)):,} tokens, state on the last call "
            f"{count_tokens(json.dumps(runtime.bodies[-1]['messages'][-1])):,} tokens "
            "(fake server's regex tokenizer; it over-counts compared to BPE)",
            f"(a) requests equal to the ideal reference prompts: {identical}/{len(reference)}",
            "summarize_tool_results left at its default (on); changes this session's input: "
            f"{'no' if summarization_is_inert(runtime.history) else 'YES'}",
        ],
    )


if __name__ == "__main__":
    asyncio.run(main())
