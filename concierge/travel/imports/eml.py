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
from .model import MAX_RECORDS, Candidate, ImportFileError, ParseResult
from .schema_org import reservation_candidate


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
    candidates: list[Candidate] = []
    errors: list[str] = []
    records: list[tuple[str, Any]] = []
    json_number = micro_number = 0
    for html in htmls:
        scripts, items = read_html(html)
        for script in scripts:
            json_number += 1
            ref = f"JSON-LD #{json_number}"
            try:
                nodes = _nodes(json.loads(script))
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
    if len(records) > MAX_RECORDS:
        raise ImportFileError(
            file_name,
            QT_TRANSLATE_NOOP(
                "Import", "it has {count:,} records; at most {max_records:,} are imported."
            ).format(count=len(records), max_records=MAX_RECORDS),
        )
    for number, (ref, node) in enumerate(records, 1):
        if progress is not None and number > 1:
            progress(number - 1, len(records))
        try:
            if not isinstance(node, dict):
                raise RecordError(QT_TRANSLATE_NOOP("Import", "it is not a JSON object"))
            candidates.append(finish(reservation_candidate(node, file_name, ref)))
        except RecordError as error:
            errors.append(record_error(file_name, ref, str(error)))
    if progress is not None and records:
        progress(len(records), len(records))
    warnings: tuple[str, ...] = ()
    if not records:
        what = "HTML part" if not htmls else "reservation (JSON-LD or microdata)"
        warnings = (f"The message has no {what} to import.",)
    return ParseResult(file_name, tuple(candidates), tuple(errors), warnings=warnings)


def _nodes(data: Any) -> list[Any]:
    """The top-level objects of a JSON-LD block: a list, an @graph, or one object."""
    if isinstance(data, list):
        return [node for item in data for node in _nodes(item)]
    if isinstance(data, dict) and isinstance(data.get("@graph"), list):
        return list(data["@graph"])
    return [data]


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
