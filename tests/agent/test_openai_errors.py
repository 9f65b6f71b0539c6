"""The one wording of openai failures: what the SDK raises, as sentences for the person."""

from __future__ import annotations

import socket

import httpx2
import openai

from concierge.agent.openai_errors import describe_openai_error

URL = "http://models.example:8080/v1"


def connection_error(cause: BaseException) -> openai.APIConnectionError:
    try:
        raise openai.APIConnectionError(request=httpx2.Request("GET", URL)) from cause
    except openai.APIConnectionError as error:
        return error


def test_an_unknown_host_names_the_host() -> None:
    error = connection_error(socket.gaierror(-2, "Name or service not known"))
    assert describe_openai_error(error, URL) == (
        "Cannot find the host 'models.example': check the base URL."
    )


def test_a_cause_ending_in_a_full_stop_makes_one_sentence() -> None:
    error = connection_error(httpx2.ConnectError("Connection refused."))
    assert describe_openai_error(error, URL + "/", model="m") == (
        f"Cannot reach the model server at {URL}: Connection refused. Check that it is running "
        "and the base URL is right."
    )


def test_a_timeout_says_how_long_was_waited_when_known() -> None:
    error = openai.APITimeoutError(request=httpx2.Request("GET", URL))
    assert describe_openai_error(error, URL) == f"The model server at {URL} timed out."
    assert describe_openai_error(error, URL, timeout=1) == (
        f"The model server at {URL} did not answer within 1 second."
    )
