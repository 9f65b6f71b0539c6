"""Benchmark scripts; each prints a table. Run them as `python bench/<name>.py`."""
