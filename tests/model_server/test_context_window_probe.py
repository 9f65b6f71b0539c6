"""Reading a server's context window where it reports it, against the loopback server
answering as llama.cpp, vLLM, Ollama and LM Studio do; every failure is only "not
reported", within the probe's time."""

from __future__ import annotations

import socket

from concierge.model_server import ContextWindow, probe_context_window, server_root
from tests.fakes import FakeOpenAIServer
from tests.model_server.test_connection import closed_port_url


def test_the_root_is_beside_v1() -> None:
    assert server_root("http://127.0.0.1:8080/v1/") == "http://127.0.0.1:8080"
    assert server_root("http://host/proxy/v1") == "http://host/proxy"
    assert server_root("http://host:8080") == "http://host:8080"


async def test_llamacpp_reports_its_window_in_the_model_list() -> None:
    with FakeOpenAIServer(models=["smollm2-135m"], context_window=8_192) as server:
        window = await probe_context_window(server.base_url, None, "smollm2-135m", "llamacpp")
        assert window == ContextWindow(8_192, "the server's /v1/models (meta.n_ctx)")
        # llama.cpp serves one model whatever the name asked for: its only entry is it.
        other = await probe_context_window(server.base_url, None, "another-name", "llamacpp")
        assert other is not None and other.tokens == 8_192
        paths = {(r.method, r.path) for r in server.requests}
        assert ("GET", "/v1/models") in paths
        assert ("GET", "/props") in paths  # at the root, not under /v1


async def test_llamacpp_props_serve_when_the_model_list_has_no_meta() -> None:
    with FakeOpenAIServer(models=["a", "b"], context_window=4_096) as server:
        # Two models, neither the one asked for: the list says nothing of it.
        window = await probe_context_window(server.base_url, None, "c", "llamacpp")
        assert window == ContextWindow(4_096, "the server's /props (n_ctx)")


async def test_vllm_reports_max_model_len() -> None:
    with FakeOpenAIServer() as server:
        listing = {"object": "list", "data": [{"id": "qwen", "max_model_len": 32_768}]}
        server.serve_json("GET", "/v1/models", listing)
        window = await probe_context_window(server.base_url, None, "qwen", "vllm")
        assert window == ContextWindow(32_768, "the server's /v1/models (max_model_len)")


async def test_ollama_prefers_the_loaded_context_then_num_ctx_then_the_model() -> None:
    with FakeOpenAIServer() as server:
        show = {
            "parameters": 'stop "<|eot_id|>"\nnum_ctx                        16384',
            "model_info": {"general.architecture": "llama", "llama.context_length": 131_072},
        }
        server.serve_json("POST", "/api/show", show)
        server.serve_json("GET", "/api/ps", {"models": []})
        window = await probe_context_window(server.base_url, None, "llama3.1", "ollama")
        assert window == ContextWindow(16_384, "Ollama's /api/show (num_ctx)")
        (asked,) = [r for r in server.requests if r.path == "/api/show"]
        assert asked.method == "POST" and asked.body == {"model": "llama3.1"}

        server.serve_json("POST", "/api/show", {**show, "parameters": 'stop "x"'})
        window = await probe_context_window(server.base_url, None, "llama3.1", "ollama")
        assert window == ContextWindow(131_072, "Ollama's /api/show (llama.context_length)")

        loaded = {"models": [{"name": "llama3.1:latest", "context_length": 8_192}]}
        server.serve_json("GET", "/api/ps", loaded)
        window = await probe_context_window(server.base_url, None, "llama3.1", "ollama")
        assert window is not None and window.tokens == 8_192


async def test_lmstudio_prefers_the_loaded_context() -> None:
    with FakeOpenAIServer() as server:
        entry = {"id": "qwen2.5-7b", "max_context_length": 32_768}
        server.serve_json("GET", "/api/v0/models", {"data": [entry]})
        window = await probe_context_window(server.base_url, None, "qwen2.5-7b", "lmstudio")
        assert window == ContextWindow(32_768, "LM Studio's /api/v0/models (max_context_length)")
        loaded = {**entry, "loaded_context_length": 4_096}
        server.serve_json("GET", "/api/v0/models", {"data": [loaded]})
        window = await probe_context_window(server.base_url, None, "qwen2.5-7b", "lmstudio")
        assert window is not None and window.tokens == 4_096


async def test_openai_is_not_asked_and_silence_is_not_reported() -> None:
    with FakeOpenAIServer() as server:
        assert await probe_context_window(server.base_url, "sk-x", "gpt", "openai") is None
        assert server.requests == []
        # A server that reports nothing anywhere (404s, a plain model list).
        assert await probe_context_window(server.base_url, None, "fake-model", "custom") is None
    assert await probe_context_window(closed_port_url(), None, "m", "llamacpp") is None
    assert await probe_context_window("not a url", None, "m", "llamacpp") is None


async def test_a_server_that_never_answers_is_not_reported() -> None:
    """The socket listens but nobody answers: the probe gives up after its time."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        url = f"http://127.0.0.1:{listener.getsockname()[1]}/v1"
        assert await probe_context_window(url, None, "m", "custom", timeout=0.3) is None
