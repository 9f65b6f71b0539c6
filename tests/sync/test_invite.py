"""An invite code survives a chat message (wrapped, indented, with words around it is not
asked for: the code alone), names its transport by its location, and a damaged, foreign or
newer code is refused with words saying which."""

from __future__ import annotations

import base64
import hashlib
import json

import pytest

from concierge.sync.invite import (
    DAMAGED,
    NEWER,
    NOT_AN_INVITE,
    Invite,
    InviteError,
    Transport,
    read_invite,
)

INVITE = Invite(
    trip_id="0b6f7a4e-5d1c-4c8e-9f1e-2a7d3c9b8e01",
    location=r"C:\Users\Ana\Nextcloud\Viagem a Lisboa",
    secret="correct horse battery staple",
    title="Lisboa em maio",
)


def test_a_code_reads_back_as_the_invite_it_was_made_from() -> None:
    code = INVITE.code()
    assert "\n" not in code and " " not in code
    assert read_invite(code) == INVITE
    assert "correct horse" not in code  # not readable at a glance over a shoulder


def test_a_code_wrapped_by_a_chat_app_still_reads() -> None:
    code = INVITE.code()
    wrapped = "  " + "\n".join(code[i : i + 30] for i in range(0, len(code), 30)) + " \r\n"
    assert read_invite(wrapped) == INVITE


def test_the_location_names_the_transport() -> None:
    assert INVITE.transport is Transport.FOLDER
    assert Invite("t", "/home/ben/Sync/Trips", "s").transport is Transport.FOLDER
    for address in ("ws://192.168.1.20:1234/trips", "WSS://trips.example.org/room"):
        invite = read_invite(Invite("t", address, "s").code())
        assert invite.transport is Transport.SERVER
        assert invite.location == address


@pytest.mark.parametrize(
    "damage",
    [
        lambda code: code[:-12],  # cut short
        lambda code: code[:40] + ("A" if code[40] != "A" else "B") + code[41:],  # one changed
        lambda code: code.rsplit(".", 1)[0],  # the checksum lost
        lambda code: code.replace(".", "", 2),
    ],
)
def test_a_damaged_code_says_so(damage: object) -> None:
    assert callable(damage)
    with pytest.raises(InviteError) as raised:
        read_invite(damage(INVITE.code()))
    assert str(raised.value) == DAMAGED


@pytest.mark.parametrize(
    "text", ["https://meet.example.com/abc-defg-hij", "", "Syncthing device ID: MFZWI3D-BONSGYC"]
)
def test_foreign_text_is_not_an_invite(text: str) -> None:
    with pytest.raises(InviteError) as raised:
        read_invite(text)
    assert str(raised.value) == NOT_AN_INVITE.format(prefix="concierge-invite")


def test_a_code_from_a_newer_concierge_asks_for_an_update() -> None:
    body = base64.urlsafe_b64encode(json.dumps({"room": "x"}).encode()).decode().rstrip("=")
    head = f"concierge-invite.2.{body}"
    code = f"{head}.{hashlib.sha256(head.encode()).hexdigest()[:8]}"
    with pytest.raises(InviteError) as raised:
        read_invite(code)
    assert str(raised.value) == NEWER.format(version=2)


def test_a_whole_code_without_a_field_it_needs_is_damaged() -> None:
    body = base64.urlsafe_b64encode(json.dumps({"trip": "t", "secret": "s"}).encode())
    head = f"concierge-invite.1.{body.decode().rstrip('=')}"
    with pytest.raises(InviteError, match="damaged"):
        read_invite(f"{head}.{hashlib.sha256(head.encode()).hexdigest()[:8]}")
