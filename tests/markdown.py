"""Reading the docs' Markdown as a reader sees it, for the tests that check the README, the
docs and the user guide the app shows."""

from __future__ import annotations

import re
from pathlib import Path

HEADING = re.compile(r"(#{1,6}) (.+)")


def headings(path: Path) -> list[tuple[int, str]]:
    """(level, text) of each heading, outside code blocks, without its inline marks."""
    found: list[tuple[int, str]] = []
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        heading = HEADING.match(line)
        if heading and not fenced:
            found.append((len(heading[1]), re.sub(r"[`*]", "", heading[2]).strip()))
    return found
