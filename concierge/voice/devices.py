"""The sound devices PortAudio offers. `sounddevice` (and PortAudio) load on first use,
a failure becoming an `AudioError` that says what to install; the backend is a parameter,
so tests and machines without a sound card run the same paths with a stand-in.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from .errors import device_missing, no_device, no_library

Direction = Literal["input", "output"]
Backend = Any
"""The `sounddevice` module, or a stand-in with the same names."""

_loaded: Backend | None = None


def load_backend(importer: Callable[[str], Any] = importlib.import_module) -> Backend:
    """The `sounddevice` module; raises `AudioError` when it or PortAudio is missing."""
    global _loaded
    if _loaded is not None and importer is importlib.import_module:
        return _loaded
    try:
        module = importer("sounddevice")
    except (ImportError, OSError) as error:  # OSError: "PortAudio library not found"
        raise no_library(str(error)) from error
    if importer is importlib.import_module:
        _loaded = module
    return module


@dataclass(frozen=True, slots=True)
class AudioDevice:
    index: int
    name: str
    host_api: str
    inputs: int
    """Input channels (0: cannot record)."""
    outputs: int
    default_rate: float
    default_input: bool = False
    default_output: bool = False

    @property
    def label(self) -> str:
        """Name and sound system: the same microphone can appear under ALSA and PulseAudio."""
        return f"{self.name} ({self.host_api})" if self.host_api else self.name

    def can(self, direction: Direction) -> bool:
        return (self.inputs if direction == "input" else self.outputs) > 0


def list_devices(backend: Backend | None = None) -> list[AudioDevice]:
    """Every device PortAudio knows; `AudioError` when PortAudio is missing."""
    sd = backend if backend is not None else load_backend()
    try:
        raw = list(sd.query_devices())
        apis = [api.get("name", "") for api in sd.query_hostapis()]
        default_in, default_out = _defaults(sd)
    except sd.PortAudioError as error:
        raise no_library(str(error)) from error
    devices = []
    for index, info in enumerate(raw):
        api = info.get("hostapi", -1)
        devices.append(
            AudioDevice(
                index=int(info.get("index", index)),
                name=str(info.get("name", "")),
                host_api=apis[api] if 0 <= api < len(apis) else "",
                inputs=int(info.get("max_input_channels", 0)),
                outputs=int(info.get("max_output_channels", 0)),
                default_rate=float(info.get("default_samplerate", 0) or 0),
                default_input=int(info.get("index", index)) == default_in,
                default_output=int(info.get("index", index)) == default_out,
            )
        )
    return devices


def _defaults(sd: Backend) -> tuple[int, int]:
    try:
        pair = list(sd.default.device)
    except (AttributeError, TypeError):
        return -1, -1
    return (int(pair[0]) if pair[0] is not None else -1), (
        int(pair[1]) if pair[1] is not None else -1
    )


def choose_device(direction: Direction, wanted: str, backend: Backend | None = None) -> AudioDevice:
    """The device named `wanted` (its `label`, as Settings stores it), or the system's
    default when `wanted` is empty; `AudioError` when there is none or it is not connected."""
    devices = [d for d in list_devices(backend) if d.can(direction)]
    if not devices:
        raise no_device(direction)
    if wanted:
        for device in devices:
            if wanted in (device.label, device.name):
                return device
        raise device_missing(wanted)
    for device in devices:
        if device.default_input if direction == "input" else device.default_output:
            return device
    return devices[0]
