"""The resampler keeps a tone's pitch, loudness and length, and filters what would alias."""

from __future__ import annotations

import itertools
import math
from array import array

import pytest

from concierge.voice.pcm import samples, to_pcm
from concierge.voice.resample import Resampler, resample


def tone(frequency: float, rate: int, seconds: float, amplitude: float = 0.5) -> bytes:
    count = round(rate * seconds)
    return to_pcm(
        array(
            "h",
            (
                round(amplitude * 32767 * math.sin(2 * math.pi * frequency * i / rate))
                for i in range(count)
            ),
        )
    )


def frequency_of(pcm: bytes, rate: int) -> float:
    """Upward zero crossings per second, away from the edges."""
    values = samples(pcm)[rate // 50 : -rate // 50]
    crossings = sum(1 for a, b in itertools.pairwise(values) if a < 0 <= b)
    return crossings * rate / len(values)


def rms(pcm: bytes) -> float:
    values = samples(pcm)[200:-200]
    return math.sqrt(sum(v * v for v in values) / len(values))


@pytest.mark.parametrize("source_rate", [22050, 44100, 48000])
def test_a_tone_keeps_its_frequency_length_and_loudness(source_rate: int) -> None:
    original = tone(1000, source_rate, 1.0)
    converted = resample(original, source_rate, 24000)
    assert len(converted) // 2 == 24000
    assert frequency_of(converted, 24000) == pytest.approx(1000, rel=0.005)
    assert rms(converted) == pytest.approx(rms(original), rel=0.02)


@pytest.mark.parametrize("source_rate", [22050, 44100, 48000])
def test_a_speech_band_tone_survives_too(source_rate: int) -> None:
    converted = resample(tone(3150, source_rate, 0.5), source_rate, 24000)
    assert frequency_of(converted, 24000) == pytest.approx(3150, rel=0.005)


def test_downsampling_filters_tones_above_the_new_nyquist_instead_of_folding_them() -> None:
    # 15 kHz at 48 kHz would fold to 9 kHz at 24 kHz without a low-pass filter.
    loud = rms(tone(15000, 48000, 0.5))
    assert rms(resample(tone(15000, 48000, 0.5), 48000, 24000)) < loud / 50


def test_streaming_in_odd_blocks_gives_the_same_audio_as_all_at_once() -> None:
    original = tone(440, 44100, 0.3)
    converter = Resampler(44100, 24000)
    streamed = b""
    for start in range(0, len(original), 882 + 6):
        streamed += converter.feed(original[start : start + 888])
    streamed += converter.flush()
    assert streamed == resample(original, 44100, 24000)


def test_playback_direction_upsamples_to_the_device_rate() -> None:
    converted = resample(tone(1000, 24000, 0.5), 24000, 48000)
    assert len(converted) // 2 == 24000
    assert frequency_of(converted, 48000) == pytest.approx(1000, rel=0.005)


def test_the_same_rate_passes_through_and_silence_stays_silent() -> None:
    pcm = tone(500, 24000, 0.1)
    assert resample(pcm, 24000, 24000) == pcm
    assert set(samples(resample(bytes(9600), 48000, 24000))) == {0}
