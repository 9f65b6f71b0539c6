"""A stand-in for the `sounddevice` module: devices as PortAudio lists them, streams whose
callbacks run on a real thread like PortAudio's, and the errors PortAudio raises."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


class PortAudioError(Exception):
    pass


@dataclass
class _Default:
    device: list[int | None] = field(default_factory=lambda: [None, None])


class FakeStream:
    def __init__(self, owner: FakeSoundDevice, kind: str, **params: Any) -> None:
        self.owner, self.kind, self.params = owner, kind, params
        self.started = self.closed = self.aborted = False

    def start(self) -> None:
        if self.owner.fail_start:
            raise PortAudioError(self.owner.fail_start)
        self.started = True

    def abort(self) -> None:
        self.aborted = True

    def close(self) -> None:
        self.closed = True

    @property
    def callback(self) -> Callable[..., None]:
        return self.params["callback"]  # type: ignore[no-any-return]

    def record(self, pcm: bytes) -> None:
        """Run the input callback on another thread, as PortAudio's audio thread does."""
        frames = len(pcm) // 2
        thread = threading.Thread(target=self.callback, args=(memoryview(pcm), frames, None, None))
        thread.start()
        thread.join()

    def pull(self, frames: int) -> bytes:
        """Run the output callback on another thread and return what it wrote."""
        out = bytearray(frames * 2)
        thread = threading.Thread(target=self.callback, args=(memoryview(out), frames, None, None))
        thread.start()
        thread.join()
        return bytes(out)


class FakeSoundDevice:
    PortAudioError = PortAudioError

    def __init__(self, devices: list[dict[str, Any]] | None = None) -> None:
        self.devices = devices or []
        self.default = _Default()
        self.refused_rates: set[int] = set()
        self.open_error: str | None = None
        self.fail_start: str | None = None
        self.streams: list[FakeStream] = []

    def query_devices(self) -> list[dict[str, Any]]:
        return self.devices

    def query_hostapis(self) -> tuple[dict[str, Any], ...]:
        return ({"name": "ALSA"},)

    def _open(self, kind: str, **params: Any) -> FakeStream:
        if self.open_error is not None:
            raise PortAudioError(self.open_error)
        if params["samplerate"] in self.refused_rates:
            raise PortAudioError(
                "Error opening RawInputStream: Invalid sample rate [PaErrorCode -9997]"
            )
        stream = FakeStream(self, kind, **params)
        self.streams.append(stream)
        return stream

    def RawInputStream(self, **params: Any) -> FakeStream:
        return self._open("input", **params)

    def RawOutputStream(self, **params: Any) -> FakeStream:
        return self._open("output", **params)


def device(
    index: int, name: str, inputs: int = 2, outputs: int = 2, rate: float = 48000.0
) -> dict[str, Any]:
    return {
        "index": index,
        "name": name,
        "hostapi": 0,
        "max_input_channels": inputs,
        "max_output_channels": outputs,
        "default_samplerate": rate,
    }
