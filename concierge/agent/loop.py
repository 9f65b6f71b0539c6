"""The agent loop: history → runtime context → model → tools → repeat. Each iteration
rebuilds the input from the history store and resolves every provider again, so a change
made a moment ago is what the model sees next (R2, R4).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .abort import AbortSignal
from .compaction import (
    MESSAGE_CHARS,
    CompactionPolicy,
    Compactor,
    ModelSummarizer,
    Summarizer,
)
from .context import ContextHook, ContextProvider, ContextProviders, runtime_context_message
from .errors import (
    AbortedError,
    AgentBusyError,
    CompactionError,
    ContextOverflowError,
    IncompleteAnswerError,
    ModelError,
    NothingToRetryError,
    UsageError,
)
from .events import (
    AgentEvent,
    CompactionStartedEvent,
    ErrorEvent,
    EventHub,
    ModelResponseEvent,
    RuntimeContext,
    RuntimeContextEvent,
    Subscriber,
    TextDelta,
    ToolCallEvent,
    ToolResultEvent,
    TurnEndEvent,
)
from .history import HistoryStore
from .messages import (
    ANSWER_CAP_REACHED,
    AssistantMessage,
    ContentPart,
    Message,
    PairingCheck,
    ToolCall,
    ToolResult,
    ToolStatus,
    Usage,
    awaits_answer,
    effect_id,
    unanswered_tool_calls,
    user_message,
)
from .model import ModelAdapter, ModelRequest
from .model_input import SnapshotLayout, build_model_input
from .result_summaries import SummaryPolicy, summarized_results
from .token_estimates import CharTokenEstimator
from .tools import OutcomeLookup, PermissionHandler, Tool, run_tool

log = logging.getLogger(__name__)

ABORTED_RESULT = "The tool call was aborted before it finished; nothing more was done."
RECOVERED_RESULT = (
    "The app stopped before this tool call's result was saved, but the call had already "
    "taken effect: {outcome} Do not repeat it."
)


class TurnStatus(StrEnum):
    COMPLETED = "completed"
    ITERATION_LIMIT = "iteration_limit"


@dataclass(frozen=True, slots=True)
class TurnResult:
    """How a request ended. Errors and aborts raise instead."""

    status: TurnStatus
    text: str
    usage: tuple[Usage, ...]
    message: str = ""


class Agent:
    """Runs requests against a model with tools, a history store and context providers.

    The system prompt is fixed at construction: changing state belongs in context providers
    (R5). With a `compaction` policy, older turns are summarized (by `summarizer`, by default
    the same model) before any call whose input would pass the budget.
    """

    def __init__(
        self,
        *,
        model: ModelAdapter,
        system_prompt: str,
        history: HistoryStore,
        tools: Sequence[Tool[Any]] = (),
        max_iterations: int = 12,
        permission_handler: PermissionHandler | None = None,
        summarize_tool_results: bool = True,
        result_summaries: SummaryPolicy | None = None,
        compaction: CompactionPolicy | None = None,
        summarizer: Summarizer | None = None,
        outcome_lookup: OutcomeLookup | None = None,
        snapshot_layout: SnapshotLayout = SnapshotLayout.TRAILING,
    ) -> None:
        """`outcome_lookup` tells what a call a crash left without a result had done
        (`ToolContext.effect_id`); `result_summaries` says which earlier results go as summaries."""
        if max_iterations < 1:
            raise UsageError("max_iterations must be at least 1.")
        names = [tool.name for tool in tools]
        if len(set(names)) != len(names):
            raise UsageError(f"Tool names must be unique: {names}")
        self._model = model
        self._system_prompt = system_prompt
        self._history = history
        self._tools: dict[str, Tool[Any]] = {tool.name: tool for tool in tools}
        self._tool_specs = tuple(tool.spec() for tool in tools)
        self._max_iterations = max_iterations
        self._permission_handler = permission_handler
        self._summaries = (result_summaries or SummaryPolicy()) if summarize_tool_results else None
        self._estimator = compaction.estimator if compaction is not None else CharTokenEstimator()
        self._outcome_lookup = outcome_lookup
        self._snapshot_layout = SnapshotLayout(snapshot_layout)
        self._pairing = PairingCheck()
        self._compactor: Compactor | None = None
        self._own_summarizer: ModelSummarizer | None = None
        if compaction is not None:
            if summarizer is None:
                # Summary requests of up to about three quarters of the budget.
                summarizer = self._own_summarizer = ModelSummarizer(
                    model, chunk_chars=3 * compaction.budget_tokens
                )
            self._compactor = Compactor(
                compaction, summarizer, system_prompt=system_prompt, tools=self._tool_specs
            )
        self._compaction_failed = False
        self._providers = ContextProviders()
        self._events = EventHub()
        self._lock = asyncio.Lock()
        self.usage_log: list[Usage] = []

    @property
    def system_prompt(self) -> str:
        return self._system_prompt

    @property
    def tools(self) -> tuple[Tool[Any], ...]:
        return tuple(self._tools.values())

    @property
    def snapshot_layout(self) -> SnapshotLayout:
        return self._snapshot_layout

    @property
    def history(self) -> HistoryStore:
        return self._history

    @property
    def compaction(self) -> CompactionPolicy | None:
        return self._compactor.policy if self._compactor is not None else None

    @property
    def context_budget(self) -> int | None:
        """Tokens per model call before older messages are summarized: the policy's budget
        fitted to the model's context window once that is known; None without compaction."""
        return self._compactor.budget if self._compactor is not None else None

    @property
    def context_window(self) -> int | None:
        """The model's context window in tokens, as reported or learned; None if unknown."""
        return self._compactor.window if self._compactor is not None else None

    def set_context_window(self, tokens: int | None) -> None:
        """Fit compaction to the model's context window (as the server reports it), leaving
        room for the answer; None forgets it. Takes effect at the next model call."""
        if tokens is not None and tokens < 1:
            raise UsageError(f"A context window must be positive, not {tokens}.")
        if self._compactor is None:
            return
        self._compactor.window = tokens
        self._fit_summarizer()

    def _fit_summarizer(self) -> None:
        """Keep the default summarizer's requests within the budget in use."""
        summarizer, compactor = self._own_summarizer, self._compactor
        if summarizer is not None and compactor is not None:
            summarizer.chunk_chars = 3 * compactor.budget
            summarizer.message_chars = min(MESSAGE_CHARS, summarizer.chunk_chars)

    @property
    def busy(self) -> bool:
        return self._lock.locked()

    def add_context_provider(
        self, provider: ContextProvider, *, name: str | None = None, timeout: float | None = None
    ) -> Callable[[], None]:
        return self._providers.add(provider, name=name, timeout=timeout)

    def add_context_hook(
        self, hook: ContextHook, *, name: str | None = None, timeout: float | None = None
    ) -> Callable[[], None]:
        """Run `hook` to completion before the providers of every resolution (each model
        call, and `get_runtime_context`); it fails the resolution as a provider would."""
        return self._providers.add_hook(hook, name=name, timeout=timeout)

    def subscribe(self, subscriber: Subscriber) -> Callable[[], None]:
        return self._events.subscribe(subscriber)

    async def get_runtime_context(self, signal: AbortSignal | None = None) -> RuntimeContext:
        """Run the hooks and resolve every provider now, rendered exactly as the loop would
        (R10)."""
        context = await self._providers.resolve(signal, iteration=0)
        self._events.emit(RuntimeContextEvent(context))
        return context

    async def process_request(
        self, request: str | Sequence[ContentPart], signal: AbortSignal | None = None
    ) -> TurnResult:
        """Store the person's message and run the loop until the model stops calling tools.

        Calls a crash left without a result are answered first, so the message comes after
        their results, where every server expects it."""
        message = user_message(request)
        async with self._exclusive():
            await self._answer_dangling_calls(ABORTED_RESULT)
            await self._history.append([message])
            return await self._run(signal)

    async def retry(self, signal: AbortSignal | None = None) -> TurnResult:
        """Run the loop again from stored history, e.g. after a provider or model failure.

        The person's message is already stored, so nothing is duplicated.
        """
        async with self._exclusive():
            if not awaits_answer(await self._history.load()):
                raise NothingToRetryError("There is no unanswered request to retry.")
            return await self._run(signal)

    def _exclusive(self) -> asyncio.Lock:
        if self._lock.locked():
            raise AgentBusyError("The assistant is still working on the previous request.")
        return self._lock

    async def _run(self, signal: AbortSignal | None) -> TurnResult:
        usage: list[Usage] = []
        iteration = 0
        self._compaction_failed = False
        try:
            await self._answer_dangling_calls(ABORTED_RESULT)
            while iteration < self._max_iterations:
                iteration += 1
                try:
                    reply = await self._iterate(iteration, signal)
                except ContextOverflowError as refusal:
                    reply = await self._iterate(iteration, signal, after_refusal=refusal)
                if reply.usage is not None:
                    usage.append(reply.usage)
                if not reply.tool_calls:
                    self._events.emit(TurnEndEvent(TurnStatus.COMPLETED, iteration))
                    return TurnResult(TurnStatus.COMPLETED, reply.text, tuple(usage))
                await self._run_tools(reply, iteration, signal)
        except (AbortedError, asyncio.CancelledError) as error:
            await asyncio.shield(self._answer_dangling_calls(ABORTED_RESULT))
            self._events.emit(ErrorEvent(error, iteration))
            raise
        except Exception as error:
            self._events.emit(ErrorEvent(error, iteration))
            raise
        message = (
            f"Stopped after {self._max_iterations} model calls without a final answer. "
            "Send another message to let the assistant continue."
        )
        self._events.emit(TurnEndEvent(TurnStatus.ITERATION_LIMIT, iteration, message))
        return TurnResult(TurnStatus.ITERATION_LIMIT, "", tuple(usage), message)

    async def _iterate(
        self,
        iteration: int,
        signal: AbortSignal | None,
        *,
        after_refusal: ContextOverflowError | None = None,
    ) -> AssistantMessage:
        """One model call. `after_refusal`: the server refused this call's previous attempt
        as too long for its context; it is made again only if compaction shortened the input."""
        history = self._pairing.paired(await self._history.load())
        compacted = None
        if self._compactor is not None and not self._compaction_failed:
            compacted = await self._compact(self._compactor, history, iteration, signal)
        if compacted is not None:
            history = compacted
        elif after_refusal is not None:
            if self._compactor is None:
                why = "and summarizing older messages is off"
            elif self._compaction_failed:
                why = "and older messages could not be summarized"
            else:
                why = "and there were no older messages left to summarize"
            raise _too_long(after_refusal, self.context_window, why)
        context = await self._providers.resolve(signal, iteration)
        self._events.emit(RuntimeContextEvent(context))
        snapshot = runtime_context_message(context.text) if context.text else None
        messages = build_model_input(history, snapshot, self._snapshot_layout)
        summarized = summarized_results(history, messages, self._summaries, self._estimator)
        request = ModelRequest(
            system_prompt=self._system_prompt,
            messages=messages,
            tools=self._tool_specs,
            iteration=iteration,
            summarized=summarized,
            snapshot_leads=snapshot is not None and bool(messages) and messages[-1] is not snapshot,
        )
        started = time.perf_counter()
        streamed: list[str] = []

        def emit(event: AgentEvent) -> None:
            if isinstance(event, TextDelta):
                streamed.append(event.text)
            self._events.emit(event)

        call = self._model.respond(request, emit)
        try:
            reply = await signal.race(call) if signal is not None else await call
        except (AbortedError, asyncio.CancelledError):
            await asyncio.shield(self._keep_stopped_answer("".join(streamed)))
            raise
        except IncompleteAnswerError as error:
            if error.text.strip():
                await self._history.append([AssistantMessage(text=error.text, incomplete=True)])
            raise
        except ContextOverflowError as error:
            if self._compactor is not None:
                self._compactor.refused(
                    messages, summarized, requested=error.requested, window=error.window
                )
                self._fit_summarizer()
            if after_refusal is not None:
                why = "even after older messages were summarized"
                raise _too_long(error, self.context_window, why) from error
            raise
        message = AssistantMessage(
            text=reply.text,
            # An answer cut at its cap may have been writing a call: its arguments are
            # cut short, so no call of it is run.
            tool_calls=() if reply.finish_reason == ANSWER_CAP_REACHED else reply.tool_calls,
            finish_reason=reply.finish_reason,
            usage=reply.usage,
        )
        await self._history.append([message])
        if snapshot is not None:
            await context.delivered()
        if reply.usage is not None:
            self.usage_log.append(reply.usage)
        if self._compactor is not None:
            self._compactor.observe(messages, summarized, reply.usage, sent=reply.sent)
        self._events.emit(
            ModelResponseEvent(message, reply.usage, iteration, time.perf_counter() - started)
        )
        return message

    async def _keep_stopped_answer(self, text: str) -> None:
        """Store what the person already read of an answer they stopped (text only)."""
        if text.strip():
            await self._history.append([AssistantMessage(text=text, stopped=True)])

    async def _compact(
        self,
        compactor: Compactor,
        history: list[Message],
        iteration: int,
        signal: AbortSignal | None,
    ) -> list[Message] | None:
        """Summarize older turns if the input would pass the budget; the history to use, or
        None when it stays as it was. The summary is stored only once complete, so a failure is
        reported and the turn goes on with the full input: the budget sits below the model's real
        limit, and the server judges what fits.
        """
        try:
            compaction = await compactor.compact(
                history,
                summaries=self._summaries,
                signal=signal,
                iteration=iteration,
                on_summarizing=lambda count: self._events.emit(
                    CompactionStartedEvent(count, iteration)
                ),
            )
            if compaction is None:
                return None
            await self._history.append([compaction.summary])
        except (AbortedError, asyncio.CancelledError):
            raise
        except Exception as error:
            log.warning("compaction failed; sending the full conversation", exc_info=error)
            self._compaction_failed = True
            failure = CompactionError(
                f"Could not summarize earlier messages ({error}). The full conversation is "
                "sent instead; nothing was lost."
            )
            failure.__cause__ = error
            self._events.emit(ErrorEvent(failure, iteration))
            return None
        self._events.emit(compaction)
        return self._pairing.paired(await self._history.load())

    async def _run_tools(
        self, reply: AssistantMessage, iteration: int, signal: AbortSignal | None
    ) -> None:
        """Run calls in the order the model emitted them; store all results as one bundle."""
        results: list[ToolResult] = []
        calls = reply.tool_calls
        try:
            for call in calls:
                self._events.emit(ToolCallEvent(call, iteration))
                result = await self._run_tool(call, effect_id(reply, call), signal)
                results.append(result)
                self._events.emit(ToolResultEvent(result, iteration))
        except (AbortedError, asyncio.CancelledError):
            await asyncio.shield(self._store_interrupted(reply, results))
            raise
        await self._history.append(results)

    async def run_tool_call(
        self, message: AssistantMessage, call: ToolCall, signal: AbortSignal | None = None
    ) -> ToolResult:
        """Run one call of `message` as a typed turn would, giving exactly one result, for hosts
        that talk to the model themselves (the voice bridge) and store it; raises only when aborted.
        """
        self._events.emit(ToolCallEvent(call, 0))
        result = await self._run_tool(call, effect_id(message, call), signal)
        self._events.emit(ToolResultEvent(result, 0))
        return result

    async def _run_tool(
        self, call: ToolCall, effect: str, signal: AbortSignal | None
    ) -> ToolResult:
        return await run_tool(self._tools, call, effect, signal, self._permission_handler)

    async def _answer_dangling_calls(self, content: str) -> None:
        """Give every tool call a crash left without a result one, so history stays valid;
        `_interrupted` says what the call had done, so the model does not repeat it."""
        history = await self._history.load()
        if self._pairing.well_paired(history):
            return
        dangling = unanswered_tool_calls(history)
        if not dangling:
            return
        await self._history.append(
            [await self._interrupted(message, call, content) for message, call in dangling]
        )

    async def _store_interrupted(self, reply: AssistantMessage, results: list[ToolResult]) -> None:
        """Store `results` plus one for each call of `reply` that has none yet."""
        answered = {r.tool_call_id for r in results}
        for call in reply.tool_calls:
            if call.id not in answered:
                results.append(await self._interrupted(reply, call, ABORTED_RESULT))
        await self._history.append(results)

    async def _interrupted(
        self, message: AssistantMessage, call: ToolCall, content: str
    ) -> ToolResult:
        """The result of a call that did not finish: what it did if its writes committed
        (an abort can come after them), otherwise `aborted` with `content`."""
        outcome = await self._recovered_outcome(message, call)
        if outcome is None:
            return ToolResult.of(call, content, ToolStatus.ABORTED)
        return ToolResult.of(call, RECOVERED_RESULT.format(outcome=outcome))

    async def _recovered_outcome(self, message: AssistantMessage, call: ToolCall) -> str | None:
        if self._outcome_lookup is None:
            return None
        try:
            return await self._outcome_lookup(effect_id(message, call))
        except Exception:
            log.exception("could not look up what tool call %s did", call.id)
            return None


def _too_long(error: ContextOverflowError, window: int | None, why: str) -> ModelError:
    """The refusal of a request longer than the model's context, in words for the person."""
    size = f" of {window:,} tokens" if window is not None else ""
    failure = ModelError(
        f"The request is too long for the model's context window{size}, {why}. Your message "
        "is kept. Give the model a larger context on the server (llama-server -c, Ollama's "
        "num_ctx, LM Studio's context length) or shorten the message, then Retry.",
        status_code=400,
        retryable=True,
    )
    failure.__cause__ = error
    return failure
