"""Asking a model server what it offers, against real loopback servers: every failure is
one sentence, worded as the chat words the same failure."""

from __future__ import annotations

import json
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import openai
import pytest

from concierge.agent import Agent, InMemoryHistoryStore, ModelError
from concierge.agent.openai_model import OpenAIChatModel
from concierge.model_server import ConnectionCheckError, check_connection, list_models
from tests.agent.support import make_agent
from tests.fakes import FakeOpenAIServer, Reply
from tests.model_server.test_profile import profile


def closed_port_url() -> str:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


@contextmanager
def answering(status: int, body: bytes, content_type: str = "application/json") -> Iterator[str]:
    """A loopback server that answers every GET with `status` and `body`; yields its /v1 URL."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.01})
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


# -- connection checks -----------------------------------------------------------------------


async def test_models_are_listed_sorted_with_the_key(fake_openai: FakeOpenAIServer) -> None:
    fake_openai.models = ["zeta", "alpha", "mid"]
    assert await list_models(fake_openai.base_url + "/", "sk-x") == ["alpha", "mid", "zeta"]
    assert await list_models(fake_openai.base_url, None) == ["alpha", "mid", "zeta"]
    first, second = fake_openai.requests
    assert (first.method, first.path) == ("GET", "/v1/models")
    assert first.headers["authorization"] == "Bearer sk-x"
    assert "authorization" not in second.headers  # no key: no header, never "Bearer none"


async def test_a_closed_port_is_a_readable_error() -> None:
    url = closed_port_url()
    with pytest.raises(ConnectionCheckError) as caught:
        await list_models(url, None)
    assert str(caught.value).startswith(f"Cannot reach the model server at {url}: ")
    assert str(caught.value).endswith("Check that it is running and the base URL is right.")


async def test_a_refused_key_is_a_readable_error() -> None:
    body = json.dumps({"error": {"message": "Incorrect API key provided"}}).encode()
    with answering(401, body) as url, pytest.raises(ConnectionCheckError) as caught:
        await list_models(url, "sk-wrong")
    assert str(caught.value) == (
        "The model server refused the API key (401): Incorrect API key provided"
    )
    assert caught.value.status_code == 401


async def test_a_server_without_models_endpoint_says_to_type_the_name(
    fake_openai: FakeOpenAIServer,
) -> None:
    root = fake_openai.base_url.removesuffix("/v1")
    with pytest.raises(ConnectionCheckError) as missing:
        await list_models(root + "/api/v1", None)
    assert str(missing.value) == (
        f"The model server at {root}/api/v1 has no /models endpoint; type the model name."
    )
    assert missing.value.status_code == 404
    with pytest.raises(ConnectionCheckError) as no_v1:
        await list_models(root, None)
    assert str(no_v1.value) == (
        f"The model server at {root} has no /models endpoint; type the model name. "
        "Most servers' base URL ends in /v1."
    )


async def test_a_silent_server_times_out() -> None:
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()  # accepts connections at the kernel level, never answers
        url = f"http://127.0.0.1:{listener.getsockname()[1]}/v1"
        with pytest.raises(ConnectionCheckError) as caught:
            await list_models(url, None, timeout=0.2)
    assert str(caught.value) == f"The model server at {url} did not answer within 0.2 seconds."


async def test_an_answer_that_is_not_a_model_list() -> None:
    page = b"<html>router login</html>"
    with answering(200, page, "text/html") as url, pytest.raises(ConnectionCheckError) as caught:
        await list_models(url, None)
    assert str(caught.value) == f"{url} answered, but not with a list of models."


async def test_a_malformed_base_url_is_rejected_before_any_request() -> None:
    with pytest.raises(ConnectionCheckError, match=r"must start with http:// or https://"):
        await list_models("localhost:11434/v1", None)
    with pytest.raises(ConnectionCheckError, match=r"Enter the model server's base URL"):
        await list_models("  ", None)


async def test_connection_confirms_the_chosen_model(fake_openai: FakeOpenAIServer) -> None:
    fake_openai.models = ["qwen2.5", "llama3.1", "mistral"]
    found = await check_connection(profile(base_url=fake_openai.base_url))
    assert found == "Connected. 3 models available; llama3.1 is one of them."
    assert "authorization" not in fake_openai.requests[-1].headers  # Ollama checks no key

    missing = await check_connection(profile(base_url=fake_openai.base_url, model="phi4"))
    assert missing.startswith("Connected, but phi4 is not among the 3 models the server lists.")
    unchosen = await check_connection(profile(base_url=fake_openai.base_url, model=""))
    assert unchosen == "Connected. 3 models available; choose one."

    fake_openai.models = ["llama3.1"]
    one = await check_connection(profile(base_url=fake_openai.base_url))
    assert one == "Connected. 1 model available; llama3.1 is one of them."
    fake_openai.models = []
    assert "lists no models" in await check_connection(profile(base_url=fake_openai.base_url))


async def test_connection_needs_the_required_key_first(fake_openai: FakeOpenAIServer) -> None:
    openai_like = profile(preset="openai", base_url=fake_openai.base_url)
    with pytest.raises(ConnectionCheckError, match=r"OpenAI needs an API key"):
        await check_connection(openai_like)
    assert fake_openai.requests == []


@pytest.mark.parametrize("status", [401, 404, 500])
async def test_the_chat_and_the_check_word_a_refusal_alike(
    fake_openai: FakeOpenAIServer, status: int
) -> None:
    """One wording: the model list (404 aside, which means something else there) and a chat
    turn answered with the same error say the same sentence."""
    body = json.dumps({"error": {"message": "go away"}}).encode()
    with answering(status, body) as url, pytest.raises(ConnectionCheckError) as checked:
        await list_models(url, None)
    fake_openai.script(Reply.error(status, "go away"))
    with pytest.raises(ModelError) as chatted:
        await make_agent(fake_openai).process_request("hi")
    if status == 404:
        assert "has no /models endpoint" in str(checked.value)
        assert "'fake-model' or the endpoint was not found" in str(chatted.value)
    else:
        assert str(checked.value) == str(chatted.value).replace(fake_openai.base_url, url)


async def test_the_chat_and_the_check_word_a_closed_port_alike() -> None:
    url = closed_port_url()
    with pytest.raises(ConnectionCheckError) as checked:
        await list_models(url, None)
    client = openai.AsyncOpenAI(base_url=url, api_key="k", max_retries=0)
    model = OpenAIChatModel(client, model="m")
    agent = Agent(model=model, system_prompt="s", history=InMemoryHistoryStore())
    with pytest.raises(ModelError) as chatted:
        await agent.process_request("hi")
    await client.close()
    assert str(checked.value) == str(chatted.value)
