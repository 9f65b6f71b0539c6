"""A blocked microphone's digital silence, told apart from a quiet room: fed as PortAudio
feeds it, from the audio thread through the microphone's device stream."""

from __future__ import annotations

import asyncio
import random
from array import array

import pytest

from concierge.voice.capture import Microphone
from concierge.voice.errors import silent_microphone
from concierge.voice.pcm import SAMPLE_RATE, to_pcm
from concierge.voice.silence import SILENT_SECONDS, SilenceWatch
from tests.voice.fake_portaudio import FakeSoundDevice, device

DEVICE_RATE = 44100
BLOCK = 1764
"""40 ms at the device's rate, as PortAudio hands it over."""


def room(seconds: float, loudest: int, seed: int = 7) -> bytes:
    """A quiet room through a microphone: noise up to `loudest` steps either way."""
    noise = random.Random(seed)
    count = round(seconds * DEVICE_RATE)
    return to_pcm(array("h", (noise.randint(-loudest, loudest) for _ in range(count))))


class Fed:
    """A microphone on a device refusing 24 kHz (so its input is resampled), and what it
    delivered and said."""

    def __init__(self) -> None:
        self.backend = FakeSoundDevice([device(0, "MacBook Pro Microphone", rate=DEVICE_RATE)])
        self.backend.refused_rates = {SAMPLE_RATE}
        self.delivered = 0
        self.told = 0
        self.changed = asyncio.Event()
        self.microphone = Microphone(backend=self.backend, on_silence=self.silent)
        self.microphone.start(self.deliver)

    def deliver(self, block: bytes) -> None:
        self.delivered += len(block) // 2
        self.changed.set()

    def silent(self) -> None:
        self.told += 1

    async def record(self, pcm: bytes) -> None:
        """`pcm` through the audio thread, block by block, until the loop delivered it."""
        stream = self.backend.streams[0]
        wanted = self.delivered + (len(pcm) // 2) * SAMPLE_RATE // DEVICE_RATE - 200
        for start in range(0, len(pcm), BLOCK * 2):
            stream.record(pcm[start : start + BLOCK * 2])
        async with asyncio.timeout(10):
            while self.delivered < wanted:
                self.changed.clear()
                await self.changed.wait()


async def test_a_few_seconds_of_digital_silence_tell_once_that_the_microphone_may_be_blocked() -> (
    None
):
    fed = Fed()
    await fed.record(bytes(round((SILENT_SECONDS - 0.1) * DEVICE_RATE) * 2))
    assert fed.told == 0
    await fed.record(bytes(round(0.2 * DEVICE_RATE) * 2))
    assert fed.told == 1
    await fed.record(bytes(round(SILENT_SECONDS * DEVICE_RATE) * 2))
    assert fed.told == 1  # once a session
    fed.microphone.stop()


async def test_dither_counts_as_silence_but_a_quiet_room_and_a_pause_do_not() -> None:
    fed = Fed()
    await fed.record(room(2 * SILENT_SECONDS, loudest=40))  # about -58 dBFS: a quiet room
    assert fed.told == 0
    await fed.record(bytes(round(2.0 * DEVICE_RATE) * 2))  # a pause in speech
    await fed.record(room(0.5, loudest=400, seed=8))
    await fed.record(bytes(round(2.0 * DEVICE_RATE) * 2))
    assert fed.told == 0
    await fed.record(room(SILENT_SECONDS + 0.2, loudest=1, seed=9))  # dither on silence
    assert fed.told == 1
    fed.microphone.stop()


def test_the_watch_counts_samples_not_blocks() -> None:
    watch = SilenceWatch(seconds=1.0, rate=100)
    assert not watch.feed(bytes(99 * 2))
    assert watch.feed(bytes(2))
    assert not watch.feed(bytes(2))


@pytest.mark.parametrize(
    ("platform", "where"),
    [
        ("darwin", "System Settings ▸ Privacy & Security ▸ Microphone"),
        ("win32", "Settings ▸ Privacy & security ▸ Microphone"),
        ("linux", "sound settings"),
    ],
)
def test_the_message_says_where_each_system_allows_the_microphone(
    platform: str, where: str
) -> None:
    assert where in silent_microphone(platform)
