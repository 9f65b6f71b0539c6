"""Opening a PortAudio stream at 24 kHz, or at the device's own rate when it refuses."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from .devices import AudioDevice, Backend, Direction, choose_device, load_backend
from .errors import open_failed
from .pcm import CHANNELS, SAMPLE_RATE
from .resample import Resampler

log = logging.getLogger(__name__)


def open_stream(
    backend: Backend,
    direction: Direction,
    device: AudioDevice,
    block_seconds: float,
    callback: Callable[..., None],
) -> tuple[Any, int]:
    """A started raw int16 mono stream on `device` and the rate it runs at: 24 kHz if the
    device takes it, else its default rate (the caller resamples). Raises `AudioError`."""
    factory = backend.RawInputStream if direction == "input" else backend.RawOutputStream
    rates = [SAMPLE_RATE]
    if device.default_rate and round(device.default_rate) != SAMPLE_RATE:
        rates.append(round(device.default_rate))
    last: Exception | None = None
    for rate in rates:
        try:
            stream = factory(
                device=device.index,
                samplerate=rate,
                channels=CHANNELS,
                dtype="int16",
                blocksize=max(1, round(rate * block_seconds)),
                callback=callback,
            )
        except backend.PortAudioError as error:
            last = error
            log.info("%s refused %d Hz: %s", device.label, rate, error)
            continue
        try:
            stream.start()
        except backend.PortAudioError as error:
            stream.close()
            raise open_failed(device.label, str(error)) from error
        return stream, rate
    raise open_failed(device.label, str(last)) from last


class DeviceStream:
    """A stream on the device chosen in Settings (by its label; empty: the system's
    default), resampled to and from 24 kHz when the device runs at another rate."""

    def __init__(self, device: str = "", backend: Backend | None = None) -> None:
        self.device_name = device
        self._backend = backend
        self._stream: Any = None
        self._resampler: Resampler | None = None
        self.rate = SAMPLE_RATE
        """The rate the device runs at."""

    def _open(
        self, direction: Direction, block_seconds: float, callback: Callable[..., None]
    ) -> None:
        backend = self._backend if self._backend is not None else load_backend()
        device = choose_device(direction, self.device_name, backend)
        self._stream, self.rate = open_stream(backend, direction, device, block_seconds, callback)
        self._backend = backend
        rates = (self.rate, SAMPLE_RATE) if direction == "input" else (SAMPLE_RATE, self.rate)
        self._resampler = Resampler(*rates) if self.rate != SAMPLE_RATE else None

    def _close(self) -> None:
        """Stop at once (buffered audio is dropped) and release the device."""
        stream, self._stream = self._stream, None
        if stream is None or self._backend is None:
            return
        try:
            stream.abort()
            stream.close()
        except self._backend.PortAudioError as error:
            log.warning("closing a sound stream failed: %s", error)
