"""Saved e-mails: the HTML parts (quoted-printable or base64, in multipart/alternative or
not) searched for schema.org reservations as JSON-LD or microdata."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

from concierge.text import QT_TRANSLATE_NOOP

from .common import RecordError, finish, record_error
from .html_data import read_html
from .model import Candidate, ImportFileError, ParseResult, refuse_over_max
from .schema_org import reservation_candidate, reservation_kind, reservation_kinds, type_name

SHOWN_BLOCKS = 12
"""How many of the blocks left out the listing names."""


def parse_eml(
    data: bytes, file_name: str, progress: Callable[[int, int], None] | None = None
) -> ParseResult:
    """Every reservation in the message as a candidate, or an error naming the block."""
    message = message_from_bytes(data, policy=policy.default)
    if not isinstance(message, EmailMessage) or not message.keys():
        raise ImportFileError(
            file_name,
            QT_TRANSLATE_NOOP("Import", "it is not an e-mail message (it has no headers)."),
        )
    htmls = list(_html_parts(message))
    records: list[tuple[str, Any]] = []
    errors: list[str] = []
    json_number = micro_number = 0
    for html in htmls:
        scripts, items = read_html(html)
        for script in scripts:
            json_number += 1
            ref = f"JSON-LD #{json_number}"
            try:
                nodes = _linked(_nodes(json.loads(script)))
            except json.JSONDecodeError as error:
                errors.append(record_error(file_name, ref, f"it is not valid JSON ({error})"))
                continue
            if len(nodes) == 1:
                records.append((ref, nodes[0]))
            else:
                records += [(f"{ref}.{n}", node) for n, node in enumerate(nodes, 1)]
        for item in items:
            micro_number += 1
            records.append((f"microdata #{micro_number}", item))
    refuse_over_max(
        file_name,
        len(records),
        QT_TRANSLATE_NOOP(
            "Import", "it has {count:,} records; at most {max_records:,} are imported."
        ),
    )
    candidates: list[Candidate] = []
    ignored: list[str] = []
    for number, (ref, node) in enumerate(records, 1):
        if progress is not None and number > 1:
            progress(number - 1, len(records))
        if not isinstance(node, dict):
            reason = QT_TRANSLATE_NOOP("Import", "it is not a JSON object")
            errors.append(record_error(file_name, ref, reason))
            continue
        kind = reservation_kind(node)
        if kind is None:
            ignored.append(f"{type_name(node) or 'no type'} ({ref})")
            continue
        try:
            candidates.append(finish(reservation_candidate(node, kind, file_name, ref)))
        except RecordError as error:
            errors.append(record_error(file_name, ref, str(error)))
    if progress is not None and records:
        progress(len(records), len(records))
    return ParseResult(
        file_name,
        tuple(candidates),
        tuple(errors),
        warnings=_found(file_name, bool(htmls), ignored, bool(candidates or errors)),
    )


def _found(file_name: str, has_html: bool, ignored: list[str], usable: bool) -> tuple[str, ...]:
    """What the listing says of the blocks left out (Organization, WebSite, …, as mail
    beside a reservation carries them); a message of such blocks alone is refused saying
    what it holds (the first few: a newsletter may carry hundreds)."""
    blocks = ", ".join(ignored[:SHOWN_BLOCKS]) + (", …" if len(ignored) > SHOWN_BLOCKS else "")
    if ignored and not usable:
        raise ImportFileError(
            file_name,
            QT_TRANSLATE_NOOP(
                "Import", "it holds no reservation Concierge imports ({known}), only {blocks}."
            ).format(known=", ".join(reservation_kinds()), blocks=blocks),
        )
    if ignored:
        return (
            QT_TRANSLATE_NOOP("Import", "Left out, as they are not reservations: {blocks}.").format(
                blocks=blocks
            ),
        )
    if usable:
        return ()
    what = "reservation (JSON-LD or microdata)" if has_html else "HTML part"
    return (f"The message has no {what} to import.",)


def _nodes(data: Any) -> list[Any]:
    """The top-level objects of a JSON-LD block: a list, an @graph, or one object."""
    if isinstance(data, list):
        return [node for item in data for node in _nodes(item)]
    if isinstance(data, dict) and isinstance(data.get("@graph"), list):
        return list(data["@graph"])
    return [data]


def _linked(nodes: list[Any]) -> list[Any]:
    """The block's nodes with each reference ({"@id": …} alone) replaced by the node of that
    id, as an @graph links a reservation to its airline or hotel. Each node is resolved
    once and shared, so a cycle or a web of references costs no more than the block."""
    named = {
        node["@id"]: node
        for node in nodes
        if isinstance(node, dict) and isinstance(node.get("@id"), str)
    }
    done: dict[str, Any] = {}

    def resolve(value: Any) -> Any:
        if isinstance(value, list):
            return [resolve(item) for item in value]
        if not isinstance(value, dict):
            return value
        ref = value.get("@id")
        if len(value) == 1 and isinstance(ref, str) and ref in named:
            if ref not in done:
                done[ref] = value  # while it resolves, a cycle back to it stays a reference
                done[ref] = expand(named[ref])
            return done[ref]
        return expand(value)

    def expand(node: dict[str, Any]) -> dict[str, Any]:
        return {key: resolve(item) for key, item in node.items()}

    return [expand(node) if isinstance(node, dict) else node for node in nodes]


def _html_parts(message: EmailMessage) -> Iterator[str]:
    for part in message.walk():
        if part.get_content_type() != "text/html" or part.is_attachment():
            continue
        try:
            content = part.get_content()
        except (LookupError, ValueError):  # an unknown charset: the markup is ASCII anyway
            payload = part.get_payload(decode=True)
            content = payload if isinstance(payload, bytes) else b""
        if isinstance(content, bytes):
            content = content.decode("utf-8", "replace")
        yield str(content)
