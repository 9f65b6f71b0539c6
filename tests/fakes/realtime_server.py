"""A loopback OpenAI Realtime-compatible WebSocket server that records what clients send.

It runs on the test's event loop (the `websockets` package, port 0) and keeps each
session's conversation the way a real server does, refusing what a real server refuses
with an `error` event: a `function_call_output` for a call it never saw or already answered,
a truncate past the audio it sent, a delete of an item it does not hold, a second
`response.create` while one is active, audio that is not base64, JSON that is not an event.
Answers are scripted (`Say`, `Call`, `Hold`); tests can push any server event, commit audio as
server VAD does, or drop the socket. Each answer is billed as the real server bills it: every
item the conversation holds when the answer starts is its input (`usage` in `response.done`,
and `FakeRealtimeServer.billed`).
"""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from http import HTTPStatus
from types import TracebackType
from typing import Any, Self
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from tests.fakes.prefix_cache import PrefixCache, count_tokens

JSONDict = dict[str, Any]
PATH = "/v1/realtime"
BYTES_PER_MS = 48  # 24 kHz mono PCM16
INPUT_AUDIO_MS_PER_TOKEN = 100
OUTPUT_AUDIO_MS_PER_TOKEN = 50
"""Audio tokens as OpenAI counts them for its realtime models: one per 100 ms heard, one per
50 ms spoken."""
AUDIO_MS = "audio_ms"
"""The fake's own note on an item of how much audio it holds; never sent."""


@dataclass(frozen=True)
class Say:
    """A spoken answer: `text` as its transcript (sent in words), `audio` in chunks."""

    text: str
    audio: bytes = b"\x01\x00" * 2400
    chunk: int = 4800


@dataclass(frozen=True)
class Call:
    name: str
    arguments: str
    call_id: str = ""


@dataclass(frozen=True)
class Hold:
    """Wait here until the test calls `release()` or the client cancels the response."""


Step = Say | Call | Hold


@dataclass(frozen=True)
class Received:
    session: int
    event: JSONDict

    @property
    def type(self) -> str:
        return str(self.event.get("type", ""))


@dataclass(frozen=True)
class Usage:
    """What one answer was billed: its input is everything the conversation held when it
    started (instructions, tools and every item), `cached` the part a prompt cache covered."""

    response_id: str
    input_tokens: int
    cached_tokens: int
    audio_tokens: int
    output_tokens: int

    @property
    def text_tokens(self) -> int:
        return self.input_tokens - self.audio_tokens

    def as_event(self) -> JSONDict:
        """The `usage` of a `response.done`, as the real server sends it."""
        return {
            "total_tokens": self.input_tokens + self.output_tokens,
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "input_token_details": {
                "text_tokens": self.text_tokens,
                "audio_tokens": self.audio_tokens,
                "cached_tokens": self.cached_tokens,
            },
        }


@dataclass
class _Response:
    id: str
    output: list[JSONDict] = field(default_factory=list)
    cancelled: asyncio.Event = field(default_factory=asyncio.Event)
    usage: Usage | None = None
    spoken_ms: int = 0


