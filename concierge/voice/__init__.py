"""Voice: microphone capture and playback for the realtime assistant, without Qt.

`sounddevice`, not QtMultimedia (over 100 MB of FFmpeg in every installer), giving the raw
PCM16 the Realtime API needs; resampling is pure Python, so numpy is not a dependency.
"""
