"""The audio format the Realtime API speaks, and PCM16 <-> integer samples."""

from __future__ import annotations

import sys
from array import array

from concierge.agent.voice_events import SAMPLE_RATE as SAMPLE_RATE
from concierge.agent.voice_events import SAMPLE_WIDTH as SAMPLE_WIDTH

CHANNELS = 1
BLOCK_FRAMES = 960
"""40 ms per capture block: short enough for a lively meter and quick turn-taking, long
enough that the event loop is not woken too often."""
FULL_SCALE = 32768


def samples(pcm: bytes) -> array[int]:
    """The signed 16-bit samples of little-endian PCM16 `pcm` (a trailing odd byte is dropped)."""
    values = array("h")
    values.frombytes(pcm[: len(pcm) - len(pcm) % SAMPLE_WIDTH])
    if sys.byteorder == "big":
        values.byteswap()
    return values


def to_pcm(values: array[int]) -> bytes:
    """Little-endian PCM16 bytes of signed 16-bit `values`."""
    if sys.byteorder == "big":
        values = array("h", values)
        values.byteswap()
    return values.tobytes()
