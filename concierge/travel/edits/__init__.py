"""Writes that need travel knowledge before they reach the store: trip and stop edits,
form answers, goals completed from outside a turn, booking files queued for review."""
