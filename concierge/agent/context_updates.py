"""Runtime context sent as updates kept in place: an option (per model server in the app),
off by default, for servers whose users pay for every uncached prompt token (local ones).

Why: a prompt cache reuses the longest prefix shared with an earlier prompt, and the
snapshot, always last, is never part of it. Kept in place, an earlier snapshot joins the
prefix like any stored message, so a call pays only for the lines that changed ("+ " new or
replacing, "- " gone), as R11's numbered snapshots replace earlier ones.

A full snapshot is sent again once the updates outgrow it (`refresh_share`), and the log
starts afresh when compaction cut a message an entry followed or the entries would pass
`max_tokens`, so the runtime context on the wire stays bounded. Entries are framework-made
and never stored (R4), each sits where a snapshot was placed (R3), and the system prompt
stays static (R5). The log lives in the wrapper: one wrapper serves one conversation, and
after a restart the next call sends a full snapshot.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from .errors import UsageError
from .events import AgentEvent, RuntimeContextSentEvent
from .messages import Message, Provenance, TextPart, UserMessage, is_snapshot
from .model import ModelAdapter, ModelReply, ModelRequest
from .token_estimates import CharTokenEstimator, TokenEstimator

UPDATE_LABEL = "[Runtime context update #{number}, after #{since}: + new or replacing, - gone]"
"""Short: the full snapshot's label already says what runtime context is; every call pays it."""
FULL_LABEL = (
    "[Runtime context #{number}: it replaces all earlier runtime context; updates to it "
    "follow as they happen.]"
)


@dataclass(frozen=True, slots=True)
class Entry:
    """One piece of runtime context as sent: after which message, and what it stands for."""

    number: int
    anchor: str
    """The id of the message it was sent after."""
    message: UserMessage
    state: str
    """The full snapshot text this entry brings the model up to."""
    base: int
    """The number of the full snapshot it builds on (its own if it is one)."""
    lines: int = 0
    """For an update, the characters of its changed lines."""


class ContextUpdates:
    """Wraps a model adapter so that runtime context is sent as updates kept in place."""

    def __init__(
        self,
        inner: ModelAdapter,
        *,
        refresh_share: float = 8.0,
        max_tokens: int | None = None,
    ) -> None:
        """`refresh_share`: send a full snapshot again once the updates since the last one change
        this share of the state's size: kept updates are cached but take room and the model reads
        them all, while a refresh is uncached. `max_tokens`: the most the kept entries may take,
        a share of the context budget in the app, so old runtime context never crowds out the
        conversation."""
        if not refresh_share > 0:
            raise UsageError(f"refresh_share must be positive, not {refresh_share}.")
        if max_tokens is not None and max_tokens < 1:
            raise UsageError(f"max_tokens must be positive, not {max_tokens}.")
        self.inner = inner
        self.refresh_share = refresh_share
        self.max_tokens = max_tokens
        self.estimator: TokenEstimator = CharTokenEstimator()
        self.log: list[Entry] = []

    async def respond(
        self, request: ModelRequest, emit: Callable[[AgentEvent], None]
    ) -> ModelReply:
        messages, snapshot = split_snapshot(request.messages)
        log = self.log if anchored(self.log, messages) else []
        if (snapshot is None and not log) or not messages:
            return await self.inner.respond(request, emit)  # Not this conversation's call.
        entry: Entry | None = None
        if snapshot is not None:
            entry = self.next_entry(log, snapshot.text, messages[-1].id)
            if entry is not None:
                log = self._bounded([*log, entry])
        sent = interleave(messages, log)
        emit(self._sent_event(log, entry is not None, request.iteration))
        reply = await self.inner.respond(replace(request, messages=sent), emit)
        self.log = log  # Only once the call succeeded: a failed one is sent afresh on retry.
        return replace(reply, sent=sent)

    def next_entry(self, log: Sequence[Entry], state: str, anchor: str) -> Entry | None:
        number = log[-1].number + 1 if log else 1
        if not log:
            return _full(number, state, anchor)
        last = log[-1]
        if state == last.state:
            return None
        lines = changed_lines(last.state, state)
        base = next(e for e in log if e.number == last.base)
        since_base = sum(e.lines for e in log if e.number > base.number) + len(lines)
        if since_base > self.refresh_share * len(state):
            return _full(number, state, anchor)
        label = UPDATE_LABEL.format(number=number, since=last.number)
        message = _message(number, f"{label}\n{lines}")
        return Entry(number, anchor, message, state, base.number, len(lines))

    def kept_tokens(self, log: Sequence[Entry]) -> int:
        return sum(self.estimator.message(entry.message) for entry in log)

    def _bounded(self, log: list[Entry]) -> list[Entry]:
        """`log`, or only a full snapshot of its latest state when it would pass
        `max_tokens` (numbered on, so the model reads it as replacing the rest)."""
        if self.max_tokens is None or len(log) == 1 or self.kept_tokens(log) <= self.max_tokens:
            return log
        last = log[-1]
        return [_full(last.number, last.state, last.anchor)]

    def _sent_event(
        self, log: Sequence[Entry], added: bool, iteration: int
    ) -> RuntimeContextSentEvent:
        last = log[-1]
        return RuntimeContextSentEvent(
            number=last.number,
            full=last.base == last.number,
            entry=last.message.text if added else None,
            kept=len(log),
            kept_tokens=self.kept_tokens(log),
            iteration=iteration,
        )


