"""Helpers shared by the benchmark scripts: a loopback client, statistics and table output."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence

import openai


def loopback_client(base_url: str) -> openai.AsyncOpenAI:
    """A real SDK client for the fake server; retries off so every request is one call."""
    return openai.AsyncOpenAI(base_url=base_url, api_key="bench-key", max_retries=0)


def offline_client() -> openai.AsyncOpenAI:
    """A client for code paths that build payloads but never send them."""
    return openai.AsyncOpenAI(base_url="http://127.0.0.1:9/v1", api_key="unused", max_retries=0)


def percentile(values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile, `q` in (0, 100]."""
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def median(values: Sequence[float]) -> float:
    return statistics.median(values)


def mean(values: Sequence[float]) -> float:
    return statistics.fmean(values)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def print_table(
    title: str,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    align: str = "",
    notes: Sequence[str] = (),
) -> None:
    """Print `rows` under `header` in aligned columns.

    `align` has one letter per column, `l` or `r`; by default the first column is left
    aligned and the rest right aligned.
    """
    align = align or "l" + "r" * (len(header) - 1)
    widths = [max(len(row[i]) for row in (header, *rows)) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        padded = (
            cell.ljust(width) if side == "l" else cell.rjust(width)
            for cell, width, side in zip(cells, widths, align, strict=True)
        )
        return "  ".join(padded).rstrip()

    rule = "-" * len(line(["-" * w for w in widths]))
    print(title)
    print(rule)
    print(line(header))
    print(rule)
    for row in rows:
        print(line(row))
    print(rule)
    for note in notes:
        print(note)
