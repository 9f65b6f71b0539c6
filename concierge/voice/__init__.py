"""Voice: microphone capture and playback for the realtime assistant, without Qt.

Why `sounddevice` (PortAudio) and not QtMultimedia: QtMultimedia ships in PySide6-Addons,
not in the PySide6-Essentials wheel the app uses, and would add well over 100 MB to every
installer with the FFmpeg libraries it brings. `sounddevice` is about 100 KB of Python plus
PortAudio, which its Windows and macOS wheels bundle and which is one small Debian package
(`libportaudio2`) on Linux; it gives raw PCM16 blocks, which is all the Realtime API needs.

Audio is 24 kHz mono PCM16 little-endian both ways (`pcm.SAMPLE_RATE`). A device that will
not run at 24 kHz runs at its own rate and is resampled (`resample.Resampler`), in pure
Python, so numpy is not a dependency. Nothing here imports `sounddevice` until a device is
listed or opened, so the app starts without it (and without PortAudio).
"""

from __future__ import annotations

from .errors import AudioError, AudioProblem
from .levels import Level, level_of
from .pcm import BLOCK_FRAMES, CHANNELS, SAMPLE_RATE, SAMPLE_WIDTH
from .resample import Resampler, resample

__all__ = [
    "BLOCK_FRAMES",
    "CHANNELS",
    "SAMPLE_RATE",
    "SAMPLE_WIDTH",
    "AudioError",
    "AudioProblem",
    "Level",
    "Resampler",
    "level_of",
    "resample",
]
