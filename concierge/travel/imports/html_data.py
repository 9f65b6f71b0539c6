"""Structured data inside an e-mail's HTML: JSON-LD script blocks and microdata items, read
with the standard library's HTML parser into plain JSON-LD-shaped dictionaries."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

_VOID = frozenset(
    {
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "param",
        "source",
        "track",
        "wbr",
    }
)
_URL_ATTRIBUTES = {"a": "href", "link": "href", "area": "href", "img": "src", "source": "src"}


@dataclass
class _Item:
    type: str
    properties: dict[str, list[Any]] = field(default_factory=dict)

    def add(self, name: str, value: Any) -> None:
        self.properties.setdefault(name, []).append(value)

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"@type": self.type}
        for name, values in self.properties.items():
            read = [_json(value) for value in values]
            data[name] = read[0] if len(read) == 1 else read
        return data


@dataclass
class _Open:
    tag: str
    item: _Item | None  # the item this element opened (itemscope)
    props: list[str]  # itemprop names waiting for this element's text
    text: list[str] = field(default_factory=list)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.scripts: list[str] = []
        self.items: list[_Item] = []
        self._script: list[str] | None = None
        self._open: list[_Open] = []

    def _scope(self) -> _Item | None:
        return next((o.item for o in reversed(self._open) if o.item is not None), None)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name.lower(): value or "" for name, value in attrs}
        if tag == "script":
            if values.get("type", "").strip().lower() == "application/ld+json":
                self._script = []
            return
        props = values.get("itemprop", "").split()
        parent = self._scope()
        item: _Item | None = None
        if "itemscope" in values:
            item = _Item(values.get("itemtype", "").split()[0] if values.get("itemtype") else "")
            if props and parent is not None:
                for name in props:
                    parent.add(name, item)
            else:
                self.items.append(item)
            props = []
        elif props and parent is not None:
            value = _attribute_value(tag, values)
            if value is not None:
                for name in props:
                    parent.add(name, value)
                props = []
        if tag in _VOID:
            return
        self._open.append(_Open(tag, item, props if parent is not None else []))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in _VOID and tag != "script":
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            if self._script is not None:
                self.scripts.append("".join(self._script))
            self._script = None
            return
        if not any(o.tag == tag for o in self._open):
            return
        while self._open:
            closed = self._open.pop()
            if closed.props:
                scope = self._scope()
                text = " ".join("".join(closed.text).split())
                if scope is not None:
                    for name in closed.props:
                        scope.add(name, text)
            if self._open and closed.text:
                self._open[-1].text.extend(closed.text)
            if closed.tag == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            self._script.append(data)
        elif self._open:
            self._open[-1].text.append(data)


def _attribute_value(tag: str, values: dict[str, str]) -> str | None:
    if "content" in values:
        return values["content"].strip()
    if tag in _URL_ATTRIBUTES and _URL_ATTRIBUTES[tag] in values:
        return values[_URL_ATTRIBUTES[tag]].strip()
    if tag in ("time", "data", "meter") and ("datetime" in values or "value" in values):
        return values.get("datetime", values.get("value", "")).strip()
    return None


def _json(value: Any) -> Any:
    return value.as_json() if isinstance(value, _Item) else value


def read_html(html: str) -> tuple[list[str], list[dict[str, Any]]]:
    """The JSON-LD script texts and the top-level microdata items of `html`."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.scripts, [_json(item) for item in reader.items]