class FakeSession:
    """One WebSocket connection: its conversation, audio buffer and active response."""

    def __init__(self, server: FakeRealtimeServer, index: int, ws: ServerConnection) -> None:
        self.server = server
        self.index = index
        self.ws = ws
        self.id = f"sess_{index}"
        self.session: JSONDict = {}
        self.items: list[JSONDict] = []
        self.audio = bytearray()
        self.audio_received = bytearray()
        self.answered: set[str] = set()
        self.calls: set[str] = set()
        self.active: _Response | None = None
        self.release = asyncio.Event()
        self.closed = asyncio.Event()

    async def push(self, event: JSONDict) -> None:
        event = {"event_id": self.server.next_id("event"), **event}
        await self.ws.send(json.dumps(event))

    async def error(self, message: str, code: str, about: JSONDict | None = None) -> None:
        await self.push(
            {
                "type": "error",
                "error": {
                    "type": "invalid_request_error",
                    "code": code,
                    "message": message,
                    "event_id": (about or {}).get("event_id"),
                },
            }
        )

    async def drop(self) -> None:
        """Cut the TCP connection without a close frame, as a network failure does."""
        transport = self.ws.transport
        transport.abort()
        await self.closed.wait()

    async def vad_commit(self, transcript: str | None = None) -> str:
        """What server VAD does at the end of speech: speech events, then a commit."""
        item_id = self.server.next_id("item")
        start = 0
        end = len(self.audio) // BYTES_PER_MS
        await self.push(
            {
                "type": "input_audio_buffer.speech_started",
                "audio_start_ms": start,
                "item_id": item_id,
            }
        )
        await self.push(
            {"type": "input_audio_buffer.speech_stopped", "audio_end_ms": end, "item_id": item_id}
        )
        await self._commit(item_id, transcript)
        return item_id

    async def _commit(self, item_id: str, transcript: str | None) -> None:
        previous = self.items[-1]["id"] if self.items else None
        self.items.append(
            {
                "id": item_id,
                "type": "message",
                "role": "user",
                "content": [{"type": "input_audio", "transcript": None}],
                AUDIO_MS: len(self.audio) // BYTES_PER_MS,
            }
        )
        self.audio.clear()
        await self.push(
            {
                "type": "input_audio_buffer.committed",
                "item_id": item_id,
                "previous_item_id": previous,
            }
        )
        if transcript is None and self.server.transcripts:
            transcript = self.server.transcripts.popleft()
        if transcript is not None:
            for word in _words(transcript):
                await self.push(
                    {
                        "type": "conversation.item.input_audio_transcription.delta",
                        "item_id": item_id,
                        "content_index": 0,
                        "delta": word,
                    }
                )
            await self.push(
                {
                    "type": "conversation.item.input_audio_transcription.completed",
                    "item_id": item_id,
                    "content_index": 0,
                    "transcript": transcript,
                }
            )

    async def handle(self, event: JSONDict) -> None:
        kind = event.get("type")
        handler = _HANDLERS.get(str(kind))
        if handler is None:
            await self.error(f"Invalid value: '{kind}'.", "invalid_value", event)
            return
        await handler(self, event)

    async def _session_update(self, event: JSONDict) -> None:
        session = event.get("session")
        if not isinstance(session, dict) or session.get("type") != "realtime":
            await self.error("Missing required parameter: 'session.type'.", "missing", event)
            return
        _merge(self.session, session)
        await self.push({"type": "session.updated", "session": {"id": self.id, **self.session}})

    async def _item_create(self, event: JSONDict) -> None:
        item = event.get("item")
        if not isinstance(item, dict):
            await self.error("Missing required parameter: 'item'.", "missing", event)
            return
        kind = item.get("type")
        if kind == "function_call_output":
            call_id = item.get("call_id")
            if call_id not in self.calls:
                await self.error(
                    f"Tool call ID '{call_id}' not found in conversation.", "invalid_call_id", event
                )
                return
            if call_id in self.answered:
                await self.error(
                    f"Duplicate function_call_output for call ID '{call_id}'.",
                    "duplicate_call_output",
                    event,
                )
                return
            self.answered.add(str(call_id))
        elif kind == "function_call":
            self.calls.add(str(item.get("call_id")))
        elif kind == "message":
            if item.get("role") not in ("user", "assistant", "system") or not isinstance(
                item.get("content"), list
            ):
                await self.error("Invalid message item.", "invalid_value", event)
                return
        else:
            await self.error(f"Invalid value: '{kind}'.", "invalid_value", event)
            return
        stored = {"id": self.server.next_id("item"), **item}
        previous = self.items[-1]["id"] if self.items else None
        self.items.append(stored)
        await self.push(
            {"type": "conversation.item.created", "previous_item_id": previous, "item": stored}
        )

    async def _item_delete(self, event: JSONDict) -> None:
        item_id = event.get("item_id")
        item = next((i for i in self.items if i["id"] == item_id), None)
        if item is None:
            await self.error(
                f"Error deleting item: the item with id '{item_id}' does not exist.",
                "item_delete_invalid_item_id",
                event,
            )
            return
        self.items.remove(item)
        await self.push({"type": "conversation.item.deleted", "item_id": item_id})

    def bill(self, response_id: str) -> Usage:
        """The input of an answer starting now: instructions, tools and every item held."""
        items = [{k: v for k, v in item.items() if k != AUDIO_MS} for item in self.items]
        system = {"role": "system", "content": self.session.get("instructions", "")}
        body = {"tools": self.session.get("tools", []), "messages": [system, *items]}
        prompt = self.server.cache.observe(body)
        audio = sum(
            item.get(AUDIO_MS, 0)
            // (
                INPUT_AUDIO_MS_PER_TOKEN
                if item.get("role") == "user"
                else OUTPUT_AUDIO_MS_PER_TOKEN
            )
            for item in self.items
        )
        return Usage(response_id, prompt.prompt_tokens + audio, prompt.cached_tokens, audio, 0)

    async def _append(self, event: JSONDict) -> None:
        try:
            chunk = base64.b64decode(str(event.get("audio", "")), validate=True)
        except ValueError:
            await self.error(
                "Invalid 'audio'. Expected base64-encoded audio.", "invalid_value", event
            )
            return
        self.audio.extend(chunk)
        self.audio_received.extend(chunk)

    async def _commit_event(self, event: JSONDict) -> None:
        if len(self.audio) < 100 * BYTES_PER_MS:
            await self.error(
                "Error committing input audio buffer: buffer too small. Expected at least "
                f"100ms of audio, but buffer only has {len(self.audio) / BYTES_PER_MS:.2f}ms.",
                "input_audio_buffer_commit_empty",
                event,
            )
            return
        await self._commit(self.server.next_id("item"), None)

    async def _response_create(self, event: JSONDict) -> None:
        if self.active is not None:
            await self.error(
                f"Conversation already has an active response in progress: {self.active.id}.",
                "conversation_already_has_active_response",
                event,
            )
            return
        script = self.server.scripts.popleft() if self.server.scripts else [Say("OK.")]
        response = _Response(self.server.next_id("resp"))
        response.usage = self.bill(response.id)
        self.active = response
        self.server.spawn(self._play(response, script))

    async def _cancel(self, event: JSONDict) -> None:
        if self.active is None:
            await self.error("Cancellation failed: no active response found.", "no_active", event)
            return
        self.active.cancelled.set()

    async def _truncate(self, event: JSONDict) -> None:
        item = next((i for i in self.items if i["id"] == event.get("item_id")), None)
        if item is None or item.get("role") != "assistant":
            await self.error(f"Item '{event.get('item_id')}' not found.", "item_not_found", event)
            return
        end = event.get("audio_end_ms")
        length = item.get(AUDIO_MS, 0)
        if not isinstance(end, int) or end > length:
            await self.error(
                f"Audio content of {length}ms is shorter than {end}ms.", "invalid_value", event
            )
            return
        await self.push(
            {
                "type": "conversation.item.truncated",
                "item_id": item["id"],
                "content_index": 0,
                "audio_end_ms": end,
            }
        )

    async def _clear(self, event: JSONDict) -> None:
        self.audio.clear()
        await self.push({"type": "input_audio_buffer.cleared"})

    async def _play(self, response: _Response, script: Sequence[Step]) -> None:
        try:
            await self.push(
                {
                    "type": "response.created",
                    "response": {"id": response.id, "status": "in_progress"},
                }
            )
            status = "completed"
            for step in script:
                if isinstance(step, Hold):
                    await _first(response.cancelled.wait(), self.release.wait())
                    self.release.clear()
                if response.cancelled.is_set():
                    status = "cancelled"
                    break
                if isinstance(step, Say):
                    await self._say(response, step)
                elif isinstance(step, Call):
                    await self._call(response, step)
            if response.cancelled.is_set():
                status = "cancelled"
            self.active = None
            usage = self._billed(response)
            await self.push(
                {
                    "type": "response.done",
                    "response": {
                        "id": response.id,
                        "status": status,
                        "output": response.output,
                        "usage": usage.as_event(),
                    },
                }
            )
        except ConnectionClosed:
            self.active = None

    def _billed(self, response: _Response) -> Usage:
        """The answer's usage, its output counted as its input was."""
        assert response.usage is not None
        text = count_tokens(json.dumps(response.output, ensure_ascii=False, separators=(",", ":")))
        audio = response.spoken_ms // OUTPUT_AUDIO_MS_PER_TOKEN
        usage = replace(response.usage, output_tokens=text + audio)
        self.server.billed.append(usage)
        return usage

    async def _say(self, response: _Response, step: Say) -> None:
        item_id = self.server.next_id("item")
        item: JSONDict = {
            "id": item_id,
            "type": "message",
            "role": "assistant",
            "status": "in_progress",
            "content": [],
        }
        ids = {"response_id": response.id, "item_id": item_id, "output_index": 0}
        self.items.append(item)
        await self.push(
            {"type": "response.output_item.added", "response_id": response.id, "item": item}
        )
        for start in range(0, len(step.audio), step.chunk):
            chunk = step.audio[start : start + step.chunk]
            delta = base64.b64encode(chunk).decode("ascii")
            await self.push(
                {"type": "response.output_audio.delta", **ids, "content_index": 0, "delta": delta}
            )
            item[AUDIO_MS] = item.get(AUDIO_MS, 0) + len(chunk) // BYTES_PER_MS
            response.spoken_ms += len(chunk) // BYTES_PER_MS
        for word in _words(step.text):
            await self.push(
                {
                    "type": "response.output_audio_transcript.delta",
                    **ids,
                    "content_index": 0,
                    "delta": word,
                }
            )
        await self.push(
            {
                "type": "response.output_audio_transcript.done",
                **ids,
                "content_index": 0,
                "transcript": step.text,
            }
        )
        item["status"] = "completed"
        item["content"] = [{"type": "output_audio", "transcript": step.text}]
        done = {k: v for k, v in item.items() if k != AUDIO_MS}
        response.output.append(done)
        await self.push(
            {"type": "response.output_item.done", "response_id": response.id, "item": done}
        )

    async def _call(self, response: _Response, step: Call) -> None:
        call_id = step.call_id or self.server.next_id("call")
        item: JSONDict = {
            "id": self.server.next_id("item"),
            "type": "function_call",
            "status": "completed",
            "call_id": call_id,
            "name": step.name,
            "arguments": step.arguments,
        }
        self.calls.add(call_id)
        self.items.append(item)
        await self.push(
            {"type": "response.output_item.added", "response_id": response.id, "item": item}
        )
        await self.push(
            {
                "type": "response.function_call_arguments.done",
                "response_id": response.id,
                "item_id": item["id"],
                "call_id": call_id,
                "arguments": step.arguments,
            }
        )
        response.output.append(item)
        await self.push(
            {"type": "response.output_item.done", "response_id": response.id, "item": item}
        )


