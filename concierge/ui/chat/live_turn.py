"""The turn in progress, built from runtime events and rendered as Markdown only when the
transcript's frame timer asks, never once per token."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from concierge.agent import (
    AgentEvent,
    AssistantMessage,
    CompactionError,
    CompactionEvent,
    CompactionStartedEvent,
    ContentPart,
    ErrorEvent,
    ModelHeardEvent,
    ModelRequestEvent,
    ModelResponseEvent,
    TextDelta,
    ToolCall,
    ToolCallEvent,
    ToolResult,
    ToolResultEvent,
)
from concierge.agent.messages import effect_id
from concierge.text import QT_TRANSLATE_NOOP
from concierge.ui.i18n import shown, translate

from .markdown import assistant_heading, step_line, tool_result_state, user_block


class LiveMarkdown(str):
    """The live turn's Markdown; `plain_from` is where the text still streaming in begins
    (else None), so a view may append what follows instead of rendering the turn again."""

    plain_from: int | None

    def __new__(cls, text: str, plain_from: int | None = None) -> LiveMarkdown:
        value = super().__new__(cls, text)
        value.plain_from = plain_from
        return value


@dataclass
class _Text:
    iteration: int
    chunks: list[str] = field(default_factory=list)


@dataclass
class _Tool:
    call_id: str
    name: str
    state: str
    effect: str | None = None
    """Its call's effect id once it has finished: the line then opens what it changed."""


@dataclass
class _Note:
    """A line about the runtime's own work, such as summarizing older messages."""

    text: str


SUMMARIZING_NOTE = QT_TRANSLATE_NOOP(
    "LiveTurn", "Summarizing {count} earlier messages for the assistant…"
)
SUMMARIZED_NOTE = QT_TRANSLATE_NOOP(
    "LiveTurn", "Summarized {count} earlier messages for the assistant."
)
SUMMARY_FAILED_NOTE = QT_TRANSLATE_NOOP(
    "LiveTurn", "Could not summarize earlier messages; the assistant gets them in full."
)

WAITING_NOTE = QT_TRANSLATE_NOOP("LiveTurn", "Waiting for the server, {seconds} s…")
WAITING_LOCAL_NOTE = QT_TRANSLATE_NOOP(
    "LiveTurn",
    "Waiting for the server, {seconds} s… It runs on this computer: it may still be loading "
    "the model.",
)
SILENCE_NOTICED_AFTER = 3.0
"""Seconds without a word from the model server before the live turn says it is waiting."""


