"""Which clients can be asked the person's leave: those showing a form, by the capability
they declare (the SDK's own client declares every mode, so other clients' shapes are here)."""

from __future__ import annotations

import pytest
from mcp.types import (
    ClientCapabilities,
    ElicitationCapability,
    FormElicitationCapability,
    UrlElicitationCapability,
)

from concierge.mcp.asking import asks_forms


@pytest.mark.parametrize(
    ("capabilities", "asked"),
    [
        (None, False),
        (ClientCapabilities(), False),
        (ClientCapabilities(elicitation=ElicitationCapability()), True),
        (
            ClientCapabilities(elicitation=ElicitationCapability(form=FormElicitationCapability())),
            True,
        ),
        (
            ClientCapabilities(elicitation=ElicitationCapability(url=UrlElicitationCapability())),
            False,
        ),
    ],
    ids=["no capabilities", "no elicitation", "elicitation before modes", "forms", "links only"],
)
def test_a_client_is_asked_when_it_shows_forms(
    capabilities: ClientCapabilities | None, asked: bool
) -> None:
    assert asks_forms(capabilities) is asked
