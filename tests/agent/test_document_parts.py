"""A document the person attached to a message: stored whole, sent as text in its own
message, counted as text when compaction measures the conversation; an image that a model
refused is named in the error and, from then on, sent as a line saying one was attached."""

from __future__ import annotations

import httpx2
import openai

from concierge.agent import (
    CharTokenEstimator,
    DocumentPart,
    ImagePart,
    TextPart,
    UserMessage,
)
from concierge.agent.messages import MESSAGE_ADAPTER, user_message
from concierge.agent.openai_errors import describe_openai_error
from concierge.agent.openai_format import ChatFormatter, merge_adjacent_user_messages

URL = "http://models.example:8080/v1"
TICKET = DocumentPart(name="ticket.pdf", text="Boarding pass TP1234 gate 7")
PHOTO = ImagePart(url="data:image/png;base64,AAAA", name="photo.png")


def test_a_message_with_a_document_and_an_image_round_trips_exactly() -> None:
    message = user_message([TextPart(text="Which gate?"), TICKET, PHOTO])
    stored = MESSAGE_ADAPTER.dump_json(message)
    assert MESSAGE_ADAPTER.validate_json(stored) == message
    assert MESSAGE_ADAPTER.dump_json(MESSAGE_ADAPTER.validate_json(stored)) == stored


def test_a_document_is_sent_as_a_text_part_naming_the_file_and_the_image_name_is_not() -> None:
    message = user_message([TextPart(text="Which gate?"), TICKET, PHOTO])
    [_system, sent] = ChatFormatter().format("system", [message])
    assert sent["content"] == [
        {"type": "text", "text": "Which gate?"},
        {"type": "text", "text": "Attached document “ticket.pdf”:\n\nBoarding pass TP1234 gate 7"},
        {"type": "image_url", "image_url": {"url": PHOTO.url}},
    ]


def test_a_note_comes_before_the_text_and_a_document_without_text_says_so() -> None:
    cut = DocumentPart(name="brochure.pdf", text="Page one", note="Its text is cut short.")
    assert (
        cut.model_text == "Attached document “brochure.pdf”:\n\nIts text is cut short.\n\nPage one"
    )
    empty = DocumentPart(name="scan.pdf", text="", note="No text could be read.")
    assert empty.model_text == "Attached document “scan.pdf”:\n\nNo text could be read."


def test_merging_user_turns_keeps_the_document_a_part_of_its_own() -> None:
    formatted = ChatFormatter().format("system", [user_message([TICKET])])
    snapshot = {"role": "user", "content": "Trip: Japan"}
    [_system, merged] = merge_adjacent_user_messages([*formatted, snapshot])
    assert merged["content"] == [
        {"type": "text", "text": TICKET.model_text},
        {"type": "text", "text": "Trip: Japan"},
    ]


def test_compaction_counts_a_document_by_its_text() -> None:
    estimator = CharTokenEstimator()
    short = estimator.message(user_message([DocumentPart(name="a.pdf", text="x")]))
    long = estimator.message(user_message([DocumentPart(name="a.pdf", text="x" * 4_001)]))
    assert long - short == 1_000


def test_images_as_text_after_a_refusal_and_back() -> None:
    message = UserMessage(content=(TextPart(text="What is this?"), PHOTO))
    formatter = ChatFormatter()
    [_s, plain] = formatter.format("system", [message], images_as_text=True)
    assert plain["content"][1] == {
        "type": "text",
        "text": "[The person attached an image “photo.png”; this model cannot read images.]",
    }
    [_s, again] = formatter.format("system", [message])  # A cached entry is not reused.
    assert again["content"][1]["type"] == "image_url"


def bad_request(message: str) -> openai.BadRequestError:
    request = httpx2.Request("POST", f"{URL}/chat/completions")
    response = httpx2.Response(400, request=request)
    body = {"error": {"message": message, "type": "invalid_request_error"}}
    return openai.BadRequestError(message, response=response, body=body)


def test_a_refusal_of_a_request_with_an_image_says_the_model_cannot_read_images() -> None:
    error = bad_request("image input is not supported")
    assert describe_openai_error(error, URL, model="m", sends_images=True) == (
        "This model cannot read images; Retry sends your message with a line saying an image "
        "was attached instead, or choose a model that reads images in Settings. The model "
        "server answered 400: image input is not supported"
    )
    assert describe_openai_error(error, URL, model="m") == (
        "The model server answered 400: image input is not supported"
    )
