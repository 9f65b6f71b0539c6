"""Runs the runtime's rule tests on every snapshot layout (`SnapshotLayout`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from concierge.agent import SnapshotLayout
from tests.agent import support


@pytest.fixture(params=list(SnapshotLayout), ids=str)
def each_layout(request: pytest.FixtureRequest) -> Iterator[SnapshotLayout]:
    """`make_agent` builds agents with this layout for the test; a module opts in with
    `pytestmark = pytest.mark.usefixtures("each_layout")`."""
    layout: SnapshotLayout = request.param
    support.LAYOUT[0] = layout
    try:
        yield layout
    finally:
        support.LAYOUT[0] = SnapshotLayout.TRAILING
