"""A realtime voice session for the agent: the same instructions, tools and conversation as
typed turns, over an OpenAI Realtime-compatible WebSocket (R11, R12).

As the loop does for text, the bridge resolves the context providers at session start, after
every tool batch, before every answer it asks for and on `refresh_context()`; each numbered
snapshot says it replaces the earlier ones, and once the server has acknowledged it the
earlier ones are deleted from the session's conversation before the next snapshot or answer,
so an answer carries one state, not every state since the session began. Voice turns are stored
in the agent's history as typed ones are, so a dropped socket is replaced by a new session
set up from that history.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import logging
from collections import deque
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from websockets.exceptions import ConnectionClosed

from .abort import AbortController
from .errors import AbortedError, AgentRunError, UsageError
from .events import RuntimeContext
from .listeners import Listeners
from .messages import (
    AssistantMessage,
    Message,
    ToolCall,
    ToolResult,
    ToolStatus,
    awaits_answer,
)
from .tools import tool_titles
from .voice_context import snapshot_id, snapshot_item, snapshot_text
from .voice_errors import (
    CONTEXT_FAILED,
    NO_SESSION,
    VoiceSessionError,
    connect_failure,
    dropped,
    server_error,
)
from .voice_events import (
    BYTES_PER_MS,
    SAMPLE_WIDTH,
    AssistantAudio,
    AssistantTranscriptDelta,
    AssistantTranscriptFinal,
    Closed,
    ContextSent,
    Reconnecting,
    ResponseFinished,
    ResponseStarted,
    SessionReady,
    SpeechStarted,
    SpeechStopped,
    Stored,
    ToolFinished,
    ToolStarted,
    TurnDetection,
    UserTranscriptDelta,
    UserTranscriptFinal,
    VoiceError,
    VoiceErrorKind,
    VoiceEvent,
)
from .voice_items import conversation_items, function_call_output, session_settings
from .voice_turns import (
    INTERRUPTED_CALL,
    STOPPED_CALL,
    UNTRANSCRIBED,
    Answer,
    Spoken,
    VoiceHost,
    parsed,
    spoken_text,
    user_turn,
)

if TYPE_CHECKING:  # The SDK loads with the client the host passes in, not at start-up.
    from openai import AsyncOpenAI
    from openai.resources.realtime.realtime import AsyncRealtimeConnection

log = logging.getLogger(__name__)

SETUP_SECONDS = 10.0
"""How long the server may take to create and configure a session."""
TRANSCRIPT_WAIT = 5.0
"""How long an answer waits to be stored behind the transcript of what the person said."""

_AUDIO_DELTA = frozenset({"response.output_audio.delta", "response.audio.delta"})
_ITEM_ADDED = frozenset({"conversation.item.added", "conversation.item.created"})
"""The server holds an item the client sent (`created` in the beta protocol)."""
_TRANSCRIPT_DELTA = frozenset(
    {
        "response.output_audio_transcript.delta",
        "response.audio_transcript.delta",
        "response.output_text.delta",
        "response.text.delta",
    }
)


class _Dropped(Exception):
    """The socket closed under the session (not by the host)."""


class RealtimeBridge:
    """One voice session over the agent's conversation. Use on the event loop's thread."""

    def __init__(
        self,
        agent: VoiceHost,
        client: AsyncOpenAI,
        *,
        model: str,
        turn_detection: TurnDetection = TurnDetection.HANDS_FREE,
        voice: str | None = None,
        transcription_model: str | None = "gpt-4o-mini-transcribe",
        reconnect_attempts: int = 3,
        reconnect_delay: float = 0.5,
    ) -> None:
        if reconnect_attempts < 0:
            raise UsageError("reconnect_attempts cannot be negative.")
        self._agent = agent
        self._client = client
        self._model = model
        self._mode = TurnDetection(turn_detection)
        self._voice = voice
        self._transcription_model = transcription_model
        self._reconnect_attempts = reconnect_attempts
        self._reconnect_delay = reconnect_delay
        self._titles = tool_titles(agent.tools)
        self._listeners: Listeners[VoiceEvent] = Listeners(
            "voice listener", describe=lambda event: event.type
        )
        self._connection: AsyncRealtimeConnection | None = None
        self._generation = 0
        self._send_lock = asyncio.Lock()
        self._context_lock = asyncio.Lock()
        self._store_lock = asyncio.Lock()
        self._stop = AbortController()
        self._reader: asyncio.Task[None] | None = None
        self._worker: asyncio.Task[None] | None = None
        self._background: set[asyncio.Task[None]] = set()
        self._wake = asyncio.Event()
        self._order: deque[Spoken | Answer] = deque()
        self._spoken: dict[str, Spoken] = {}
        self._answers: dict[str, Answer] = {}
        self._spoken_last: Answer | None = None
        """The latest answer, which the person may still be hearing after it is done."""
        self._undelivered: list[RuntimeContext] = []
        self._audio: deque[bytes] = deque()
        self._audio_task: asyncio.Task[None] | None = None
        self._uncommitted = 0
        self._snapshots = 0
        self._last_state: str | None = None
        self._snapshot_ids: list[str] = []
        """This connection's snapshots the server may hold, oldest first."""
        self._superseded: list[str] = []
        """Snapshots whose replacement the server acknowledged: deleted at the next chance."""
        self._requested: set[str] = set()
        self._creates = 0
        self._settled = asyncio.Event()
        self._settled.set()
        self._refresh_wanted = False
        self._quiet_ids: set[str] = set()
        self._session_id = ""
        self._ready = False
        self._closed = False
        self._started = False

    # --- the host's surface -------------------------------------------------------------

    @property
    def turn_detection(self) -> TurnDetection:
        return self._mode

    @property
    def ready(self) -> bool:
        return self._ready

    @property
    def closed(self) -> bool:
        return self._closed

    def subscribe(self, listener: Callable[[VoiceEvent], None]) -> Callable[[], None]:
        return self._listeners.subscribe(listener)

    async def events(self) -> AsyncIterator[VoiceEvent]:
        """Every event from now on, ending after `Closed`."""
        queue: asyncio.Queue[VoiceEvent] = asyncio.Queue()
        unsubscribe = self._listeners.subscribe(queue.put_nowait)
        try:
            while True:
                event = await queue.get()
                yield event
                if isinstance(event, Closed):
                    return
        finally:
            unsubscribe()

    async def start(self) -> None:
        """Connect and set the session up; returns once `SessionReady` was emitted."""
        if self._started:
            raise UsageError("A RealtimeBridge starts once; make a new one for a new session.")
        self._started = True
        try:
            await self._open(reconnected=False)
        except VoiceSessionError as failure:
            await self._finish(failure.event)
            raise
        except _Dropped:
            lost = VoiceSessionError(dropped())
            await self._finish(lost.event)
            raise lost from None
        self._worker = asyncio.create_task(self._work(), name="voice conversation")

    def append_audio(self, pcm: bytes) -> None:
        """Queue microphone audio (mono PCM16 LE, 24 kHz); sent in order, dropped when the
        session is not ready (before start, while reconnecting, after close)."""
        if not self._ready or not pcm:
            return
        if len(pcm) % SAMPLE_WIDTH:
            raise UsageError("PCM16 audio comes in whole 2-byte samples.")
        self._audio.append(bytes(pcm))
        self._uncommitted += len(pcm)
        if self._audio_task is None or self._audio_task.done():
            self._audio_task = asyncio.create_task(self._send_audio(), name="voice audio")

    async def commit_audio(self) -> None:
        """Push-to-talk released: the audio since the last commit is the person's turn; the
        bridge asks for the answer once the server has it (after a fresh snapshot)."""
        await self._audio_sent()
        if not self._ready or self._uncommitted == 0:
            return
        self._uncommitted = 0
        await self._send({"type": "input_audio_buffer.commit"})

    async def interrupt(self, played_ms: int | None = None) -> None:
        """Stop the answer: cancel it if it is still being made, and cut the spoken item at
        `played_ms` (what the person heard; None: all audio received) so the server's
        conversation holds only what was said."""
        answer = self._spoken_last
        if answer is None or answer.generation != self._generation:
            return
        making = answer.status is None
        if making:
            answer.interrupted = True
            await self._send(self._quiet({"type": "response.cancel"}))
        if not (answer.item_id and answer.audio_bytes):
            return
        received = answer.audio_bytes // BYTES_PER_MS
        end = received if played_ms is None else max(0, min(played_ms, received))
        if making or end < received:  # A finished answer heard to its end has nothing to cut.
            await self._send(
                self._quiet(
                    {
                        "type": "conversation.item.truncate",
                        "item_id": answer.item_id,
                        "content_index": 0,
                        "audio_end_ms": end,
                    }
                )
            )

    async def refresh_context(self) -> None:
        """Send the app state again if it changed since the last snapshot. While an answer or
        its tools are under way it waits, so it never lands between a call and its result (R3); a
        provider failure is reported as a `VoiceError` (kind CONTEXT), not raised."""
        if not self._ready:
            return
        if not self._settled.is_set():
            self._refresh_wanted = True
            return
        async with self._context_lock:
            await self._send_state(always=False)

    async def set_turn_detection(self, mode: TurnDetection) -> None:
        """Switch between hands-free and push-to-talk within the session."""
        self._mode = TurnDetection(mode)
        if self._ready:
            await self._send({"type": "session.update", "session": self._session(audio_only=True)})

    async def close(self) -> None:
        """End the session: calls in flight get their one result, then the socket closes."""
        if self._closed:
            return
        await self._finish(None)

    # --- session set-up -----------------------------------------------------------------

    def _url(self) -> str:
        base = str(self._client.websocket_base_url or self._client.base_url).rstrip("/")
        return base.replace("https://", "wss://", 1).replace("http://", "ws://", 1) + "/realtime"

    async def _open(self, *, reconnected: bool) -> None:
        """Connect, configure, send the conversation so far and snapshot 1."""
        try:
            manager = self._client.realtime.connect(model=self._model)
            connection = await asyncio.wait_for(manager.enter(), SETUP_SECONDS)
        except (OSError, TimeoutError, ConnectionClosed, Exception) as error:
            raise VoiceSessionError(connect_failure(error, self._url())) from error
        self._generation += 1
        self._connection = connection
        self._snapshots, self._last_state = 0, None
        self._snapshot_ids, self._superseded = [], []
        self._undelivered = []
        try:
            await self._expect(connection, "session.created")
            await self._send({"type": "session.update", "session": self._session()})
            await self._expect(connection, "session.updated")
            history = await self._agent.history.load()
            for item in conversation_items(history):
                await self._send({"type": "conversation.item.create", "item": item})
            async with self._context_lock:
                if not await self._send_state(always=True, fatal=True):
                    raise _Dropped
        except BaseException:
            self._connection = None
            with contextlib.suppress(Exception):
                await connection.close()
            raise
        self._ready = True
        self._reader = asyncio.create_task(self._read(connection), name="voice reader")
        self._listeners.publish(SessionReady(self._session_id, reconnected))
        if reconnected and awaits_answer(history):
            self._spawn(self._respond(generation=self._generation))

    async def _expect(self, connection: AsyncRealtimeConnection, wanted: str) -> None:
        """Read until `wanted` arrives; an `error` event or silence fails the set-up."""
        try:
            async with asyncio.timeout(SETUP_SECONDS):
                while True:
                    event = parsed(await connection.recv_bytes())
                    kind = event.get("type")
                    if kind == "error":
                        failure = server_error(event, during_setup=True, model=self._model)
                        raise VoiceSessionError(failure)
                    if kind == wanted:
                        session = event.get("session")
                        if isinstance(session, Mapping) and session.get("id"):
                            self._session_id = str(session["id"])
                        return
        except TimeoutError:
            failure = VoiceError(
                VoiceErrorKind.CONNECTION,
                NO_SESSION.format(seconds=int(SETUP_SECONDS)),
                True,
                f"no {wanted} event",
            )
            raise VoiceSessionError(failure) from None
        except ConnectionClosed as error:
            raise VoiceSessionError(dropped(str(error))) from error

    def _session(self, *, audio_only: bool = False) -> dict[str, Any]:
        session = session_settings(
            instructions=self._agent.system_prompt,
            tools=self._agent.tools,
            mode=self._mode,
            voice=self._voice,
            transcription_model=self._transcription_model,
        )
        turn = session["audio"]["input"]["turn_detection"]
        if turn is not None:
            # The bridge asks for each answer itself, after a fresh snapshot (R2).
            turn["create_response"] = False
        if audio_only:
            return {"type": "realtime", "audio": {"input": session["audio"]["input"]}}
        return session

    # --- sending ------------------------------------------------------------------------

    async def _send(self, event: Mapping[str, Any], generation: int | None = None) -> bool:
        """Send one client event on the current socket (only if it is still `generation`'s);
        False when there is no socket to send on (it dropped; the reader reconnects)."""
        connection = self._connection
        if connection is None or (generation is not None and generation != self._generation):
            return False
        data = json.dumps(event, ensure_ascii=False)
        async with self._send_lock:
            try:
                await connection.send_raw(data)
            except Exception as error:
                log.info("voice: could not send %s: %s", event.get("type"), error)
                return False
        return True

    async def _send_audio(self) -> None:
        while self._audio:
            chunk = self._audio.popleft()
            audio = base64.b64encode(chunk).decode("ascii")
            await self._send({"type": "input_audio_buffer.append", "audio": audio})

    async def _audio_sent(self) -> None:
        task = self._audio_task
        if task is not None and not task.done():
            await asyncio.shield(task)

    async def _send_state(
        self, *, always: bool, fatal: bool = False, generation: int | None = None
    ) -> bool:
        """Resolve the providers and send the next snapshot (hold `_context_lock`). Without
        `always`, an unchanged state is not sent again. False if nothing could be sent."""
        await self._delete_superseded(generation)
        try:
            context = await self._agent.get_runtime_context(self._stop.signal)
        except (AbortedError, asyncio.CancelledError):
            raise
        except Exception as error:
            failure = VoiceError(
                VoiceErrorKind.CONTEXT, CONTEXT_FAILED.format(reason=str(error)), fatal, repr(error)
            )
            if fatal:
                raise VoiceSessionError(failure) from error
            self._listeners.publish(failure)
            return False
        if self._snapshots == 0 and context.text is None:
            return True  # Nothing to say and nothing earlier to replace.
        if not always and self._snapshots and context.text == self._last_state:
            return True
        number = self._snapshots + 1
        item_id = snapshot_id(self._generation, number)
        if not await self._send(snapshot_item(number, context.text, item_id), generation):
            return False
        self._snapshots, self._last_state = number, context.text
        self._snapshot_ids.append(item_id)
        self._undelivered.append(context)
        self._listeners.publish(ContextSent(number, snapshot_text(number, context.text)))
        return True

    def _acknowledged(self, item_id: str) -> None:
        """The server holds `item_id`: if it is a snapshot, the ones before it are stale."""
        if item_id in self._snapshot_ids:
            newest = self._snapshot_ids.index(item_id)
            self._superseded += self._snapshot_ids[:newest]
            del self._snapshot_ids[:newest]

    async def _delete_superseded(self, generation: int | None) -> None:
        """Delete the stale snapshots (hold `_context_lock`); a refusal is only logged."""
        if generation is not None and generation != self._generation:
            return  # They belong to the connection that replaced `generation`'s.
        stale, self._superseded = self._superseded, []
        for item_id in stale:
            delete = {"type": "conversation.item.delete", "item_id": item_id}
            await self._send(self._quiet(delete), generation)

    async def _respond(self, *, generation: int | None = None) -> None:
        """Ask for an answer once the previous one is done and stored, with the app state
        as it is now sent first (R2)."""
        try:
            while True:
                await self._stop.signal.race(self._settled.wait())
                async with self._context_lock:
                    if not self._settled.is_set():
                        continue
                    if await self._send_state(always=False, generation=generation):
                        await self._create_response(generation)
                    return
        except AbortedError:
            return

    async def _create_response(self, generation: int | None) -> None:
        """`response.create`, tracked until the server says it created it (or refused)."""
        self._creates += 1
        event_id = f"create_{self._generation}_{self._creates}"
        self._requested.add(event_id)
        self._update_settled()
        if not await self._send({"type": "response.create", "event_id": event_id}, generation):
            self._requested.discard(event_id)
            self._update_settled()

    def _quiet(self, event: dict[str, Any]) -> dict[str, Any]:
        """`event` with an id whose refusal is only logged: a cancel or cut that raced the
        server's own barge-in handling (the answer had already stopped), or the deletion of
        a stale snapshot."""
        self._creates += 1
        event_id = f"quiet_{self._generation}_{self._creates}"
        self._quiet_ids.add(event_id)
        return {**event, "event_id": event_id}

    def _update_settled(self) -> None:
        """Settled: no answer asked for, being made, or waiting to be stored with its tools."""
        if self._requested or any(isinstance(e, Answer) for e in self._order):
            self._settled.clear()
        else:
            self._settled.set()

    def _spawn(self, work: Any) -> None:
        task: asyncio.Task[None] = asyncio.create_task(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # --- receiving ----------------------------------------------------------------------

    async def _read(self, connection: AsyncRealtimeConnection) -> None:
        try:
            while True:
                event = parsed(await connection.recv_bytes())
                try:
                    self._handle(event)
                except (TypeError, ValueError):  # One odd event does not end the session.
                    log.warning("voice: could not read a %s event", event.get("type"))
        except ConnectionClosed as error:
            if self._closed or connection is not self._connection:
                return
            log.info("voice: socket dropped (%s); reconnecting", error)
        except asyncio.CancelledError:
            raise
        except Exception:
            if self._closed:
                return
            log.exception("voice: reading the session failed; reconnecting")
        self._spawn(self._reconnect())

    def _handle(self, event: Mapping[str, Any]) -> None:
        kind = event.get("type")
        if kind == "input_audio_buffer.speech_started":
            self._listeners.publish(SpeechStarted(str(event.get("item_id", ""))))
        elif kind == "input_audio_buffer.speech_stopped":
            self._listeners.publish(SpeechStopped(str(event.get("item_id", ""))))
        elif kind == "input_audio_buffer.committed":
            spoken = Spoken(str(event.get("item_id", "")))
            if self._transcription_model is None:
                spoken.text = UNTRANSCRIBED
                spoken.heard.set()
            self._spoken[spoken.item_id] = spoken
            self._order.append(spoken)
            self._spawn(self._respond(generation=self._generation))
        elif kind == "conversation.item.input_audio_transcription.delta":
            item_id = str(event.get("item_id", ""))
            self._listeners.publish(UserTranscriptDelta(item_id, str(event.get("delta", ""))))
        elif kind == "conversation.item.input_audio_transcription.completed":
            self._heard(str(event.get("item_id", "")), str(event.get("transcript", "")))
        elif kind == "conversation.item.input_audio_transcription.failed":
            self._heard(str(event.get("item_id", "")), None)
        elif kind == "response.created":
            self._response_created(event)
        elif kind == "response.output_item.added":
            item = event.get("item")
            answer = self._answers.get(str(event.get("response_id", "")))
            if answer is not None and isinstance(item, Mapping) and item.get("type") == "message":
                answer.item_id = answer.item_id or str(item.get("id", ""))
        elif kind in _ITEM_ADDED:
            item = event.get("item")
            if isinstance(item, Mapping):
                self._acknowledged(str(item.get("id", "")))
        elif kind in _AUDIO_DELTA:
            self._audio_delta(event)
        elif kind in _TRANSCRIPT_DELTA:
            answer = self._answers.get(str(event.get("response_id", "")))
            delta = str(event.get("delta", ""))
            if answer is not None and delta:
                item_id = str(event.get("item_id", ""))
                if answer.transcript and item_id != answer.transcript_item:
                    answer.transcript.append(" ")  # The next spoken item of the same answer.
                answer.transcript_item = item_id
                answer.transcript.append(delta)
                self._listeners.publish(
                    AssistantTranscriptDelta(answer.response_id, item_id, delta)
                )
        elif kind == "response.done":
            self._response_done(event)
        elif kind == "error":
            error = event.get("error")
            about = error.get("event_id") if isinstance(error, Mapping) else None
            if about in self._requested:
                self._requested.discard(str(about))
                self._update_settled()
            if about in self._quiet_ids:
                # The server's VAD had already cut the answer short, or a stale snapshot
                # was already gone: nothing the person needs to hear about.
                log.info("voice: the server refused %s: %s", about, error)
                return
            self._listeners.publish(server_error(event, during_setup=False, model=self._model))

    def _heard(self, item_id: str, text: str | None) -> None:
        spoken = self._spoken.get(item_id)
        if spoken is None:
            return
        heard = (text or "").strip()
        spoken.text = heard or UNTRANSCRIBED
        spoken.heard.set()
        if heard:
            self._listeners.publish(UserTranscriptFinal(item_id, spoken.text))
        self._wake.set()

    def _response_created(self, event: Mapping[str, Any]) -> None:
        response = event.get("response")
        response_id = str(response.get("id", "")) if isinstance(response, Mapping) else ""
        answer = Answer(response_id, self._undelivered, self._generation)
        self._undelivered = []
        self._answers[response_id] = answer
        self._spoken_last = answer
        self._order.append(answer)
        if self._requested:  # Answers come in the order they were asked for.
            self._requested.remove(min(self._requested, key=_create_number))
        self._update_settled()
        self._listeners.publish(ResponseStarted(response_id))

    def _audio_delta(self, event: Mapping[str, Any]) -> None:
        answer = self._answers.get(str(event.get("response_id", "")))
        try:
            pcm = base64.b64decode(str(event.get("delta", "")), validate=True)
        except ValueError:
            log.warning("voice: an audio delta was not base64; skipped")
            return
        item_id = str(event.get("item_id", ""))
        if answer is not None:
            answer.audio_bytes += len(pcm)
            answer.item_id = answer.item_id or item_id
        self._listeners.publish(AssistantAudio(answer.response_id if answer else "", item_id, pcm))

    def _response_done(self, event: Mapping[str, Any]) -> None:
        response = event.get("response")
        if not isinstance(response, Mapping):
            return
        answer = self._answers.get(str(response.get("id", "")))
        if answer is None:
            return
        answer.status = str(response.get("status") or "completed")
        output = response.get("output")
        spoken_parts: list[str] = []
        for item in output if isinstance(output, list) else ():
            if not isinstance(item, Mapping):
                continue
            if item.get("type") == "function_call" and item.get("status") != "incomplete":
                answer.calls.append(
                    ToolCall(
                        id=str(item.get("call_id", "")),
                        name=str(item.get("name", "")),
                        arguments=str(item.get("arguments") or ""),
                    )
                )
            elif item.get("type") == "message":
                spoken_parts.extend(spoken_text(item))
        if not answer.transcript and spoken_parts:
            answer.transcript.append(" ".join(spoken_parts))
        interrupted = answer.interrupted or answer.status == "cancelled"
        self._announce_end(answer, answer.status, interrupted)
        self._wake.set()

    def _cut_short(self, answer: Answer, status: str) -> None:
        """An answer the session ended before it was done: kept as far as it came."""
        answer.status, answer.interrupted = status, True
        self._announce_end(answer, status, True)

    def _announce_end(self, answer: Answer, status: str, interrupted: bool) -> None:
        if answer.text:
            final = AssistantTranscriptFinal(
                answer.response_id, answer.item_id, answer.text, interrupted
            )
            self._listeners.publish(final)
        self._listeners.publish(ResponseFinished(answer.response_id, status))

    # --- the conversation: storing turns and running tools ------------------------------

    async def _work(self) -> None:
        """Store what was said, in the order it was said, and run each answer's tools."""
        while not self._closed:
            await self._wake.wait()
            self._wake.clear()
            async with self._store_lock:
                await self._store_ready()

    async def _store_ready(self) -> None:
        while self._order:
            head = self._order[0]
            if isinstance(head, Spoken):
                if not head.heard.is_set():
                    if not any(isinstance(e, Answer) and e.status for e in self._order):
                        return
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(head.heard.wait(), TRANSCRIPT_WAIT)
                self._order.popleft()
                self._spoken.pop(head.item_id, None)
                await self._store([user_turn(head)])
                continue
            if head.status is None:
                return
            try:
                await self._store_answer(head)
            finally:
                self._order.popleft()
                self._answers.pop(head.response_id, None)
                self._update_settled()
            if self._settled.is_set() and self._refresh_wanted and not self._closed:
                self._refresh_wanted = False
                async with self._context_lock:
                    await self._send_state(always=False)

    async def _store_answer(self, answer: Answer) -> None:
        cut = answer.interrupted or answer.status != "completed"
        if not answer.text and not answer.calls:
            return
        message = AssistantMessage(
            text=answer.text, tool_calls=tuple(answer.calls), stopped=cut and not answer.calls
        )
        await self._store([message])
        if answer.status == "completed":
            for context in answer.carried:
                await context.delivered()
        if message.tool_calls:
            await self._run_calls(message, answer, run=not cut)

    async def _store(self, messages: Sequence[Message]) -> None:
        if not messages:
            return
        await self._agent.history.append(messages)
        self._listeners.publish(Stored(tuple(messages)))

    async def _run_calls(self, message: AssistantMessage, answer: Answer, *, run: bool) -> None:
        """Each call gets exactly one result, sent back and stored as one bundle; then the
        new state and a request for the answer (not after an interruption)."""
        results: list[ToolResult] = []
        generation = answer.generation
        async with self._context_lock:
            try:
                for call in message.tool_calls:
                    title = self._titles.get(call.name, "")
                    self._listeners.publish(ToolStarted(call.id, call.name, title, call.arguments))
                    if run and not self._stop.signal.aborted:
                        result = await self._stop.signal.race(
                            self._agent.run_tool_call(message, call, self._stop.signal)
                        )
                    else:
                        result = ToolResult.of(
                            call, STOPPED_CALL if run else INTERRUPTED_CALL, ToolStatus.ABORTED
                        )
                    await self._result_out(results, result, generation)
            except (AbortedError, asyncio.CancelledError):
                for call in message.tool_calls[len(results) :]:
                    stopped = ToolResult.of(call, STOPPED_CALL, ToolStatus.ABORTED)
                    await self._result_out(results, stopped, generation)
                raise
            finally:
                await asyncio.shield(self._store(results))
            sent = run and not self._closed
            if sent and await self._send_state(always=True, generation=generation):
                self._refresh_wanted = False
                await self._create_response(generation)

    async def _result_out(
        self, results: list[ToolResult], result: ToolResult, generation: int
    ) -> None:
        results.append(result)
        item = function_call_output(result)
        await self._send({"type": "conversation.item.create", "item": item}, generation)
        self._listeners.publish(
            ToolFinished(
                result.tool_call_id,
                result.tool_name,
                self._titles.get(result.tool_name, ""),
                result.status,
                result.content,
            )
        )

    # --- reconnecting and closing -------------------------------------------------------

    async def _reconnect(self) -> None:
        self._ready = False
        self._connection = None
        await self._settle_dropped()
        for attempt in range(1, self._reconnect_attempts + 1):
            if self._closed:
                return
            self._listeners.publish(Reconnecting(attempt, self._reconnect_attempts))
            await asyncio.sleep(self._reconnect_delay * 2 ** (attempt - 1))
            try:
                await self._open(reconnected=True)
                return
            except VoiceSessionError as failure:
                log.info("voice: reconnect %d failed: %s", attempt, failure.event.detail)
                if failure.event.kind in (VoiceErrorKind.AUTH, VoiceErrorKind.UNSUPPORTED):
                    await self._finish(failure.event)
                    return
            except _Dropped:
                log.info("voice: reconnect %d dropped during set-up", attempt)
            except Exception:
                log.exception("voice: reconnect %d failed", attempt)
        await self._finish(dropped())

    async def _settle_dropped(self) -> None:
        """What the dropped session left half done is stored before history is sent again."""
        self._settle("incomplete")
        self._uncommitted = 0
        self._audio.clear()
        self._requested.clear()
        await self._drain()

    def _settle(self, status: str) -> None:
        """Answers in flight end with `status`, speech without a transcript as untranscribed."""
        for entry in self._order:
            if isinstance(entry, Answer) and entry.status is None:
                self._cut_short(entry, status)
            elif isinstance(entry, Spoken) and not entry.heard.is_set():
                entry.text = UNTRANSCRIBED
                entry.heard.set()

    async def _finish(self, failure: VoiceError | None) -> None:
        """Stop everything; a call in flight gets its result first. Emits `Closed`."""
        if self._closed:
            return
        self._closed = True
        self._ready = False
        if failure is not None:
            self._listeners.publish(failure)
        self._stop.abort("the voice session ended")
        self._settle("cancelled")
        self._wake.set()
        try:
            await asyncio.wait_for(self._drain(), SETUP_SECONDS)
        except (TimeoutError, AbortedError, AgentRunError):
            log.warning("voice: the conversation did not settle before closing")
        await _cancelled(self._worker)
        connection, self._connection = self._connection, None
        await _cancelled(self._reader)
        if connection is not None:
            with contextlib.suppress(Exception):
                await connection.close()
        for task in list(self._background):
            if task is not asyncio.current_task():
                task.cancel()
        self._listeners.publish(Closed(by_host=failure is None))

    async def _drain(self) -> None:
        """Store what is left, after a tool batch in progress has stored its results."""
        async with self._store_lock:
            await self._store_ready()


async def _cancelled(task: asyncio.Task[None] | None) -> None:
    """Cancel `task` (unless it is the one running this) and wait for it to end."""
    if task is not None and task is not asyncio.current_task():
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task


def _create_number(event_id: str) -> int:
    return int(event_id.rsplit("_", 1)[1])
