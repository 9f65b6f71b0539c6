"""Where the voice session's audio comes from: the microphone, or a recording. The
PortAudio callback runs on the audio thread and must never block, so it only hands each
block to the loop (`call_soon_threadsafe`), where resampling and the rest happen.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import wave
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from .devices import Backend
from .pcm import BLOCK_FRAMES, SAMPLE_RATE, SAMPLE_WIDTH, samples, to_pcm
from .resample import resample
from .silence import SilenceWatch
from .streams import DeviceStream

log = logging.getLogger(__name__)

Deliver = Callable[[bytes], None]


class CaptureSource(Protocol):
    """What the voice session records from."""

    def start(self, deliver: Deliver) -> None:
        """Begin; `deliver` gets each block on the loop's thread. Raises `AudioError`."""

    def stop(self) -> None:
        """End at once; no block is delivered afterwards."""


class Microphone(DeviceStream):
    """The input device chosen in Settings; `on_silence` is called once a session when it
    has delivered only digital silence for a few seconds (it may be blocked)."""

    def __init__(
        self,
        device: str = "",
        backend: Backend | None = None,
        *,
        on_silence: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(device, backend)
        self.on_silence = on_silence
        self._deliver: Deliver | None = None
        self._silence = SilenceWatch()

    def start(self, deliver: Deliver) -> None:
        loop = asyncio.get_running_loop()
        self._deliver = deliver
        self._silence = SilenceWatch()

        def on_audio(data: Any, frames: int, time: Any, status: Any) -> None:
            # The audio thread: copy and hand over, nothing else.
            block = bytes(data)
            with contextlib.suppress(RuntimeError):  # the loop has closed: tearing down
                loop.call_soon_threadsafe(self._arrived, block)

        self._open("input", BLOCK_FRAMES / SAMPLE_RATE, on_audio)

    def _arrived(self, block: bytes) -> None:
        if self._deliver is None:
            return
        if self._resampler is not None:
            block = self._resampler.feed(block)
        if block:
            self._deliver(block)
            if self._silence.feed(block) and self.on_silence is not None:
                self.on_silence()

    def stop(self) -> None:
        self._deliver = None
        self._close()


class RecordedSource:
    """A recording played in at the pace of real time (`pace` 2.0: twice as fast), then the
    silence of a quiet room until stopped: a voice session fed from a file, without a sound card."""

    def __init__(self, pcm: bytes, *, pace: float = 1.0, then_silence: bool = True) -> None:
        self.pcm = pcm
        self.pace = pace
        self.then_silence = then_silence
        self.finished = asyncio.Event()
        """Set once the whole recording has been delivered."""
        self._handle: asyncio.TimerHandle | None = None
        self._offset = 0
        self._running = False

    @classmethod
    def from_wave(cls, path: Path, **options: Any) -> RecordedSource:
        """A 16-bit WAV file at any rate, mono or stereo (averaged), as 24 kHz mono."""
        with wave.open(str(path), "rb") as file:
            if file.getsampwidth() != SAMPLE_WIDTH:
                raise ValueError(f"{path.name} is not 16-bit audio.")
            channels, rate = file.getnchannels(), file.getframerate()
            data = file.readframes(file.getnframes())
        if channels > 1:
            values = samples(data)
            frames = range(0, len(values), channels)
            data = to_pcm(array("h", (sum(values[i : i + channels]) // channels for i in frames)))
        return cls(resample(data, rate, SAMPLE_RATE), **options)

    def start(self, deliver: Deliver) -> None:
        loop = asyncio.get_running_loop()
        block_bytes = BLOCK_FRAMES * SAMPLE_WIDTH
        interval = BLOCK_FRAMES / SAMPLE_RATE / self.pace

        self._running = True
        due = loop.time()

        def next_block() -> None:
            nonlocal due
            if not self._running:
                return
            block = self.pcm[self._offset : self._offset + block_bytes]
            self._offset += len(block)
            if len(block) < block_bytes:
                self.finished.set()
                if not self.then_silence:
                    if block:
                        deliver(block)
                    self._handle = None
                    return
                block += bytes(block_bytes - len(block))
            deliver(block)
            if self._running:  # `deliver` may have stopped the source
                due += interval  # by the clock, so the pace does not drift
                self._handle = loop.call_at(due, next_block)

        due += interval
        self._handle = loop.call_at(due, next_block)

    def stop(self) -> None:
        self._running = False
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