class LiveTurn:
    """What the person sees of the running turn: their message, streamed text, tool lines."""

    def __init__(
        self,
        request: Sequence[ContentPart] | None = None,
        titles: Mapping[str, str] | None = None,
    ) -> None:
        self._request = tuple(request) if request is not None else None
        self._titles = titles or {}
        self._items: list[_Text | _Tool | _Note] = []
        self._summary_note: _Note | None = None
        """The line of the summary being made, until the summary is done or fails."""
        self._silent_since: float | None = None
        """When the model server was last heard from, while an answer is awaited."""
        self._waiting_note: _Note | None = None
        self._effects: dict[str, str] = {}
        """Call id → effect id, for the calls of the answers so far."""

    def apply(self, event: AgentEvent, now: float) -> bool:
        """Take in a runtime event at `now` (monotonic seconds); whether it changed what the
        turn shows."""
        heard = self._heard(event, now)
        if isinstance(event, TextDelta):
            self.add_text(event.iteration, event.text)
        elif isinstance(event, ModelResponseEvent):
            self.finish_response(event.iteration, event.message)
        elif isinstance(event, ToolCallEvent):
            self.tool_started(event.call)
        elif isinstance(event, ToolResultEvent):
            self.tool_finished(event.result)
        elif isinstance(event, CompactionStartedEvent):
            self._summary_note = _Note(SUMMARIZING_NOTE.format(count=event.messages))
            self._items.append(self._summary_note)
        elif isinstance(event, CompactionEvent):
            self._finish_summary(SUMMARIZED_NOTE.format(count=event.summarized_messages))
        elif isinstance(event, ErrorEvent) and isinstance(event.error, CompactionError):
            self._finish_summary(SUMMARY_FAILED_NOTE)
        else:
            return heard
        return True

    def _heard(self, event: AgentEvent, now: float) -> bool:
        """Follow the server's silence: it starts with a request, and ends with any part of
        its answer or the request's end. Whether a waiting line went away."""
        if isinstance(event, ModelRequestEvent | TextDelta | ModelHeardEvent):
            self._silent_since = now
        elif isinstance(event, ModelResponseEvent | ErrorEvent):
            self._silent_since = None
        else:
            return False
        note, self._waiting_note = self._waiting_note, None
        if note is None:
            return False
        self._items.remove(note)
        return True

    def show_silence(self, now: float, *, local: bool) -> bool:
        """Say how long the server has been silent, once it is long enough to notice; a
        `local` server may be loading its model. Whether the turn's text changed."""
        since = self._silent_since
        if since is None or now - since < SILENCE_NOTICED_AFTER:
            return False
        text = (WAITING_LOCAL_NOTE if local else WAITING_NOTE).format(seconds=int(now - since))
        if self._waiting_note is None:
            self._waiting_note = _Note(text)
            self._items.append(self._waiting_note)
        elif self._waiting_note.text == text:
            return False
        self._waiting_note.text = text
        return True

    def add_text(self, iteration: int, text: str) -> None:
        last = self._items[-1] if self._items else None
        if isinstance(last, _Text) and last.iteration == iteration:
            last.chunks.append(text)
        else:
            self._items.append(_Text(iteration, [text]))

    def finish_response(self, iteration: int, message: AssistantMessage) -> None:
        """Replace the streamed text of `iteration` with the stored answer (exactly once)."""
        self._effects.update({call.id: effect_id(message, call) for call in message.tool_calls})
        texts = [i for i in self._items if isinstance(i, _Text) and i.iteration == iteration]
        if texts:
            texts[0].chunks = [message.text]
            for extra in texts[1:]:
                self._items.remove(extra)
        elif message.text:
            self._items.append(_Text(iteration, [message.text]))

    def tool_started(self, call: ToolCall) -> None:
        self._items.append(_Tool(call.id, call.name, translate("LiveTurn", "running…")))

    def tool_waiting(self, call_id: str) -> None:
        self._set_tool_state(call_id, translate("LiveTurn", "waiting for your answer…"))

    def tool_finished(self, result: ToolResult) -> None:
        state = tool_result_state(result)
        effect = self._effects.get(result.tool_call_id)
        if not self._set_tool_state(result.tool_call_id, state, effect):
            self._items.append(_Tool(result.tool_call_id, result.tool_name, state, effect))

    def _finish_summary(self, text: str) -> None:
        note, self._summary_note = self._summary_note, None
        if note is None:
            self._items.append(_Note(text))
        else:
            note.text = text

    def markdown(self) -> LiveMarkdown:
        """The turn so far: the person's message, then the assistant's text and steps in the
        order they happened, under one heading."""
        blocks = [user_block(self._request)] if self._request is not None else []
        streamed = ""
        speaking = False
        for item in self._items:
            streamed = ""
            said: str | None = None
            if isinstance(item, _Tool):
                said = step_line(item.name, item.state, self._titles, item.effect)
            elif isinstance(item, _Note):
                blocks.append(f"*{shown(item.text)}*")
            else:
                if len(item.chunks) > 1:
                    item.chunks[:] = ["".join(item.chunks)]  # Joined once, not every frame.
                text = "".join(item.chunks)
                if text.strip():
                    said = streamed = text.strip()
            if said is not None:
                blocks.append(said if speaking else f"{assistant_heading()}\n\n{said}")
                speaking = True
        joined = "\n\n".join(blocks)
        return LiveMarkdown(joined, len(joined) - len(streamed) if streamed else None)

    def _set_tool_state(self, call_id: str, state: str, effect: str | None = None) -> bool:
        """Set the state of the newest line of `call_id` (a server may reuse call ids)."""
        for item in reversed(self._items):
            if isinstance(item, _Tool) and item.call_id == call_id:
                item.state = state
                item.effect = effect
                return True
        return False
