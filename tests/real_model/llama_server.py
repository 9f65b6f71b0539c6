"""Start and stop a real llama.cpp `llama-server` with SmolLM2-135M, built by
`.ci/llama-server.sh` into a cache outside the clone (NOTES.md, "A real local model server").

`CONCIERGE_REAL_MODEL` names the folder the script printed; without it the script's default
cache is searched. `CONCIERGE_REAL_MODEL_UNAVAILABLE` carries why `.ci/run` could not build
it, so the tests that need the server skip saying so.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO, Any

MODEL_ALIAS = "smollm2-135m"
CONTEXT_WINDOW = 8192
HOME_ENV = "CONCIERGE_REAL_MODEL"
UNAVAILABLE_ENV = "CONCIERGE_REAL_MODEL_UNAVAILABLE"
BUILD_HINT = "build it once with `.ci/llama-server.sh` (about 10 minutes on two cores)"
START_SECONDS = 120.0
"""How long the server may take to load the model and answer /health."""


@dataclass(frozen=True)
class Installation:
    """The built server, its tool-capable chat template and the model file."""

    server: Path
    template: Path
    model: Path


def default_cache() -> Path:
    """The cache folder `.ci/llama-server.sh` builds into unless told otherwise."""
    if os.environ.get("CONCIERGE_MODEL_CACHE"):
        return Path(os.environ["CONCIERGE_MODEL_CACHE"])
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "concierge-real-model"


def _installation_in(root: Path) -> Installation:
    return Installation(
        server=root / "bin" / "llama-server",
        template=root / "chatml-tools.jinja",
        model=root.parent / "smollm2-135m" / "model.gguf",
    )


def find_installation() -> Installation | str:
    """The installation to run, or why there is none (a sentence for a skip)."""
    told = os.environ.get(UNAVAILABLE_ENV)
    if told:
        return f"No real llama.cpp server: {told}"
    named = os.environ.get(HOME_ENV)
    if named:
        candidates = [Path(named)]
    else:
        cache = default_cache()
        candidates = sorted(cache.glob("llama-*"), reverse=True)
        if not candidates:
            return f"No real llama.cpp server in {cache}: {BUILD_HINT}."
    gaps = []
    for root in candidates:
        found = _installation_in(root)
        missing = [p for p in (found.server, found.template, found.model) if not p.is_file()]
        if not missing:
            return found
        gaps.append(f"{root} lacks {missing[0].name}")
    return f"No complete real llama.cpp server ({'; '.join(gaps)}): {BUILD_HINT}."


def unavailable_reason() -> str | None:
    """Why the real server cannot be started here, or None when it can."""
    found = find_installation()
    return found if isinstance(found, str) else None


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class LlamaServer:
    """A `llama-server` process on a free loopback port, for `with` blocks.

    One slot (`-np 1`), two threads and an 8,192-token window, as in NOTES.md; the chat
    template is the tool-capable one the script copied, since with the GGUF's own template
    the server drops `tools` without a word.
    """

    def __init__(
        self,
        installation: Installation | None = None,
        *,
        port: int | None = None,
        context_window: int = CONTEXT_WINDOW,
        threads: int = 2,
    ) -> None:
        if installation is None:
            found = find_installation()
            if isinstance(found, str):
                raise RuntimeError(found)
            installation = found
        self.installation = installation
        self.port = port or _free_port()
        self.context_window = context_window
        self.threads = threads
        self.root_url = f"http://127.0.0.1:{self.port}"
        self.base_url = f"{self.root_url}/v1"
        """What an OpenAI client takes as its `base_url`."""
        self._process: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None
        self._files = contextlib.ExitStack()

    def command(self) -> list[str]:
        found = self.installation
        return [
            str(found.server),
            *("-m", str(found.model), "--host", "127.0.0.1", "--port", str(self.port)),
            *("--alias", MODEL_ALIAS, "--jinja", "--chat-template-file", str(found.template)),
            *("-c", str(self.context_window), "-np", "1", "-t", str(self.threads)),
        ]

    def start(self) -> LlamaServer:
        """Start the process and return once /health says the model is loaded."""
        output = tempfile.TemporaryFile()  # noqa: SIM115 - lives until stop()
        self._log = self._files.enter_context(output)
        self._process = subprocess.Popen(
            self.command(), stdin=subprocess.DEVNULL, stdout=self._log, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                tail = self.log_tail()
                self.stop()
                raise RuntimeError(f"llama-server exited while starting:\n{tail}")
            if self._healthy():
                return self
            time.sleep(0.1)
        tail = self.log_tail()
        self.stop()
        raise RuntimeError(f"llama-server did not become healthy in {START_SECONDS:.0f} s:\n{tail}")

    def _healthy(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.root_url}/health", timeout=2) as answer:
                return bool(answer.status == 200)
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return False

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self._files.close()
        self._log = None

    def log_tail(self, lines: int = 30) -> str:
        """The last lines the server printed, for error messages."""
        if self._log is None:
            return ""
        self._log.flush()
        self._log.seek(0)
        text: str = self._log.read().decode("utf-8", "replace")
        return "\n".join(text.splitlines()[-lines:])

    def _request(self, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"{self.root_url}{path}", data=data, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=600) as answer:
            return json.load(answer)

    def tokenize(self, text: str) -> int:
        """How many tokens the server's own tokenizer makes of `text`."""
        return len(self._request("/tokenize", {"content": text})["tokens"])

    def props(self) -> dict[str, Any]:
        """The server's `/props`: its settings, the model's chat template and slot defaults."""
        props: dict[str, Any] = self._request("/props")
        return props

    def models(self) -> dict[str, Any]:
        """The server's `/v1/models` (`data[0].meta.n_ctx` is the context window)."""
        models: dict[str, Any] = self._request("/v1/models")
        return models

    def __enter__(self) -> LlamaServer:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()