_HANDLERS: dict[str, Callable[[FakeSession, JSONDict], Any]] = {
    "session.update": FakeSession._session_update,
    "conversation.item.create": FakeSession._item_create,
    "input_audio_buffer.append": FakeSession._append,
    "input_audio_buffer.commit": FakeSession._commit_event,
    "input_audio_buffer.clear": FakeSession._clear,
    "response.create": FakeSession._response_create,
    "response.cancel": FakeSession._cancel,
    "conversation.item.truncate": FakeSession._truncate,
    "conversation.item.delete": FakeSession._item_delete,
}


class FakeRealtimeServer:
    """`async with FakeRealtimeServer() as server:` then point an `AsyncOpenAI` client at
    `server.base_url`. `received` holds every client event of every session, in order."""

    def __init__(self, *, api_key: str = "test-key", refuse: int | None = None) -> None:
        self.api_key = api_key
        self.refuse = refuse
        """Answer the upgrade with this HTTP status instead (e.g. 404: no realtime here)."""
        self.known_models: set[str] | None = None
        """When set, a session for any other model gets an error event and is closed."""
        self.scripts: deque[Sequence[Step]] = deque()
        self.transcripts: deque[str] = deque()
        self.received: list[Received] = []
        self.sessions: list[FakeSession] = []
        self.models: list[str] = []
        self.billed: list[Usage] = []
        """Every finished answer's usage, in order."""
        self.cache = PrefixCache()
        self._server: Server | None = None
        self._changed = asyncio.Condition()
        self._ids = itertools.count(1)
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def base_url(self) -> str:
        assert self._server is not None
        port = next(iter(self._server.sockets)).getsockname()[1]
        return f"http://127.0.0.1:{port}/v1"

    def next_id(self, prefix: str) -> str:
        return f"{prefix}_{next(self._ids)}"

    def spawn(self, work: Any) -> None:
        task: asyncio.Task[None] = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def script(self, *steps: Step) -> None:
        """Queue the next answer (one per `response.create`)."""
        self.scripts.append(steps)

    @property
    def session(self) -> FakeSession:
        """The latest session."""
        return self.sessions[-1]

    def of_type(self, kind: str, session: int | None = None) -> list[JSONDict]:
        return [
            r.event
            for r in self.received
            if r.type == kind and (session is None or r.session == session)
        ]

    def types(self, session: int | None = None) -> list[str]:
        return [r.type for r in self.received if session is None or r.session == session]

    async def wait_until(self, condition: Callable[[], bool], timeout: float = 10.0) -> None:  # noqa: ASYNC109
        async with asyncio.timeout(timeout), self._changed:
            await self._changed.wait_for(condition)

    async def notify(self) -> None:
        async with self._changed:
            self._changed.notify_all()

    async def __aenter__(self) -> Self:
        self._server = await serve(
            self._serve, "127.0.0.1", 0, process_request=self._check, max_size=None
        )
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        for task in list(self._tasks):
            task.cancel()
        assert self._server is not None
        self._server.close()
        await self._server.wait_closed()

    def _check(self, connection: ServerConnection, request: Request) -> Response | None:
        url = urlsplit(request.path)
        if self.refuse is not None:
            return connection.respond(HTTPStatus(self.refuse), "refused by the test\n")
        if url.path != PATH:
            return connection.respond(HTTPStatus.NOT_FOUND, "not found\n")
        if request.headers.get("Authorization") != f"Bearer {self.api_key}":
            return connection.respond(HTTPStatus.UNAUTHORIZED, "Incorrect API key provided\n")
        models = parse_qs(url.query).get("model")
        if not models:
            return connection.respond(HTTPStatus.BAD_REQUEST, "model is required\n")
        self.models.append(models[0])
        return None

    async def _serve(self, ws: ServerConnection) -> None:
        session = FakeSession(self, len(self.sessions), ws)
        self.sessions.append(session)
        try:
            model = self.models[-1]
            if self.known_models is not None and model not in self.known_models:
                await session.error(
                    f"The model `{model}` does not exist or you do not have access to it.",
                    "model_not_found",
                )
                await ws.close(1008, "model_not_found")
                return
            await session.push(
                {"type": "session.created", "session": {"id": session.id, "type": "realtime"}}
            )
            await self.notify()
            async for raw in ws:
                try:
                    event = json.loads(raw)
                except ValueError:
                    await session.error("The server could not parse the event.", "invalid_json")
                    continue
                if not isinstance(event, dict):
                    await session.error("Expected an event object.", "invalid_event")
                    continue
                self.received.append(Received(session.index, event))
                await session.handle(event)
                await self.notify()
        except ConnectionClosed:
            pass
        finally:
            session.closed.set()
            await self.notify()


def _merge(into: JSONDict, update: JSONDict) -> None:
    for key, value in update.items():
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value)
        else:
            into[key] = value


def _words(text: str) -> list[str]:
    words = text.split(" ")
    return [w if i == len(words) - 1 else w + " " for i, w in enumerate(words)]


async def _first(*awaitables: Any) -> None:
    tasks = [asyncio.ensure_future(a) for a in awaitables]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for task in tasks:
            task.cancel()
