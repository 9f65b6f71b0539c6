"""What a realtime voice session reports to its host (the voice mode UI), without Qt.

Every event is a frozen dataclass with a literal `type`, so a host matches on the class or
on `event.type`. Text a person reads (`VoiceError.message`) is marked for translation where
it is declared and shown with `concierge.ui.i18n.shown`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal, TypeAlias

from .messages import Message, ToolStatus

SAMPLE_RATE = 24_000
"""Audio in and out: mono PCM16 little-endian at this rate, as the realtime API expects."""
SAMPLE_WIDTH = 2
"""Bytes per sample (signed 16-bit)."""


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


@dataclass(frozen=True, slots=True)
class SessionReady:
    """The session is set up (instructions, tools, conversation so far, app state): the
    host may stream audio. `reconnected` after a dropped socket was replaced."""

    session_id: str
    reconnected: bool = False
    type: Literal["session_ready"] = "session_ready"


@dataclass(frozen=True, slots=True)
class SpeechStarted:
    """The server heard the person begin to speak: stop playing the assistant (barge-in)."""

    item_id: str
    audio_start_ms: int
    type: Literal["speech_started"] = "speech_started"


@dataclass(frozen=True, slots=True)
class SpeechStopped:
    item_id: str
    audio_end_ms: int
    type: Literal["speech_stopped"] = "speech_stopped"


@dataclass(frozen=True, slots=True)
class UserTranscriptDelta:
    """Part of the transcript of what the person said in item `item_id`."""

    item_id: str
    text: str
    type: Literal["user_transcript_delta"] = "user_transcript_delta"


@dataclass(frozen=True, slots=True)
class UserTranscriptFinal:
    """The whole transcript of item `item_id`; it is stored as the person's message."""

    item_id: str
    text: str
    type: Literal["user_transcript_final"] = "user_transcript_final"


@dataclass(frozen=True, slots=True)
class AssistantTranscriptDelta:
    response_id: str
    item_id: str
    text: str
    type: Literal["assistant_transcript_delta"] = "assistant_transcript_delta"


@dataclass(frozen=True, slots=True)
class AssistantTranscriptFinal:
    """The whole transcript of one spoken answer (cut where the person interrupted it)."""

    response_id: str
    item_id: str
    text: str
    interrupted: bool = False
    type: Literal["assistant_transcript_final"] = "assistant_transcript_final"


@dataclass(frozen=True, slots=True)
class AssistantAudio:
    """A chunk of the answer's voice: mono PCM16 little-endian at `SAMPLE_RATE`."""

    response_id: str
    item_id: str
    pcm: bytes
    type: Literal["assistant_audio"] = "assistant_audio"


@dataclass(frozen=True, slots=True)
class ResponseStarted:
    response_id: str
    type: Literal["response_started"] = "response_started"


@dataclass(frozen=True, slots=True)
class ResponseFinished:
    """An answer ended; `status` is the server's ("completed", "cancelled", …)."""

    response_id: str
    status: str
    type: Literal["response_finished"] = "response_finished"


@dataclass(frozen=True, slots=True)
class ToolStarted:
    """The assistant called a tool; `title` is the tool's title for people ("" if none)."""

    call_id: str
    name: str
    title: str
    arguments: str
    type: Literal["tool_started"] = "tool_started"


@dataclass(frozen=True, slots=True)
class ToolFinished:
    """The call's one result went back to the session (also when it failed or was denied)."""

    call_id: str
    name: str
    title: str
    status: ToolStatus
    content: str
    type: Literal["tool_finished"] = "tool_finished"


@dataclass(frozen=True, slots=True)
class Stored:
    """Voice turns were appended to the agent's history store (the trip's conversation):
    the chat view reloads or appends `messages`."""

    messages: tuple[Message, ...]
    type: Literal["stored"] = "stored"


@dataclass(frozen=True, slots=True)
class ContextSent:
    """An app-state snapshot went to the session as a conversation item."""

    sequence: int
    text: str
    type: Literal["context_sent"] = "context_sent"


@dataclass(frozen=True, slots=True)
class VoiceError:
    """Something went wrong; `message` says what and what to do, for the person (marked
    for translation). `fatal`: the session is over (a `Closed` follows)."""

    kind: VoiceErrorKind
    message: str
    fatal: bool
    detail: str = ""
    """The server's or library's own words, for logs and tool tips; not translated."""
    type: Literal["error"] = "error"


@dataclass(frozen=True, slots=True)
class Reconnecting:
    """The socket dropped; a new session is being set up (attempt `attempt` of `attempts`)."""

    attempt: int
    attempts: int
    type: Literal["reconnecting"] = "reconnecting"


@dataclass(frozen=True, slots=True)
class Closed:
    """The session ended: by `close()` (`by_host`) or because it could not go on."""

    by_host: bool
    type: Literal["closed"] = "closed"


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
