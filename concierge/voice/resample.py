"""Band-limited resampling of mono PCM16 in pure Python, for a device that will not run at
24 kHz: windowed sinc with the cutoff at the lower Nyquist frequency, so nothing aliases.
"""

from __future__ import annotations

import math
import operator
from array import array
from functools import lru_cache

from .pcm import samples, to_pcm

ZERO_CROSSINGS = 8
"""Sinc lobes each side of the centre (at the output's bandwidth): the filter's sharpness."""


class Resampler:
    """Converts mono PCM16 from `source_rate` to `target_rate` Hz, block by block."""

    def __init__(self, source_rate: int, target_rate: int) -> None:
        if source_rate <= 0 or target_rate <= 0:
            raise ValueError("Sample rates must be positive.")
        common = math.gcd(source_rate, target_rate)
        self.source_rate, self.target_rate = source_rate, target_rate
        self._up, self._down = target_rate // common, source_rate // common
        cutoff = min(1.0, self._up / self._down)
        """Relative to the input's Nyquist frequency."""
        self._reach = math.ceil(ZERO_CROSSINGS / cutoff)
        """Input samples used each side of an output sample's position."""
        self._cutoff = cutoff
        self._buffer: list[int] = [0] * self._reach
        """Input not yet fully used; starts with silence so the first output is centred."""
        self._start = -self._reach
        """The input index of `_buffer[0]`."""
        self._received = 0
        self._produced = 0

    @property
    def passthrough(self) -> bool:
        return self._up == self._down

    def feed(self, pcm: bytes) -> bytes:
        """Convert the next block; returns what can be produced so far."""
        if self.passthrough:
            return pcm
        values = samples(pcm)
        self._buffer.extend(values)
        self._received += len(values)
        return self._produce(self._received)

    def flush(self) -> bytes:
        """The rest, as if silence followed."""
        if self.passthrough:
            return b""
        self._buffer.extend([0] * self._reach)
        return self._produce(self._received, final=True)

    def _produce(self, available: int, *, final: bool = False) -> bytes:
        out = array("h")
        up, down, reach = self._up, self._down, self._reach
        total = -(-self._received * up // down)  # ceil: the output length of all the input
        buffer, start = self._buffer, self._start
        while self._produced < total:
            position = self._produced * down
            centre, phase = divmod(position, up)
            if not final and centre + reach > available - 1:
                break
            taps = _taps(up, phase, reach, self._cutoff)
            first = centre - reach + 1 - start
            window = buffer[first : first + 2 * reach]
            value = round(sum(map(operator.mul, taps, window)))
            out.append(max(-32768, min(32767, value)))
            self._produced += 1
        keep_from = (self._produced * down) // up - reach + 1 - start
        if keep_from > 0:
            del buffer[:keep_from]
            self._start += keep_from
        return to_pcm(out)


@lru_cache(maxsize=4096)
def _taps(up: int, phase: int, reach: int, cutoff: float) -> tuple[float, ...]:
    """Weights of the input samples centre-reach+1 .. centre+reach for an output that lies
    `phase/up` of a sample after `centre`; they sum to one (silence and DC pass unchanged)."""
    offset = phase / up
    weights = []
    for j in range(-reach + 1, reach + 1):
        distance = j - offset
        x = distance * cutoff
        sinc = 1.0 if x == 0 else math.sin(math.pi * x) / (math.pi * x)
        edge = distance / reach  # -1..1 across the window
        blackman = (
            0.42 + 0.5 * math.cos(math.pi * edge) + 0.08 * math.cos(2 * math.pi * edge)
            if abs(edge) < 1
            else 0.0
        )
        weights.append(sinc * blackman)
    scale = sum(weights)
    return tuple(w / scale for w in weights)


def resample(pcm: bytes, source_rate: int, target_rate: int) -> bytes:
    """All of mono PCM16 `pcm` at `target_rate` (length scaled by the ratio, rounded up)."""
    converter = Resampler(source_rate, target_rate)
    return converter.feed(pcm) + converter.flush()
