"""Answers questions about one process's accessibility tree, one JSON line per question.

Run with Debian's python3 (python3-pyatspi lives there, not in the project's virtualenv) on
the session bus the app uses. The test process writes requests to stdin and reads answers
from stdout, so the X display is only ever driven with real input: this script only looks.

Request:  {"op": "find", "pid": 123, "name": "...", "role": "...", "label": "..."}
          {"op": "focused", "pid": 123}   {"op": "ping"}
Answer:   {"ok": true, "nodes": [node, ...]}  or  {"ok": false, "error": "..."}
A node:   {"name", "role", "description", "states", "extents": [x, y, w, h], "text", "labels"}
"""

import json
import sys
from collections.abc import Iterator
from typing import Any

import pyatspi  # type: ignore[import-not-found]

Node = Any
"""A pyatspi Accessible."""

_NOT_DESCENDED = {"combo box", "page tab list"}
"""Their children are popup lists and tabs, never what a test looks for inside them."""


_apps: dict[int, Node] = {}


def _app(pid: int) -> Node | None:
    known = _apps.get(pid)
    if known is not None and known.get_process_id() == pid:
        return known
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.get_process_id() == pid:
            _apps[pid] = app
            return app
    return None


def _states(node: Node) -> list[str]:
    states = node.getState()
    return [pyatspi.stateToString(state) for state in states.getStates()]


def _text(node: Node) -> str | None:
    try:
        text = node.queryText()
    except NotImplementedError:
        return None
    return str(text.getText(0, -1))


def _labels(node: Node) -> list[str]:
    names = []
    for relation in node.getRelationSet():
        if relation.getRelationType() != pyatspi.RELATION_LABELLED_BY:
            continue
        for index in range(relation.getNTargets()):
            target = relation.getTarget(index)
            if target is not None:
                names.append(target.name)
    return names


def _describe(node: Node) -> dict[str, Any]:
    try:
        box = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        extents = [box.x, box.y, box.width, box.height]
    except NotImplementedError:
        extents = None
    return {
        "name": node.name,
        "role": node.getRoleName(),
        "description": node.description,
        "states": _states(node),
        "extents": extents,
        "text": _text(node),
        "labels": _labels(node),
    }


def _showing(node: Node) -> bool:
    return bool(node.getState().contains(pyatspi.STATE_SHOWING))


def _walk(node: Node, depth: int = 0) -> Iterator[Node]:
    """Every showing node below `node` (hidden panels and popups are skipped whole)."""
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is None or not _showing(child):
            continue
        yield child
        if depth < 40 and child.getRoleName() not in _NOT_DESCENDED:
            yield from _walk(child, depth + 1)


def _matches(node: Node, request: dict[str, Any]) -> bool:
    if "name" in request and node.name != request["name"]:
        return False
    if "role" in request and node.getRoleName() != request["role"]:
        return False
    return "label" not in request or request["label"] in _labels(node)


def _answer(request: dict[str, Any]) -> list[dict[str, Any]]:
    op = request.get("op")
    if op == "ping":
        pyatspi.Registry.getDesktop(0)  # Starts the accessibility bus if it is not running.
        return []
    app = _app(request["pid"])
    if app is None:
        return []
    if op == "find":
        return [_describe(node) for node in _walk(app) if _matches(node, request)]
    if op == "focused":
        found = [node for node in _walk(app) if node.getState().contains(pyatspi.STATE_FOCUSED)]
        return [_describe(node) for node in found]
    raise ValueError(f"unknown op {op!r}")


def main() -> None:
    for line in sys.stdin:
        try:
            answer = {"ok": True, "nodes": _answer(json.loads(line))}
        except Exception as error:  # A node vanished mid-walk: the caller asks again.
            answer = {"ok": False, "error": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
