"""Playing the assistant's voice, and silencing it at once when the person speaks. The
PortAudio callback takes from a deque without blocking and pads with silence; `stop` also
aborts the stream, dropping what the device buffered, so barge-in is heard within a block.
"""

from __future__ import annotations

import logging
from collections import deque
from typing import Any, Protocol

from .devices import Backend
from .pcm import SAMPLE_WIDTH
from .streams import DeviceStream

log = logging.getLogger(__name__)

OUTPUT_BLOCK_SECONDS = 0.02


class AudioOutput(Protocol):
    """Where the assistant's voice goes."""

    def play(self, pcm: bytes) -> None:
        """Queue 24 kHz mono PCM16 after what is already playing. Raises `AudioError`."""

    def stop(self) -> None:
        """Silence now and forget everything queued."""

    def close(self) -> None:
        """Release the device."""


class Speaker(DeviceStream):
    """The output device chosen in Settings."""

    def __init__(self, device: str = "", backend: Backend | None = None) -> None:
        super().__init__(device, backend)
        self._queue: deque[bytes] = deque()
        self._pending = b""
        """Part of a queued chunk the callback has not played yet (audio thread only)."""

    @property
    def playing(self) -> bool:
        """Audio is queued (the device may still be sounding its last block)."""
        return bool(self._queue) or bool(self._pending)

    def play(self, pcm: bytes) -> None:
        if self._stream is None:
            self._pending = b""
            self._open("output", OUTPUT_BLOCK_SECONDS, self._fill)
        if self._resampler is not None:
            pcm = self._resampler.feed(pcm)
        if pcm:
            self._queue.append(pcm)

    def _fill(self, out: Any, frames: int, time: Any, status: Any) -> None:
        """The audio thread: copy queued audio into `out`, silence for the rest."""
        wanted = frames * SAMPLE_WIDTH
        chunk = self._pending
        while len(chunk) < wanted and self._queue:
            try:
                chunk += self._queue.popleft()
            except IndexError:
                break
        out[: min(wanted, len(chunk))] = chunk[:wanted]
        if len(chunk) < wanted:
            out[len(chunk) : wanted] = bytes(wanted - len(chunk))
        self._pending = chunk[wanted:]

    def stop(self) -> None:
        self._queue.clear()
        self._close()
        self._pending = b""

    def close(self) -> None:
        self.stop()
