"""Voice: microphone capture and playback for the realtime assistant, without Qt.

`sounddevice` (PortAudio), not QtMultimedia: that lives in PySide6-Addons and would add over
100 MB of FFmpeg to every installer, while `sounddevice` is 100 KB plus PortAudio (bundled
on Windows and macOS, `libportaudio2` on Linux) and gives the raw PCM16 the Realtime API
needs. A device that will not run at 24 kHz is resampled in pure Python, so numpy is not a
dependency, and nothing imports `sounddevice` until a device is listed or opened.
"""
