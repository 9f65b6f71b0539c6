"""How loud a block of audio is, for the level meter: RMS and peak in dBFS."""

from __future__ import annotations

import math
import operator
from dataclasses import dataclass

from .pcm import FULL_SCALE, samples

SILENCE_DBFS = -96.0
"""The floor reported for digital silence (16-bit audio's dynamic range)."""


@dataclass(frozen=True, slots=True)
class Level:
    """Loudness of one block, in dB relative to full scale (0 is the loudest possible)."""

    rms_dbfs: float
    peak_dbfs: float


def dbfs(amplitude: float) -> float:
    """`amplitude` (0..1 of full scale) in dBFS, never below `SILENCE_DBFS`."""
    if amplitude <= 0:
        return SILENCE_DBFS
    return max(SILENCE_DBFS, 20 * math.log10(amplitude))


def level_of(pcm: bytes) -> Level:
    """RMS and peak of mono PCM16 `pcm`; an empty block is silence. A full-scale square wave
    reads 0 dBFS RMS, a full-scale sine about -3 dBFS."""
    values = samples(pcm)
    if not values:
        return Level(SILENCE_DBFS, SILENCE_DBFS)
    power = sum(map(operator.mul, values, values)) / len(values)
    peak = max(max(values), -min(values))
    return Level(dbfs(math.sqrt(power) / FULL_SCALE), dbfs(min(peak, FULL_SCALE) / FULL_SCALE))
