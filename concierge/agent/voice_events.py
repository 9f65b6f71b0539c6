"""What a realtime voice session reports to its host (the voice mode UI), without Qt.

A host matches an event on its class or on `event.type`. Text a person reads
(`VoiceError.message`) is marked for translation where it is declared and shown with
`concierge.ui.i18n.shown`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeAlias

from .events import Event
from .messages import Message, ToolStatus

SAMPLE_RATE = 24_000
"""Audio in and out: mono PCM16 little-endian at this rate, as the realtime API expects."""
SAMPLE_WIDTH = 2
"""Bytes per sample (signed 16-bit)."""
BYTES_PER_MS = SAMPLE_RATE * SAMPLE_WIDTH // 1000


class TurnDetection(StrEnum):
    """Who decides that the person has finished speaking."""

    HANDS_FREE = "hands_free"
    """The server detects speech and its end (server VAD) and answers by itself."""
    PUSH_TO_TALK = "push_to_talk"
    """The host calls `commit_audio()` when the talk button is released."""


class VoiceErrorKind(StrEnum):
    UNSUPPORTED = "unsupported"
    """The server has no realtime (WebSocket) endpoint, or not for this model."""
    CONNECTION = "connection"
    """The server could not be reached, or the socket dropped and reconnecting failed."""
    AUTH = "auth"
    """The server refused the API key."""
    SERVER = "server"
    """The server reported an error inside a working session (an `error` event)."""
    CONTEXT = "context"
    """The app state could not be read (a context provider failed)."""


class SessionReady(Event, type="session_ready"):
    """The session is set up (instructions, tools, conversation so far, app state): the
    host may stream audio. `reconnected` after a dropped socket was replaced."""

    session_id: str
    reconnected: bool = False


class _ItemEvent(Event):
    item_id: str


class SpeechStarted(_ItemEvent, type="speech_started"):
    """The server heard the person begin to speak: stop playing the assistant (barge-in)."""


class SpeechStopped(_ItemEvent, type="speech_stopped"):
    """The server heard the person stop speaking: an answer comes."""


class _ItemText(_ItemEvent):
    text: str


class UserTranscriptDelta(_ItemText, type="user_transcript_delta"):
    """Part of the transcript of what the person said in item `item_id`."""


class UserTranscriptFinal(_ItemText, type="user_transcript_final"):
    """The whole transcript of item `item_id`; it is stored as the person's message."""


class _AnswerEvent(Event):
    response_id: str


class ResponseStarted(_AnswerEvent, type="response_started"):
    """The server began an answer."""


class ResponseFinished(_AnswerEvent, type="response_finished"):
    """An answer ended; `status` is the server's ("completed", "cancelled", …)."""

    status: str


class _AnswerItem(_AnswerEvent):
    item_id: str


class AssistantTranscriptDelta(_AnswerItem, type="assistant_transcript_delta"):
    text: str


class AssistantTranscriptFinal(_AnswerItem, type="assistant_transcript_final"):
    """The whole transcript of one spoken answer (cut where the person interrupted it)."""

    text: str
    interrupted: bool = False


class AssistantAudio(_AnswerItem, type="assistant_audio"):
    """A chunk of the answer's voice: mono PCM16 little-endian at `SAMPLE_RATE`."""

    pcm: bytes


class _ToolEvent(Event):
    """`title` is the tool's title for people ("" if none)."""

    call_id: str
    name: str
    title: str


class ToolStarted(_ToolEvent, type="tool_started"):
    arguments: str


class ToolFinished(_ToolEvent, type="tool_finished"):
    """The call's one result went back to the session (also when it failed or was denied)."""

    status: ToolStatus
    content: str


class Stored(Event, type="stored"):
    """Voice turns were appended to the agent's history store (the trip's conversation):
    the chat view reloads or appends `messages`."""

    messages: tuple[Message, ...]


class ContextSent(Event, type="context_sent"):
    """An app-state snapshot went to the session as a conversation item."""

    sequence: int
    text: str


class VoiceError(Event, type="error"):
    """Something went wrong; `message` says what and what to do, for the person (marked
    for translation). `fatal`: the session is over (a `Closed` follows)."""

    kind: VoiceErrorKind
    message: str
    fatal: bool
    detail: str = ""
    """The server's or library's own words, for logs and tool tips; not translated."""


class Reconnecting(Event, type="reconnecting"):
    """The socket dropped; a new session is being set up (attempt `attempt` of `attempts`)."""

    attempt: int
    attempts: int


class Closed(Event, type="closed"):
    """The session ended: by `close()` (`by_host`) or because it could not go on."""

    by_host: bool


VoiceEvent: TypeAlias = (
    SessionReady
    | SpeechStarted
    | SpeechStopped
    | UserTranscriptDelta
    | UserTranscriptFinal
    | AssistantTranscriptDelta
    | AssistantTranscriptFinal
    | AssistantAudio
    | ResponseStarted
    | ResponseFinished
    | ToolStarted
    | ToolFinished
    | Stored
    | ContextSent
    | VoiceError
    | Reconnecting
    | Closed
)
