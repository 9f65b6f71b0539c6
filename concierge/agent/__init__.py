"""The agent runtime: a loop that reads fresh application state before every model call.

Knows nothing of travel, Qt or database tables.
"""

from .abort import AbortController, AbortedError, AbortSignal
from .builder import AgentBuilder
from .context import (
    RUNTIME_CONTEXT_LABEL,
    ContextProvider,
    ContextProviderError,
    ContextProviderTimeout,
)
from .events import (
    AgentEvent,
    ContextPart,
    ErrorEvent,
    ModelRequestEvent,
    ModelResponseEvent,
    RuntimeContext,
    RuntimeContextEvent,
    Subscriber,
    TextDelta,
    ToolCallEvent,
    ToolResultEvent,
    TurnEndEvent,
)
from .history import HistoryStore, InMemoryHistoryStore, TransientMessageError
from .loop import Agent, AgentBusyError, NothingToRetryError, TurnResult, TurnStatus
from .messages import (
    AssistantMessage,
    ContentPart,
    ImagePart,
    Message,
    Provenance,
    TextPart,
    ToolCall,
    ToolResult,
    ToolStatus,
    Usage,
    UserMessage,
    VideoPart,
)
from .model import ModelAdapter, ModelError, ModelReply, ModelRequest
from .openai_model import OpenAIChatModel
from .runnable import RetryingRunnable, Runnable, RunnableWrapper
from .tools import PermissionHandler, PermissionRequest, Tool, ToolContext, ToolError, ToolOutput

__all__ = [
    "RUNTIME_CONTEXT_LABEL",
    "AbortController",
    "AbortSignal",
    "AbortedError",
    "Agent",
    "AgentBuilder",
    "AgentBusyError",
    "AgentEvent",
    "AssistantMessage",
    "ContentPart",
    "ContextPart",
    "ContextProvider",
    "ContextProviderError",
    "ContextProviderTimeout",
    "ErrorEvent",
    "HistoryStore",
    "ImagePart",
    "InMemoryHistoryStore",
    "Message",
    "ModelAdapter",
    "ModelError",
    "ModelReply",
    "ModelRequest",
    "ModelRequestEvent",
    "ModelResponseEvent",
    "NothingToRetryError",
    "OpenAIChatModel",
    "PermissionHandler",
    "PermissionRequest",
    "Provenance",
    "RetryingRunnable",
    "Runnable",
    "RunnableWrapper",
    "RuntimeContext",
    "RuntimeContextEvent",
    "Subscriber",
    "TextDelta",
    "TextPart",
    "Tool",
    "ToolCall",
    "ToolCallEvent",
    "ToolContext",
    "ToolError",
    "ToolOutput",
    "ToolResult",
    "ToolResultEvent",
    "ToolStatus",
    "TransientMessageError",
    "TurnEndEvent",
    "TurnResult",
    "TurnStatus",
    "Usage",
    "UserMessage",
    "VideoPart",
]
