"""Which tool results of earlier turns are sent as their summaries, and why so few.

Swapping a result for its summary ends the cached prefix there, so it is done only when it
pays: a large saving on every later call, or just after a compaction summary restarted the
input anyway. The decision reads only the result and the history before the latest real
user turn, so the prefix stays byte-identical from call to call (R5); results of the
current turn are never swapped (R6).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import UsageError
from .messages import Message, Provenance, ToolResult, UserMessage, last_real_user_index
from .model_input import summary_boundary
from .token_estimates import TokenEstimator

SWAP_SAVING_TOKENS = 1_000
"""The saving (full result minus summary, in estimated tokens) from which a swap pays.

Swapping a result of F tokens for a summary of S tokens at the first call after its turn
costs, once, the tail T from the result to the end of its turn, which was cached and is now
sent uncached, plus S. Keeping it costs d = F - S tokens on each of the N later calls, read
from the cache at a fraction c of an uncached token's price, and d tokens of context room.
Swapping pays when c * d * N >= T + S. With c = 0.1 (OpenAI's cached-input price on current
models), N = 10 (two more turns of five calls) and T + S of about 1,000 tokens (what a
five-call turn of the trip assistant adds after its first result), d >= 1,000. Where cached
tokens cost nothing (llama.cpp's prefill) a swap never pays in time, only in room, and
compaction takes care of room.
"""


@dataclass(frozen=True, slots=True)
class SummaryPolicy:
    """When an earlier turn's tool result is sent as its summary instead of in full."""

    min_saving_tokens: int = SWAP_SAVING_TOKENS
    """Swap a result whose summary is at least this many estimated tokens shorter. 0 swaps
    every result that has a summary at the next turn (the cache breaks at every turn)."""

    def __post_init__(self) -> None:
        if self.min_saving_tokens < 0:
            raise UsageError(
                f"min_saving_tokens is a number of tokens: 0 or more, not {self.min_saving_tokens}."
            )


def summarized_results(
    history: Sequence[Message],
    messages: Sequence[Message],
    policy: SummaryPolicy | None,
    estimator: TokenEstimator,
) -> frozenset[str]:
    """Ids of the tool results in `messages` (the input built from `history`) to send as
    their summaries: results before the latest real user turn (R6) that save at least
    `policy.min_saving_tokens`, or whose turn ended before the leading compaction summary was
    made (that summary already broke the cache, so swapping them costs nothing). Empty
    without a `policy`: every result is sent whole.
    """
    if policy is None:
        return frozenset()
    boundary = summary_boundary(messages)
    settled = _settled_by_compaction(history, messages)
    chosen: set[str] = set()
    for index in range(boundary):
        message = messages[index]
        if not isinstance(message, ToolResult) or message.summary is None:
            continue
        if index < settled or _saving(message, estimator) >= policy.min_saving_tokens:
            chosen.add(message.id)
    return frozenset(chosen)


def _saving(result: ToolResult, estimator: TokenEstimator) -> int:
    assert result.summary is not None
    return estimator.text(result.content) - estimator.text(result.summary)


def _settled_by_compaction(history: Sequence[Message], messages: Sequence[Message]) -> int:
    """Index in `messages` before which every result's turn had ended when the leading
    compaction summary was made (0 without one): the last real user message stored before it.
    """
    summary = messages[0] if messages else None
    if not isinstance(summary, UserMessage) or summary.provenance is not Provenance.COMPACTION:
        return 0
    stored = _stored_position(history, summary)
    if stored is None:
        return 0
    current = last_real_user_index(history[:stored])
    if current is None:
        return 0
    turn_start = history[current]
    for index in range(len(messages) - 1, 0, -1):
        if messages[index] is turn_start or messages[index].id == turn_start.id:
            return index
    return 0  # That turn's start was summarized: everything kept is from it.


def _stored_position(history: Sequence[Message], message: Message) -> int | None:
    for index in range(len(history) - 1, -1, -1):
        if history[index] is message or history[index].id == message.id:
            return index
    return None
