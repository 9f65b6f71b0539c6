"""Why audio could not start, each with a sentence saying what to do about it."""

from __future__ import annotations

import sys
from enum import StrEnum

from concierge.text import QT_TRANSLATE_NOOP, Translatable


class AudioProblem(StrEnum):
    NO_LIBRARY = "no_library"
    """PortAudio (or the sounddevice module) is not installed."""
    NO_DEVICE = "no_device"
    PERMISSION = "permission"
    BUSY = "busy"
    UNSUPPORTED = "unsupported"
    """The device will not take 16-bit mono audio at any rate we can use."""
    FAILED = "failed"


class AudioError(Exception):
    """Audio could not be listed, opened or run; `str()` says what to do (English, marked
    for translation; shown with `concierge.ui.i18n.shown`)."""

    def __init__(self, problem: AudioProblem, message: str, detail: str = "") -> None:
        super().__init__(message)
        self.problem = problem
        self.message = message
        self.detail = detail
        """What PortAudio said, for the log."""


def no_library(detail: str) -> AudioError:
    if sys.platform.startswith("linux"):
        text = QT_TRANSLATE_NOOP(
            "Voice",
            "Voice needs the PortAudio library, which is not installed. Install it "
            "(sudo apt install libportaudio2 on Debian and Ubuntu) and start the app again.",
        )
    else:
        text = QT_TRANSLATE_NOOP(
            "Voice",
            "Voice needs the PortAudio library, which could not be loaded. Reinstall the app "
            "and start it again.",
        )
    return AudioError(AudioProblem.NO_LIBRARY, text, detail)


def no_device(direction: str) -> AudioError:
    if direction == "input":
        text = QT_TRANSLATE_NOOP(
            "Voice",
            "No microphone was found. Connect one (or turn it on in your system's sound "
            "settings), then choose it under Settings ▸ Voice.",
        )
    else:
        text = QT_TRANSLATE_NOOP(
            "Voice",
            "No speaker or headphones were found. Connect some (or turn them on in your "
            "system's sound settings), then choose them under Settings ▸ Voice.",
        )
    return AudioError(AudioProblem.NO_DEVICE, text)


def device_missing(name: str) -> AudioError:
    return AudioError(
        AudioProblem.NO_DEVICE,
        QT_TRANSLATE_NOOP(
            "Voice",
            "The sound device “{name}” chosen in Settings ▸ Voice is not connected. Connect "
            "it, or choose another one there.",
        ).format(name=name),
    )


_OPEN_FAILURES: tuple[tuple[tuple[str, ...], AudioProblem, Translatable], ...] = (
    (
        ("permission", "access denied", "not permitted", "-9986"),
        AudioProblem.PERMISSION,
        QT_TRANSLATE_NOOP(
            "Voice",
            "The app may not use “{name}”. Allow Concierge to use the microphone in "
            "your system's privacy settings, then try again.",
        ),
    ),
    (
        ("busy", "unavailable", "-9985", "in use"),
        AudioProblem.BUSY,
        QT_TRANSLATE_NOOP(
            "Voice",
            "“{name}” is in use by another program. Close the program using it, or "
            "choose another device under Settings ▸ Voice, then try again.",
        ),
    ),
    (
        ("sample rate", "sample format", "channel"),
        AudioProblem.UNSUPPORTED,
        QT_TRANSLATE_NOOP(
            "Voice",
            "“{name}” cannot record or play 16-bit mono sound. Choose another device "
            "under Settings ▸ Voice.",
        ),
    ),
)
"""What PortAudio's words about a failed open mean, first match wins: the words, the
problem, and the sentence for the person."""


def open_failed(name: str, detail: str) -> AudioError:
    """The error for a device PortAudio could not open, from what it said."""
    said = detail.lower()
    for words, problem, template in _OPEN_FAILURES:
        if any(word in said for word in words):
            return AudioError(problem, template.format(name=name), detail)
    return AudioError(
        AudioProblem.FAILED,
        QT_TRANSLATE_NOOP(
            "Voice",
            "“{name}” could not be opened ({detail}). Check that it is connected, or choose "
            "another device under Settings ▸ Voice.",
        ).format(name=name, detail=detail),
        detail,
    )


_SILENT: dict[str, Translatable] = {
    "darwin": QT_TRANSLATE_NOOP(
        "Voice",
        "The microphone has sent only silence for a few seconds: Concierge may not be "
        "allowed to use it. Allow it under System Settings ▸ Privacy & Security ▸ "
        "Microphone, then start the app again.",
    ),
    "win32": QT_TRANSLATE_NOOP(
        "Voice",
        "The microphone has sent only silence for a few seconds: apps may not be allowed "
        "to use it. Allow it under Settings ▸ Privacy & security ▸ Microphone (Settings ▸ "
        "Privacy ▸ Microphone on Windows 10), then turn voice off and on again.",
    ),
    "linux": QT_TRANSLATE_NOOP(
        "Voice",
        "The microphone has sent only silence for a few seconds: it may be muted or "
        "blocked. Check its input in your sound settings (or PipeWire's or PulseAudio's "
        "volume control, such as pavucontrol), then turn voice off and on again.",
    ),
}
"""Where each system lets the person allow or unmute the microphone."""


def silent_microphone(platform: str = sys.platform) -> Translatable:
    """What to say when the microphone delivers only digital silence (macOS does when the
    app may not use it), and where to allow it on `platform`."""
    for prefix, text in _SILENT.items():
        if platform.startswith(prefix):
            return text
    return _SILENT["linux"]
