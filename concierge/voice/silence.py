"""Telling a blocked microphone from a quiet one. macOS delivers digital silence, not an
error, when the app may not use the microphone; a working microphone in the quietest room
still hisses well above a few steps of 16-bit audio, so only a run of near-zero samples
counts, never quiet speech."""

from __future__ import annotations

from .pcm import SAMPLE_RATE, samples

SILENT_SECONDS = 3.0
"""How long a run of digital silence lasts before the person is told."""
NEAR_ZERO = 4
"""The largest sample still counted as digital silence (about -78 dBFS): dither and
rounding, not sound."""


class SilenceWatch:
    """Counts the samples of an unbroken run of digital silence; `feed` says once, when the
    run reaches `seconds`, that the microphone may be blocked."""

    def __init__(self, seconds: float = SILENT_SECONDS, rate: int = SAMPLE_RATE) -> None:
        self.limit = round(seconds * rate)
        self.run = 0
        self.told = False

    def feed(self, pcm: bytes) -> bool:
        """Take the next block; True the one time the run of silence reaches the limit."""
        values = samples(pcm)
        if not values:
            return False
        if max(values) > NEAR_ZERO or min(values) < -NEAR_ZERO:
            self.run = 0
            return False
        self.run += len(values)
        if self.told or self.run < self.limit:
            return False
        self.told = True
        return True