def _full(number: int, state: str, anchor: str) -> Entry:
    text = f"{FULL_LABEL.format(number=number)}\n{state}"
    return Entry(number, anchor, _message(number, text), state, number)


def _message(number: int, text: str) -> UserMessage:
    return UserMessage(
        id=f"runtime-context-{number}",
        content=(TextPart(text=text),),
        provenance=Provenance.RUNTIME,
    )


def split_snapshot(messages: Sequence[Message]) -> tuple[list[Message], UserMessage | None]:
    """The input without its trailing snapshot, and the snapshot (if the input ends in one)."""
    last = messages[-1] if messages else None
    if last is not None and is_snapshot(last):
        return list(messages[:-1]), last
    return list(messages), None


def anchored(log: Sequence[Entry], messages: Sequence[Message]) -> bool:
    """Whether every entry's message is in `messages`, in the order the entries were sent."""
    position = {message.id: index for index, message in enumerate(messages)}
    previous = -1
    for entry in log:
        index = position.get(entry.anchor)
        if index is None or index < previous:
            return False
        previous = index
    return True


def interleave(messages: Sequence[Message], log: Sequence[Entry]) -> list[Message]:
    """`messages` with each entry placed right after the message it was sent after."""
    after: dict[str, list[Message]] = {}
    for entry in log:
        after.setdefault(entry.anchor, []).append(entry.message)
    built: list[Message] = []
    for message in messages:
        built.append(message)
        built.extend(after.get(message.id, ()))
    return built


def changed_lines(before: str, after: str) -> str:
    """The lines of `after` that differ from `before`, as "+ " (new) and "- " (gone, named by
    their first words) under their block's heading; a line whose name ("Notes: ") a new line
    repeats is replaced, not listed as gone."""
    old, new = before.splitlines(), after.splitlines()
    out: list[str] = []
    shown: str | None = None
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        heading = _heading(new, j1) if j1 < len(new) else _heading(old, i1)
        if heading is not None and heading != shown and heading not in (*old[i1:i2], *new[j1:j2]):
            out.append(heading)
        shown = heading
        replacing = {name for line in new[j1:j2] if (name := _name(line)) is not None}
        out.extend(f"- {_named(line, old)}" for line in old[i1:i2] if _name(line) not in replacing)
        out.extend(f"+ {line}" for line in new[j1:j2])
    return "\n".join(out)


def _name(line: str) -> str | None:
    """What a "Label: value" line is called ("Notes"), or None for a line without a label."""
    name, colon, _value = line.partition(": ")
    return name if colon and name.strip() else None


def _named(line: str, lines: Sequence[str]) -> str:
    """The shortest run of `line`'s first words that no other line of `lines` starts with
    ("…" marks a cut): enough to say which line no longer holds."""
    words = line.split(" ")
    for count in range(1, len(words)):
        start = " ".join(words[:count])
        if len(start.strip(" -")) > 2 and sum(other.startswith(start) for other in lines) == 1:
            return f"{start} …"
    return line


def _heading(lines: Sequence[str], index: int) -> str | None:
    for position in range(min(index, len(lines) - 1), -1, -1):
        if lines[position].startswith("## "):
            return lines[position]
    return None
