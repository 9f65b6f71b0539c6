"""How many tokens the runtime context may cost, split between its blocks, and the one estimator
that counts them.

The whole runtime context stays within the budget whatever the trip's size: every block but the trip
is cut to its cap (`CAPS`, by `within`); the trip takes what they leave (`SharedRoom`), at least
`TRIP_FLOOR`; a growing block (the problems) then takes the room still unused. The estimate of a
joined text is never more than the sum of its parts', so the sum never passes the budget.

The estimator is meant to over-count. Against llama.cpp's tokenizer for SmolLM2 (which splits every
digit and most punctuation into a token of its own) it gives snapshots about +25 %, a full itinerary
+12 %, prose +53 % (bench/snapshot.py prints both counts). It under-counts text made only of
uncommon words (romanised Japanese names by about 20 %); in a snapshot such words sit beside the
dates, ids and amounts it over-counts."""

from __future__ import annotations

import asyncio
import inspect
import math
import re
from collections.abc import (
    Awaitable,
    Callable,
    Collection,
    Iterable,
    Mapping,
    Sequence,
    Sized,
)
from dataclasses import dataclass, field

from concierge.agent import RUNTIME_CONTEXT_LABEL, AbortSignal, ContextProvider, Notice
from concierge.model.settings import ASSISTANT_SNAPSHOT_BUDGET

LETTERS_PER_TOKEN = 4
"""Letters a token in a lower-case or capitalised word ("Tokyo", "izakaya"): English words
run 4-6 letters a token with SmolLM2's tokenizer, names and fragments of ids nearer 2-3."""

MARGIN = 1.15
"""What the piece count is multiplied by: the letters of ids and codes ("5eafaa3b") cost
about two a token, which the word rule under-counts by a few per cent."""

_PIECES = re.compile(r"[a-z]+|[A-Z][a-z]*|[A-Z]+| +(?=[A-Za-z])|[^A-Za-z]")
"""The pieces the estimator prices: words, runs of capitals, the space before a word (part
of the word's token), and every other character on its own."""


CAPS: dict[str, float] = {
    "problems": 0.06,
    "money": 0.08,
    "proposals": 0.06,
    "brief": 0.24,
    "goals": 0.05,
    "pinned": 0.09,
    "lookups": 0.10,
    "selection": 0.06,
}
"""The most each block but the trip may take, as a share of the room the label and the
headings leave. The trip, the one block whose size follows the itinerary, takes what the
others leave in each resolution (`SharedRoom`), never less than the rest of the caps nor
than `TRIP_FLOOR` (at the default budget the floor already shrinks the caps a little, by
4 %). There the brief's share holds a brief answered in full (about 320 tokens); the
lookups' one running and one finished lookup with its one-line result; the problems' one
problem with its items' ids and a count of the rest; the proposals' a decision on a few
changes, or a few changes waiting."""
TRIP_FLOOR = 420
"""Tokens the trip keeps whatever the budget, when the room has them: the header of a trip
with a long route and notes, shortened (about 330), the itinerary's totals and the focus
day's heading and count. Where the caps would leave the trip less, they shrink in
proportion."""
TRIP = "trip"


