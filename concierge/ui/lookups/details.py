"""A lookup job as short Markdown for the details pane: what it is, its outcome in one
line, then every field of the result (or the error), in plain words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from concierge.store import LookupJobRecord, LookupStatus

from .model import STATUS_TEXT, kind_title, progress_percent

_SKIPPED = frozenset({"summary", "from_trip"})
_NAMES = {"iata": "IATA", "icao": "ICAO", "tz": "Time zone", "km": "km"}


def field_name(key: str) -> str:
    """ "rate_date" → "Rate date"."""
    if key in _NAMES:
        return _NAMES[key]
    words = key.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def _escape(value: object) -> str:
    text = str(value)
    for mark in ("\\", "*", "_", "`", "[", "]", "#"):
        text = text.replace(mark, "\\" + mark)
    return text


def _scalar(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return _escape(value)


def _inline(mapping: Mapping[str, Any]) -> str:
    """A small record on one line: "2026-12-25 · Christmas Day"."""
    return " · ".join(_scalar(v) for v in mapping.values() if not isinstance(v, Mapping | list))


def _fields(data: Mapping[str, Any], depth: int = 0) -> list[str]:
    indent = "  " * depth
    lines: list[str] = []
    for key, value in data.items():
        if key in _SKIPPED:
            continue
        name = field_name(key)
        if isinstance(value, Mapping):
            lines.append(f"{indent}- **{name}:**")
            lines.extend(_fields(value, depth + 1))
        elif isinstance(value, Sequence) and not isinstance(value, str):
            if not value:
                lines.append(f"{indent}- **{name}:** none")
                continue
            lines.append(f"{indent}- **{name}:**")
            for entry in value:
                shown = _inline(entry) if isinstance(entry, Mapping) else _scalar(entry)
                lines.append(f"{indent}  - {shown}")
        else:
            lines.append(f"{indent}- **{name}:** {_scalar(value)}")
    return lines


def job_markdown(job: LookupJobRecord) -> str:
    status = STATUS_TEXT.get(job.status, job.status.value)
    lines = [f"### {_escape(kind_title(job.kind))} — {status}", ""]
    if job.status is LookupStatus.SUCCEEDED and job.result is not None:
        lines += [_escape(job.summary), "", *_fields(job.result)]
    elif job.status is LookupStatus.FAILED:
        lines += [f"**Error:** {_escape(job.error or 'failed')}"]
    elif not job.status.finished:
        lines += [f"{progress_percent(job)}% — {_escape(job.status_line)}"]
    else:
        lines += [_escape(job.summary)]
    parameters = {k: v for k, v in job.parameters.items() if k not in _SKIPPED}
    if parameters:
        lines += ["", "**Looked up with:**", *_fields(parameters)]
    lines += ["", f"Lookup {job.id[:8]} · started {job.created_at:%Y-%m-%d %H:%M} UTC"]
    return "\n".join(lines)
