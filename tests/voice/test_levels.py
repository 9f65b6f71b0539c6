"""The level meter's numbers: RMS and peak of a block in dBFS."""

from __future__ import annotations

import math
from array import array

import pytest

from concierge.voice.levels import SILENCE_DBFS, level_of
from concierge.voice.pcm import to_pcm


def test_silence_reads_the_floor() -> None:
    assert level_of(bytes(1920)).rms_dbfs == SILENCE_DBFS
    assert level_of(b"").peak_dbfs == SILENCE_DBFS


def test_a_full_scale_sine_peaks_at_zero_and_averages_minus_three() -> None:
    sine = to_pcm(array("h", (round(32767 * math.sin(2 * math.pi * i / 48)) for i in range(960))))
    level = level_of(sine)
    assert level.peak_dbfs == pytest.approx(0.0, abs=0.01)
    assert level.rms_dbfs == pytest.approx(-3.01, abs=0.05)


def test_half_amplitude_is_six_decibels_down_and_negative_full_scale_clips_to_zero() -> None:
    half = to_pcm(array("h", [16384, -16384] * 480))
    assert level_of(half).rms_dbfs == pytest.approx(-6.02, abs=0.01)
    assert level_of(to_pcm(array("h", [-32768] * 10))).peak_dbfs == 0.0