def estimate_tokens(text: str) -> int:
    """Tokens `text` costs at most, by the rule in the module's docstring."""
    total = 0
    for piece in _PIECES.findall(text):
        first = piece[0]
        if first == " ":
            continue
        if first.islower() or (first.isupper() and (len(piece) == 1 or piece[1].islower())):
            total += -(-len(piece) // LETTERS_PER_TOKEN)
        elif first.isupper():
            total += -(-len(piece) // 2)
        else:
            total += len(piece.encode("utf-8"))
    return math.ceil(total * MARGIN)


def lines_tokens(lines: Sequence[str]) -> int:
    """Tokens of `lines` joined by newlines."""
    return estimate_tokens("\n".join(lines))


def line_cost(line: str) -> int:
    """What adding `line` (and its newline) to a text adds to its estimate at most: the
    estimate of a joined text is never more than the sum of its parts' estimates."""
    return estimate_tokens(line) + NEWLINE


NEWLINE = estimate_tokens("\n")
LEAST_ROW = 12


@dataclass(frozen=True, slots=True)
class SnapshotBudget:
    """`tokens` for the whole runtime context of a trip assistant: the trip and the blocks
    capped in `caps` (by default `CAPS`, read when the budget is made)."""

    tokens: int
    caps: Mapping[str, float] = field(default_factory=lambda: dict(CAPS))

    @property
    def names(self) -> tuple[str, ...]:
        return (TRIP, *self.caps)

    def overhead(self) -> int:
        """The label, the blank lines between blocks and each block's heading."""
        headings = "".join(f"\n\n## {name}\n" for name in self.names)
        return estimate_tokens(RUNTIME_CONTEXT_LABEL + headings)

    def room(self) -> int:
        """Tokens for the blocks' text."""
        return max(0, self.tokens - self.overhead())

    def allowance(self, name: str) -> int:
        """Tokens the block `name` may take (rounded down): its cap, or for the trip what
        the caps leave (what it has when every other block is full)."""
        caps = self._caps()
        if name == TRIP:
            return self.room() - sum(caps.values())
        return caps.get(name, 0)

    def _caps(self) -> dict[str, int]:
        """Each cap's tokens: its share of the room, all shrunk in proportion where they
        would leave the trip less than `TRIP_FLOOR`."""
        room, total = self.room(), sum(self.caps.values())
        scale = 1.0
        if total and room * (1 - total) < TRIP_FLOOR:
            scale = max(0, room - TRIP_FLOOR) / (room * total) if room else 0.0
        return {name: int(room * share * scale) for name, share in self.caps.items()}


class _Round:
    """What the blocks of one resolution used, as each finishes, and what the growing ones
    were allowed."""

    def __init__(self) -> None:
        self.used: dict[str, int] = {}
        self.grown: dict[str, int] = {}
        self._reported = asyncio.Event()

    async def report(self, name: str, outcome: object) -> str | Notice | None:
        used = 0
        try:
            value = await outcome if inspect.isawaitable(outcome) else outcome
            text = value.text if isinstance(value, Notice) else value
            if isinstance(text, str):
                used = estimate_tokens(text.strip())
            return value  # type: ignore[return-value]
        finally:
            self.used[name] = used
            self._reported.set()

    async def all_in(self, names: Collection[str]) -> None:
        while not set(names) <= self.used.keys():
            self._reported.clear()
            await self._reported.wait()


class SharedRoom:
    """The budget shared by the blocks of each resolution: the trip waits for the other blocks and
    takes the rest (`trip_allowance`), so a trip with few goals and pins shows more days. `reset` is
    a context hook opening a new round before the providers of every resolution."""

    def __init__(self, budget: SnapshotBudget) -> None:
        self.budget = budget
        self._expected: set[str] = set()
        self._growing: list[str] = []
        self._round = _Round()

    def reset(self, signal: AbortSignal) -> None:
        self._round = _Round()

    def capped(self, name: str, provider: ContextProvider) -> ContextProvider:
        """`provider` cut to the block's cap, reporting what it used; the trip's own provider
        fits itself."""
        self._expected.add(name)
        if name == TRIP:
            inner = provider
        elif name in self._growing:
            inner = within(provider, self._grown(name))
        else:
            inner = within(provider, self.budget.allowance(name))

        def report(signal: AbortSignal) -> Awaitable[str | Notice | None]:
            return self._round.report(name, inner(signal))

        report.__name__ = name
        return report

    async def trip_allowance(self) -> int:
        """The room the fixed blocks left in this resolution, once they are all in, less
        the caps of the growing blocks (which grow into what the trip leaves)."""
        current = self._round
        await current.all_in(self._expected - {TRIP, *self._growing})
        kept = sum(self.budget.allowance(name) for name in self._growing)
        return self.budget.room() - sum(current.used.values()) - kept

    def growing(self, name: str) -> Callable[[], Awaitable[int]]:
        """The allowance of a block the model should see whole rather than counted (the problems):
        its cap, or more when room is left once the other blocks and the trip are in."""
        if name not in self._growing:
            self._growing.append(name)
        return self._grown(name)

    def _grown(self, name: str) -> Callable[[], Awaitable[int]]:
        async def allowance() -> int:
            current = self._round
            if name not in current.grown:
                before = self._growing[: self._growing.index(name)]
                await current.all_in((self._expected - set(self._growing)) | set(before))
                left = self.budget.room() - sum(current.used.values())
                later = self._growing[self._growing.index(name) + 1 :]
                left -= sum(self.budget.allowance(other) for other in later)
                current.grown[name] = max(self.budget.allowance(name), left)
            return current.grown[name]

        return allowance


def default_budget() -> SnapshotBudget:
    return SnapshotBudget(ASSISTANT_SNAPSHOT_BUDGET.default)


def fit_lines(
    head: Sequence[str],
    rows: Iterable[str],
    allowance: int,
    more: Callable[[int], str],
    *,
    total: int | None = None,
) -> list[str]:
    """`head` then as many of `rows` as fit in `allowance` tokens, and `more(count)` for those left
    out (its room is kept). `rows` is read only as far as it fits, so a generator renders only what
    is shown (give `total` when it is not a sequence). A first row too long is cut to the room left,
    when that is at least `LEAST_ROW` tokens, so a list is never only its count."""
    count = total if total is not None else len(rows) if isinstance(rows, Sized) else None
    if count is None:
        raise ValueError("fit_lines needs the number of rows of a generator (total).")
    lines = list(head)
    used = lines_tokens(lines)
    reserve = line_cost(more(count))
    for index, row in enumerate(rows):
        cost = line_cost(row)
        last = index == count - 1
        room = allowance - used - (0 if last else reserve)
        if cost > room:
            if index == 0 and room >= LEAST_ROW:
                lines.append(_cut(row, room - line_cost("…")) + "…")
                index, used = 1, allowance
                if last:
                    return lines
            lines.append(more(count - index))
            return lines
        lines.append(row)
        used += cost
    return lines


@dataclass(frozen=True, slots=True)
class Section:
    """A heading, its rows, and what says how many of them were left out. `count` is the
    number of rows when `rows` is a generator (rendered only as far as it is shown)."""

    heading: str
    rows: Iterable[str]
    more: Callable[[int], str]
    count: int | None = None

    @property
    def size(self) -> int:
        if self.count is not None:
            return self.count
        return len(self.rows) if isinstance(self.rows, Sized) else 0


def fit_sections(sections: Sequence[Section], allowance: int) -> str | None:
    """The sections with rows, each under its heading, within `allowance` tokens, keeping room
    for the headings and counts of those after it; None when no section has rows."""
    present = [section for section in sections if section.size]
    lines: list[str] = []
    for index, section in enumerate(present):
        later = sum(line_cost(s.heading) + line_cost(s.more(s.size)) for s in present[index + 1 :])
        lines = fit_lines(
            [*lines, section.heading],
            section.rows,
            allowance - later,
            section.more,
            total=section.size,
        )
    return "\n".join(lines) or None


def page_lines(
    head: Sequence[str],
    rows: Sequence[str],
    allowance: int,
    page: int,
    next_page: Callable[[int, int], str],
) -> list[str]:
    """Page `page` (1 = the first) of `rows` under `head`, in `allowance` tokens; each page keeps
    room for `next_page(rows left, next page's number)` and has at least one row."""
    start = 0
    for number in range(1, page + 1):
        lines, used, index = list(head), lines_tokens(head), start
        while index < len(rows):
            left = len(rows) - index - 1
            reserve = line_cost(next_page(left, number + 1)) if left else 0
            cost = line_cost(rows[index])
            if index > start and used + cost + reserve > allowance:
                break
            lines.append(rows[index])
            used += cost
            index += 1
        if number == page:
            if index < len(rows):
                lines.append(next_page(len(rows) - index, number + 1))
            return lines
        if index >= len(rows):
            return [*head, f"(There is no page {page}: this result has {number}.)"]
        start = index
    return list(head)


SHORTENED = "… (shortened to fit the snapshot)"


def clip(text: str, allowance: int) -> str:
    """`text` cut at a line (or, for one long line, inside it) to fit `allowance` tokens."""
    if estimate_tokens(text) <= allowance:
        return text
    room = allowance - estimate_tokens("\n" + SHORTENED)
    kept: list[str] = []
    for line in text.split("\n"):
        if lines_tokens([*kept, line]) > room:
            if not kept:
                kept.append(_cut(line, room))
            break
        kept.append(line)
    return "\n".join([*kept, SHORTENED]) if room > 0 else ""


def _cut(line: str, room: int) -> str:
    """The longest start of `line` that fits `room` tokens (binary search: costs only grow)."""
    low, high = 0, len(line)
    while low < high:
        middle = (low + high + 1) // 2
        if estimate_tokens(line[:middle]) <= room:
            low = middle
        else:
            high = middle - 1
    return line[:low]


def within(
    provider: ContextProvider, allowance: int | Callable[[], Awaitable[int]]
) -> ContextProvider:
    """`provider` with its text cut to `allowance` tokens (a number, or a `SharedRoom`'s allowance):
    the guarantee behind the budget. A Notice keeps its delivery callback."""

    async def bounded(signal: AbortSignal) -> str | Notice | None:
        outcome = provider(signal)
        value = await outcome if inspect.isawaitable(outcome) else outcome
        tokens = allowance if isinstance(allowance, int) else await allowance()
        if isinstance(value, Notice):
            if value.text is None:
                return value
            return Notice(clip(value.text, tokens), value.on_delivered)
        return None if value is None else clip(value, tokens)

    bounded.__name__ = getattr(provider, "__name__", "bounded")
    return bounded
