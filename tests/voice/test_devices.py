"""Listing and opening sound devices, without a sound card: PortAudio missing, no devices,
a device that refuses 24 kHz, one that is busy or forbidden."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from concierge.voice.capture import Microphone
from concierge.voice.devices import choose_device, list_devices, load_backend
from concierge.voice.errors import AudioError, AudioProblem
from concierge.voice.playback import Speaker

from .fake_portaudio import FakeSoundDevice, device
from .test_resample import frequency_of, tone


def test_a_missing_portaudio_says_what_to_install() -> None:
    def importer(name: str) -> Any:
        raise OSError("PortAudio library not found")

    with pytest.raises(AudioError) as caught:
        load_backend(importer)
    assert caught.value.problem is AudioProblem.NO_LIBRARY
    assert "PortAudio" in str(caught.value)
    assert "PortAudio library not found" in caught.value.detail


def test_no_devices_is_a_clear_error_for_each_direction() -> None:
    backend = FakeSoundDevice([])
    assert list_devices(backend) == []
    with pytest.raises(AudioError, match="No microphone was found") as caught:
        choose_device("input", "", backend)
    assert caught.value.problem is AudioProblem.NO_DEVICE
    with pytest.raises(AudioError, match="No speaker or headphones were found"):
        Speaker(backend=backend).play(bytes(960))


async def test_the_microphone_without_devices_fails_to_start_with_the_reason() -> None:
    with pytest.raises(AudioError, match="No microphone"):
        Microphone(backend=FakeSoundDevice([])).start(lambda block: None)


def test_devices_are_listed_with_the_defaults_and_chosen_by_label() -> None:
    backend = FakeSoundDevice(
        [device(0, "HDA Intel", inputs=2), device(1, "USB Headset"), device(2, "HDMI", inputs=0)]
    )
    backend.default.device = [1, 2]
    devices = list_devices(backend)
    assert [(d.label, d.default_input, d.default_output) for d in devices] == [
        ("HDA Intel (ALSA)", False, False),
        ("USB Headset (ALSA)", True, False),
        ("HDMI (ALSA)", False, True),
    ]
    assert choose_device("input", "", backend).name == "USB Headset"
    assert choose_device("output", "", backend).name == "HDMI"
    assert choose_device("input", "HDA Intel (ALSA)", backend).index == 0
    with pytest.raises(AudioError, match="“Lost Mic” chosen in Settings ▸ Voice is not connected"):
        choose_device("input", "Lost Mic", backend)
    with pytest.raises(AudioError):
        choose_device("input", "HDMI (ALSA)", backend)  # it cannot record


@pytest.mark.parametrize(
    ("said", "problem", "advice"),
    [
        (
            "Error opening InputStream: Device unavailable [PaErrorCode -9985]",
            AudioProblem.BUSY,
            "in use by another program",
        ),
        ("Permission denied", AudioProblem.PERMISSION, "privacy settings"),
        (
            "Unanticipated host error [PaErrorCode -9999]",
            AudioProblem.FAILED,
            "could not be opened",
        ),
    ],
)
async def test_a_device_that_cannot_be_opened_says_why_and_what_to_do(
    said: str, problem: AudioProblem, advice: str
) -> None:
    backend = FakeSoundDevice([device(0, "USB Headset")])
    backend.open_error = said
    with pytest.raises(AudioError, match=advice) as caught:
        Microphone(backend=backend).start(lambda block: None)
    assert caught.value.problem is problem
    assert "“USB Headset (ALSA)”" in str(caught.value)


async def test_capture_asks_for_24k_and_hands_blocks_to_the_loop_from_the_audio_thread() -> None:
    backend = FakeSoundDevice([device(0, "USB Headset")])
    blocks: list[bytes] = []
    arrived = asyncio.Event()
    microphone = Microphone(backend=backend)
    microphone.start(lambda block: (blocks.append(block), arrived.set()))
    stream = backend.streams[0]
    assert (stream.params["samplerate"], stream.params["channels"], stream.params["dtype"]) == (
        24000,
        1,
        "int16",
    )
    stream.record(bytes(range(256)) * 4)
    assert blocks == []  # not delivered on the audio thread: the loop runs it next
    await arrived.wait()
    assert blocks == [bytes(range(256)) * 4]
    microphone.stop()
    assert stream.aborted and stream.closed
    stream.record(bytes(64))
    await asyncio.sleep(0)
    assert len(blocks) == 1


async def test_a_device_refusing_24k_records_at_its_own_rate_resampled() -> None:
    backend = FakeSoundDevice([device(0, "Raw ALSA", rate=44100.0)])
    backend.refused_rates = {24000}
    blocks: list[bytes] = []
    enough = asyncio.Event()

    def deliver(block: bytes) -> None:
        blocks.append(block)
        if sum(map(len, blocks)) >= 2 * 23900:
            enough.set()

    microphone = Microphone(backend=backend)
    microphone.start(deliver)
    stream = backend.streams[0]
    assert stream.params["samplerate"] == 44100 and microphone.rate == 44100
    recorded = tone(1000, 44100, 1.0)
    for start in range(0, len(recorded), 3528):
        stream.record(recorded[start : start + 3528])
    await enough.wait()
    microphone.stop()
    assert frequency_of(b"".join(blocks), 24000) == pytest.approx(1000, rel=0.005)


def test_playback_plays_in_order_and_stop_silences_at_once() -> None:
    backend = FakeSoundDevice([device(0, "Speakers")])
    speaker = Speaker(backend=backend)
    speaker.play(b"\x01\x00" * 300)
    speaker.play(b"\x02\x00" * 300)
    stream = backend.streams[0]
    assert stream.params["samplerate"] == 24000
    assert stream.pull(480) == b"\x01\x00" * 300 + b"\x02\x00" * 180
    assert speaker.playing
    speaker.stop()  # barge-in
    assert stream.aborted and not speaker.playing
    speaker.play(b"\x03\x00" * 10)
    reopened = backend.streams[1]
    assert reopened.pull(20) == b"\x03\x00" * 10 + bytes(20)  # nothing of the stopped answer
