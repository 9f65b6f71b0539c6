"""A loopback, OpenAI-compatible HTTP server that records requests and plays scripted replies.

It runs ``http.server`` in background threads rather than on an asyncio loop, so it keeps
answering whichever event loop the test uses (plain asyncio, qasync) and even while that
loop is blocked. Requests go over real sockets, so the real ``openai`` SDK and its HTTP
stack are exercised end to end.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import socket
import socketserver
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, Self
from urllib.parse import urlsplit

from tests.fakes.pairing import pairing_error
from tests.fakes.prefix_cache import PrefixCache, PromptUsage, canonical_prompt, count_tokens
from tests.fakes.replies import (
    CREATED,
    JsonResponse,
    RenderContext,
    Reply,
    Response,
    StreamResponse,
    error_body,
)

CHAT_PATH = "/v1/chat/completions"
MODELS_PATH = "/v1/models"
PROPS_PATH = "/props"
NO_REPLY_MESSAGE = "fake server: no scripted reply left"

_POLL_SECONDS = 0.01
_DISCONNECT_ERRORS = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)


@dataclass(frozen=True)
class RecordedRequest:
    """One HTTP request as received. Header names are lower-cased."""

    method: str
    path: str
    headers: dict[str, str]
    body: dict[str, Any] | None
    raw: bytes
    _disconnected: threading.Event = field(
        default_factory=threading.Event, init=False, repr=False, compare=False
    )

    @property
    def client_disconnected(self) -> bool:
        """True once the client hung up before the response was complete."""
        return self._disconnected.is_set()

    def mark_disconnected(self) -> None:
        self._disconnected.set()


class _Abort(Exception):
    """Stop answering: the server is shutting down or the client left."""


class _ReplyFailed(Exception):
    """The reply cannot be served; the message goes back to the client as a 500."""


class FakeOpenAIServer:
    """OpenAI-compatible server on ``127.0.0.1`` with an OS-assigned port.

    Use as a context manager or call :meth:`start` / :meth:`stop`. Queue replies with
    :meth:`script`; inspect traffic with :attr:`requests` and :attr:`chat_requests`.
    ``errors`` collects failures raised inside the server thread (hooks, dynamic reply
    functions, ``wait_for`` timeouts) so a test can surface them.
    """

    def __init__(
        self,
        *,
        models: Iterable[str] = ("fake-model",),
        wait_timeout: float = 30.0,
        context_window: int | None = None,
        port: int = 0,
        api_keys: Iterable[str] | None = None,
    ):
        self.models: list[str] = list(models)
        self.api_keys = None if api_keys is None else frozenset(api_keys)
        """Like OpenAI: a request to /v1 without one of these as its bearer key is refused
        with 401 and OpenAI's words (`key_refusal`). None: any key, or none, is taken."""
        self.requested_port = port
        """0: any free port; else that one (a server's default port, for the app's search)."""
        self.wait_timeout = wait_timeout
        self.context_window = context_window
        """Like llama.cpp's context size: reported as ``meta.n_ctx`` in /v1/models and as
        ``default_generation_settings.n_ctx`` at /props, and a chat request of as many
        prompt tokens or more is refused with llama.cpp's 400. None: like OpenAI, no report
        and no /props."""
        self.prefix_cache = PrefixCache()
        self.routes: dict[tuple[str, str], JsonResponse] = {}
        """Other servers' endpoints (Ollama's /api/show, ...): see :meth:`serve_json`."""
        self.errors: list[BaseException] = []
        self._cond = threading.Condition()
        self._requests: list[RecordedRequest] = []
        self._replies: deque[Reply] = deque()
        self._counters: dict[str, itertools.count[int]] = {}
        self._stopping = threading.Event()
        self._httpd: _HTTPServer | None = None
        self._serve_thread: threading.Thread | None = None
        self._connections: dict[threading.Thread, socket.socket] = {}

    # -- lifecycle ---------------------------------------------------------------------------

    def start(self) -> Self:
        if self._httpd is not None or self._stopping.is_set():
            raise RuntimeError("FakeOpenAIServer can only be started once")
        self._httpd = _HTTPServer(self)
        self._serve_thread = threading.Thread(
            target=self._httpd.serve_forever,
            kwargs={"poll_interval": _POLL_SECONDS},  # bounds how long stop() waits
            name=f"fake-openai-{self.port}",
            daemon=True,
        )
        self._serve_thread.start()
        return self

    def stop(self) -> None:
        """Stop serving, cut open connections and release every waiting thread."""
        if self._httpd is None or self._stopping.is_set():
            self._stopping.set()
            return
        self._stopping.set()
        with self._cond:
            self._cond.notify_all()
        self._httpd.shutdown()
        self._httpd.server_close()
        with self._cond:
            connections = list(self._connections.items())
        for _, sock in connections:
            with contextlib.suppress(OSError):  # Already closed by the peer.
                sock.shutdown(socket.SHUT_RDWR)
        deadline = time.monotonic() + 2.0
        for thread, _ in connections:
            thread.join(max(0.0, deadline - time.monotonic()))
        if self._serve_thread is not None:
            self._serve_thread.join(2.0)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    @property
    def port(self) -> int:
        if self._httpd is None:
            raise RuntimeError("FakeOpenAIServer is not started")
        return int(self._httpd.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def stopped(self) -> bool:
        return self._stopping.is_set()

    # -- scripting and inspection ------------------------------------------------------------

    def script(self, *replies: Reply) -> None:
        """Queue replies; each chat-completions request consumes the oldest one."""
        with self._cond:
            self._replies.extend(replies)

    def serve_json(self, method: str, path: str, body: dict[str, Any], status: int = 200) -> None:
        """Answer every ``method`` request for ``path`` with ``body``, as another kind of
        server would (Ollama's ``POST /api/show``, LM Studio's ``GET /api/v0/models``)."""
        with self._cond:
            self.routes[(method.upper(), path)] = JsonResponse(status, body)

    @property
    def pending_replies(self) -> int:
        with self._cond:
            return len(self._replies)

    def discard_replies(self) -> int:
        """Drop the replies no request took (a server shared by several tests starts each
        one empty); returns how many there were."""
        with self._cond:
            count = len(self._replies)
            self._replies.clear()
            return count

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request so far, in arrival order (a snapshot)."""
        with self._cond:
            return list(self._requests)

    @property
    def chat_requests(self) -> list[dict[str, Any]]:
        """Parsed bodies of chat-completions requests, in arrival order."""
        return [r.body for r in self.requests if _is_chat(r) and r.body is not None]

    def wait_until(self, predicate: Callable[[], bool], timeout: float = 5.0) -> None:
        """Block until ``predicate()`` holds; it is re-checked whenever a request arrives."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while not predicate():
                remaining = deadline - time.monotonic()
                if self._stopping.is_set():
                    raise RuntimeError("fake server stopped while waiting")
                if remaining <= 0:
                    raise TimeoutError(f"condition not met within {timeout} s")
                # Bounded wait: predicates may also depend on disconnect flags.
                self._cond.wait(min(remaining, 0.05))

    def wait_for_requests(self, n: int, timeout: float = 5.0) -> list[RecordedRequest]:
        """Block until at least ``n`` requests were recorded; return them all."""
        self.wait_until(lambda: len(self._requests) >= n, timeout)
        return self.requests

    # ASYNC109: a timeout argument mirrors wait_until and reads better in tests than a scope.
    async def until(self, predicate: Callable[[], bool], timeout: float = 5.0) -> None:  # noqa: ASYNC109
        """Async :meth:`wait_until`: polls without blocking the running event loop."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not predicate():
            if self._stopping.is_set():
                raise RuntimeError("fake server stopped while waiting")
            if loop.time() >= deadline:
                raise TimeoutError(f"condition not met within {timeout} s")
            await asyncio.sleep(_POLL_SECONDS)

    async def until_requests(self, n: int, timeout: float = 5.0) -> list[RecordedRequest]:  # noqa: ASYNC109
        """Async :meth:`wait_for_requests`."""
        await self.until(lambda: len(self.requests) >= n, timeout)
        return self.requests

    # -- used by the request handler ---------------------------------------------------------

    def _record(self, request: RecordedRequest) -> Reply | None:
        """Record ``request``; for a chat completion also take the next reply, atomically,
        so that ``chat_requests[i]`` is always the request that got the i-th reply. A request
        refused for unpaired tool messages (`pairing_error`) takes none."""
        with self._cond:
            self._requests.append(request)
            reply = None
            refused = request.body is not None and self.refusal(request.body) is not None
            if _is_chat(request) and request.body is not None and not refused and self._replies:
                reply = self._replies.popleft()
            self._cond.notify_all()
            return reply

    def key_refusal(self, route: str, headers: dict[str, str]) -> dict[str, Any] | None:
        """OpenAI's 401 body for a request to /v1 without an accepted key, else None."""
        if self.api_keys is None or not route.startswith("/v1/"):
            return None
        scheme, _, key = headers.get("authorization", "").partition(" ")
        if scheme.lower() != "bearer" or not key.strip():
            message = (
                "You didn't provide an API key. You need to provide your API key in an "
                "Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), "
                "or as the password field (with blank username) if you're accessing the API "
                "from your browser and are prompted for a username and password. You can "
                "obtain an API key from https://platform.openai.com/account/api-keys."
            )
            return error_body(message, "invalid_request_error")
        if key.strip() in self.api_keys:
            return None
        masked = f"{key[:3]}{'*' * max(len(key) - 7, 0)}{key[-4:]}"
        message = (
            f"Incorrect API key provided: {masked}. You can find your API key at "
            "https://platform.openai.com/account/api-keys."
        )
        return error_body(message, "invalid_request_error", "invalid_api_key")

    def refusal(self, body: dict[str, Any]) -> dict[str, Any] | None:
        """The 400 body a chat request gets without taking a reply: unpaired tool
        messages, or a prompt that does not fit ``context_window`` (llama.cpp's words)."""
        paired = pairing_error(body)
        if paired is not None or self.context_window is None:
            return paired
        tokens = count_tokens(canonical_prompt(body))
        if tokens < self.context_window:
            return None
        message = (
            f"request ({tokens} tokens) exceeds the available context size "
            f"({self.context_window} tokens), try increasing it"
        )
        error = {"code": 400, "message": message, "type": "exceed_context_size_error"}
        return {"error": {**error, "n_prompt_tokens": tokens, "n_ctx": self.context_window}}

    def _next_id(self, prefix: str) -> str:
        """Deterministic ids ("call_1", "call_2", ...), numbered per prefix."""
        with self._cond:
            counter = self._counters.setdefault(prefix, itertools.count(1))
            return f"{prefix}{next(counter)}"

    def _context(self, body: dict[str, Any], reply: Reply) -> RenderContext:
        prompt = self.prefix_cache.observe(body) if reply.uses_model else PromptUsage(0, 0)
        options = body.get("stream_options")
        return RenderContext(
            model=str(body.get("model", "fake-model")),
            stream=body.get("stream") is True,
            include_usage=isinstance(options, dict) and options.get("include_usage") is True,
            prompt=prompt,
            completion_id=self._next_id("chatcmpl-fake"),
            next_call_id=lambda: self._next_id("call_"),
        )

    def _fail(self, error: BaseException) -> _ReplyFailed:
        with self._cond:
            self.errors.append(error)
        return _ReplyFailed(f"fake server: {error!r}")

    def _register(self, sock: socket.socket) -> None:
        with self._cond:
            self._connections[threading.current_thread()] = sock

    def _unregister(self) -> None:
        with self._cond:
            self._connections.pop(threading.current_thread(), None)


def _is_chat(request: RecordedRequest) -> bool:
    return request.method == "POST" and urlsplit(request.path).path == CHAT_PATH


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False  # stop() cuts connections and joins handlers itself.

    def __init__(self, app: FakeOpenAIServer) -> None:
        self.app = app
        super().__init__(("127.0.0.1", app.requested_port), _Handler)

    def server_bind(self) -> None:
        # HTTPServer.server_bind resolves the host name (getfqdn), which can stall on DNS.
        socketserver.TCPServer.server_bind(self)
        self.server_name = "127.0.0.1"
        self.server_port = int(self.server_address[1])

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that hangs up (an aborted stream, a closed SDK client) is not an error."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive and chunked streaming, like the real API
    disable_nagle_algorithm = True  # small SSE writes would otherwise wait on delayed ACKs
    server: _HTTPServer
    record: RecordedRequest

    def setup(self) -> None:
        super().setup()
        self.server.app._register(self.connection)

    def finish(self) -> None:
        self.server.app._unregister()
        with contextlib.suppress(OSError):  # The peer may be gone already.
            super().finish()

    def log_message(self, format: str, *args: Any) -> None:
        """Silence per-request logging on stderr."""

    def do_GET(self) -> None:
        self._dispatch()

    def do_POST(self) -> None:
        self._dispatch()

    def do_PUT(self) -> None:
        self._dispatch()

    def do_DELETE(self) -> None:
        self._dispatch()

    def do_PATCH(self) -> None:
        self._dispatch()

    # -- request side ------------------------------------------------------------------------

    def _read_body(self) -> bytes:
        if self.headers.get("transfer-encoding", "").lower() == "chunked":
            parts: list[bytes] = []
            while size := int(self.rfile.readline().split(b";")[0].strip() or b"0", 16):
                parts.append(self.rfile.read(size))
                self.rfile.readline()
            while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                pass  # Skip trailers.
            return b"".join(parts)
        return self.rfile.read(int(self.headers.get("content-length") or 0))

    def _dispatch(self) -> None:
        app = self.server.app
        raw = self._read_body()
        try:
            parsed = json.loads(raw) if raw else None
        except ValueError:
            parsed = None
        headers: dict[str, str] = {}
        for name, value in self.headers.items():
            key = name.lower()
            headers[key] = f"{headers[key]}, {value}" if key in headers else value
        self.record = RecordedRequest(
            method=self.command,
            path=self.path,
            headers=headers,
            body=parsed if isinstance(parsed, dict) else None,
            raw=raw,
        )
        reply = app._record(self.record)
        route = urlsplit(self.path).path
        try:
            if (refused := app.key_refusal(route, headers)) is not None:
                self._send(JsonResponse(401, refused))
            elif (self.command, route) in app.routes:
                self._send(app.routes[(self.command, route)])
            elif _is_chat(self.record):
                self._chat(reply)
            elif self.command == "GET" and route == MODELS_PATH:
                data: list[dict[str, Any]] = [
                    {"id": m, "object": "model", "created": CREATED, "owned_by": "fake"}
                    for m in app.models
                ]
                if app.context_window is not None:
                    for model in data:
                        model["meta"] = {
                            "n_ctx": app.context_window,
                            "n_ctx_train": app.context_window,
                        }
                self._send(JsonResponse(200, {"object": "list", "data": data}))
            elif self.command == "GET" and route == PROPS_PATH and app.context_window:
                settings = {"n_ctx": app.context_window, "params": {"n_predict": -1}}
                props = {"default_generation_settings": settings, "total_slots": 1}
                self._send(JsonResponse(200, props))
            else:
                message = f"Unknown request URL: {self.command} {route}."
                body = error_body(message, "invalid_request_error", "unknown_url")
                self._send(JsonResponse(404, body))
        except _Abort:
            self.close_connection = True
        except _DISCONNECT_ERRORS:
            self.record.mark_disconnected()
            self.close_connection = True
        except Exception as exc:  # A bug in the fake itself: keep it visible to the test.
            app._fail(exc)
            self.close_connection = True

    def _chat(self, reply: Reply | None) -> None:
        body = self.record.body
        if body is None:
            error = error_body("fake server: body is not a JSON object", "invalid_request_error")
            self._send(JsonResponse(400, error))
            return
        refusal = self.server.app.refusal(body)
        if refusal is not None:
            self._send(JsonResponse(400, refusal))
            return
        if reply is None:
            self._send(JsonResponse(500, error_body(NO_REPLY_MESSAGE, "server_error")))
            return
        try:
            reply = self._prepare(reply, body)
            response = reply.render(self.server.app._context(body, reply))
        except _ReplyFailed as failure:
            self._send(JsonResponse(500, error_body(str(failure), "server_error")))
            return
        self._send(response, reply.chunk_delay)

    def _prepare(self, reply: Reply, body: dict[str, Any]) -> Reply:
        """Run hooks and waits, resolving dynamic replies to the one to send."""
        app = self.server.app
        while True:
            try:
                if reply.on_request is not None:
                    reply.on_request(body)
            except Exception as exc:
                raise app._fail(exc) from exc
            if reply.wait_for is not None and not self._idle(app.wait_timeout, reply.wait_for):
                timeout = TimeoutError(f"wait_for event not set within {app.wait_timeout} s")
                raise app._fail(timeout)
            try:
                chosen = reply.resolve(body)
            except Exception as exc:
                raise app._fail(exc) from exc
            if chosen is reply:
                return reply
            reply = chosen

    def _idle(self, seconds: float, until: threading.Event | None = None) -> bool:
        """Wait up to ``seconds``, or until ``until`` is set (then return True).

        Raises _Abort when the server stops or the client hangs up meanwhile, so a held
        response never outlives its test and disconnects are noticed without writing.
        """
        app = self.server.app
        deadline = time.monotonic() + seconds
        while True:
            if until is not None and until.is_set():
                return True
            if app.stopped:
                raise _Abort
            if self._peer_closed():
                self.record.mark_disconnected()
                raise _Abort
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            (until or app._stopping).wait(min(remaining, _POLL_SECONDS))

    def _peer_closed(self) -> bool:
        """Whether the client hung up, checked without consuming anything it sent.

        A non-blocking peek instead of select(): select() fails on descriptors >= 1024,
        which a long test session can reach.
        """
        sock = self.connection
        timeout = sock.gettimeout()
        sock.setblocking(False)
        try:
            data: bytes = sock.recv(1, socket.MSG_PEEK)
        except BlockingIOError:
            return False  # Open, nothing to read.
        except OSError:
            return True  # Reset by the peer.
        finally:
            sock.settimeout(timeout)
        return data == b""

    # -- response side -----------------------------------------------------------------------

    def _send(self, response: Response, chunk_delay: float = 0.0) -> None:
        if isinstance(response, StreamResponse):
            self._send_stream(response, chunk_delay)
            return
        data = json.dumps(response.body).encode()
        self.send_response(response.status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        for name, value in response.headers.items():
            self.send_header(name, value)
        self.end_headers()
        if response.truncated:
            self.wfile.write(data[: len(data) // 2])
            self._drop()
        else:
            self.wfile.write(data)

    def _send_stream(self, response: StreamResponse, chunk_delay: float) -> None:
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-cache")
        if response.close_delimited:
            self.send_header("Connection", "close")
        else:
            self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        for index, event in enumerate(response.events):
            if index and chunk_delay:
                self._idle(chunk_delay)
            data = f"data: {event}\n\n".encode()
            if response.close_delimited:
                self.wfile.write(data)
            else:
                self._write_chunk(data)
        if response.close_delimited:
            self.wfile.flush()
            self._drop()
            return
        if not response.complete:
            self._drop()
            return
        self._write_chunk(b"data: [DONE]\n\n")
        self.wfile.write(b"0\r\n\r\n")

    def _write_chunk(self, data: bytes) -> None:
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))

    def _drop(self) -> None:
        """End the connection mid-body, as a crashed upstream or proxy would."""
        self.close_connection = True
        with contextlib.suppress(OSError):
            self.connection.shutdown(socket.SHUT_RDWR)
