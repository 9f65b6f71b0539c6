"""Opening a PortAudio stream at 24 kHz, or at the device's own rate when it refuses."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from .devices import AudioDevice, Backend, Direction
from .errors import open_failed
from .pcm import CHANNELS, SAMPLE_RATE

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


def close_stream(backend: Backend, stream: Any) -> None:
    """Stop at once (buffered audio is dropped) and release the device."""
    try:
        stream.abort()
        stream.close()
    except backend.PortAudioError as error:
        log.warning("closing a sound stream failed: %s", error)
