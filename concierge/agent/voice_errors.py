"""Why a realtime session could not start or go on: each message says what happened and
what to do, marked for translation; the library's or server's own words go in `detail`.
"""

from __future__ import annotations

from collections.abc import Mapping

from websockets.exceptions import InvalidHandshake, InvalidStatus, InvalidURI

from concierge.text import QT_TRANSLATE_NOOP

from .errors import AgentRunError
from .voice_events import VoiceError, VoiceErrorKind

UNSUPPORTED = QT_TRANSLATE_NOOP(
    "Voice",
    "This server does not offer realtime voice (no WebSocket endpoint at {url}). Choose a "
    "server and model with realtime support in Settings, or keep typing.",
)
UNKNOWN_MODEL = QT_TRANSLATE_NOOP(
    "Voice",
    "The server refused the voice model “{model}”: {reason} Choose a realtime model in Settings.",
)
AUTH = QT_TRANSLATE_NOOP(
    "Voice",
    "The server refused the API key for voice (HTTP {status}). Check the API key in Settings.",
)
REFUSED = QT_TRANSLATE_NOOP(
    "Voice",
    "Could not reach the voice server at {url}. Check that it is running and that the "
    "address in Settings is right.",
)
HTTP_STATUS = QT_TRANSLATE_NOOP(
    "Voice", "The voice server answered with HTTP {status} at {url}. Try again later."
)
NO_SESSION = QT_TRANSLATE_NOOP(
    "Voice",
    "The voice server did not start a session within {seconds} seconds. Try again, or "
    "check that the server supports realtime voice.",
)
SESSION_REFUSED = QT_TRANSLATE_NOOP(
    "Voice", "The voice server refused to set up the session: {reason}"
)
SERVER_ERROR = QT_TRANSLATE_NOOP("Voice", "The voice server reported a problem: {reason}")
DROPPED = QT_TRANSLATE_NOOP(
    "Voice",
    "The connection to the voice server was lost and could not be restored. The "
    "conversation is kept; start voice again to go on.",
)
CONTEXT_FAILED = QT_TRANSLATE_NOOP(
    "Voice",
    "The assistant could not read the trip's current state ({reason}). It did not answer; "
    "try again.",
)

UNKNOWN_MODEL_CODES = frozenset({"model_not_found", "invalid_model", "unsupported_model"})


class VoiceSessionError(AgentRunError):
    """A realtime session could not start; `str(error)` is readable by the person and
    `event` is the `VoiceError` the bridge emitted."""

    def __init__(self, event: VoiceError) -> None:
        super().__init__(event.message)
        self.event = event


def dropped(detail: str = "") -> VoiceError:
    """The event for a socket that closed under the session."""
    return VoiceError(VoiceErrorKind.CONNECTION, DROPPED, True, detail)


def connect_failure(error: BaseException, url: str) -> VoiceError:
    """The event for an exception raised while opening the socket."""
    detail = f"{type(error).__name__}: {error}"
    if isinstance(error, InvalidStatus):
        status = error.response.status_code
        if status in (401, 403):
            return VoiceError(VoiceErrorKind.AUTH, AUTH.format(status=status), True, detail)
        if status in (404, 405, 426, 501):
            return VoiceError(VoiceErrorKind.UNSUPPORTED, UNSUPPORTED.format(url=url), True, detail)
        message = HTTP_STATUS.format(status=status, url=url)
        return VoiceError(VoiceErrorKind.CONNECTION, message, True, detail)
    if isinstance(error, InvalidHandshake | InvalidURI):
        return VoiceError(VoiceErrorKind.UNSUPPORTED, UNSUPPORTED.format(url=url), True, detail)
    return VoiceError(VoiceErrorKind.CONNECTION, REFUSED.format(url=url), True, detail)


def server_error(payload: Mapping[str, object], *, during_setup: bool, model: str) -> VoiceError:
    """The event for a server `error` event: fatal while the session is set up."""
    error = payload.get("error")
    fields = error if isinstance(error, Mapping) else {}
    reason = str(fields.get("message") or "no reason given.").strip()
    code = str(fields.get("code") or "")
    detail = f"{code}: {reason}" if code else reason
    if during_setup and code in UNKNOWN_MODEL_CODES:
        message = UNKNOWN_MODEL.format(model=model, reason=reason)
        return VoiceError(VoiceErrorKind.UNSUPPORTED, message, True, detail)
    if during_setup:
        return VoiceError(
            VoiceErrorKind.SERVER, SESSION_REFUSED.format(reason=reason), True, detail
        )
    return VoiceError(VoiceErrorKind.SERVER, SERVER_ERROR.format(reason=reason), False, detail)
