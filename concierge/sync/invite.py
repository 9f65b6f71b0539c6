"""An invite to a shared trip: one line of text a person pastes into a chat message, carrying
what a companion's device needs to join (the trip, where its updates travel, and the secret).

    concierge-invite.1.<the fields as JSON, base64url>.<a checksum of them>

The version says how to read the rest, so a later Concierge can change the fields and still
tell an older code apart; the checksum catches a code cut or altered on its way (chat apps
wrap and trim long lines: whitespace anywhere is ignored). The location is a string whose
form names its transport (`transport_of`): a folder's path today, a server's ws:// or wss://
address too. No Qt."""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from dataclasses import dataclass
from enum import StrEnum

from concierge.text import QT_TRANSLATE_NOOP

PREFIX = "concierge-invite"
VERSION = 1
CHECK_LENGTH = 8
"""Hex digits of the checksum: a damaged code passes one in four billion times."""

NOT_AN_INVITE = QT_TRANSLATE_NOOP(
    "Invite", "This is not a Concierge invite code: it should start with “{prefix}.”."
)
DAMAGED = QT_TRANSLATE_NOOP(
    "Invite",
    "This invite code is damaged (cut short or changed on its way): ask for it again, or copy "
    "it whole.",
)
NEWER = QT_TRANSLATE_NOOP(
    "Invite",
    "This invite code was made by a newer Concierge (invite version {version}): update "
    "Concierge to join this trip.",
)


class InviteError(ValueError):
    """A code that cannot be read; its message says why, in words for the person."""


class Transport(StrEnum):
    """How a shared trip's updates travel, named by the location's form."""

    FOLDER = "folder"
    """A folder the person syncs with Syncthing, Nextcloud, Dropbox…: a path."""
    SERVER = "server"
    """A Yjs WebSocket server: a ws:// or wss:// address."""


SERVER_SCHEMES = ("ws://", "wss://")


def transport_of(location: str) -> Transport:
    """The transport a location names: a ws:// or wss:// address is a server, else a folder."""
    return Transport.SERVER if location.lower().startswith(SERVER_SCHEMES) else Transport.FOLDER


@dataclass(frozen=True, slots=True)
class Invite:
    """What joining a shared trip takes; `title` only names the trip in the join dialog (the
    trip's own title arrives with its first sync)."""

    trip_id: str
    location: str
    secret: str
    title: str = ""

    @property
    def transport(self) -> Transport:
        return transport_of(self.location)

    def code(self) -> str:
        """The invite as one line of text to send."""
        fields = {"trip": self.trip_id, "location": self.location, "secret": self.secret}
        if self.title:
            fields["title"] = self.title
        payload = json.dumps(fields, ensure_ascii=False, sort_keys=True).encode()
        body = base64.urlsafe_b64encode(payload).decode().rstrip("=")
        head = f"{PREFIX}.{VERSION}"
        return f"{head}.{body}.{_check(f'{head}.{body}')}"


def _check(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:CHECK_LENGTH]


def read_invite(text: str) -> Invite:
    """The invite `text` carries; raises `InviteError` saying why it cannot be read."""
    code = re.sub(r"\s+", "", text)
    if not code.lower().startswith(PREFIX):
        raise InviteError(NOT_AN_INVITE.format(prefix=PREFIX))
    parts = code.split(".")
    if len(parts) < 2 or parts[0].lower() != PREFIX or not parts[1].isdigit():
        raise InviteError(DAMAGED)
    if int(parts[1]) > VERSION:
        raise InviteError(NEWER.format(version=int(parts[1])))
    if len(parts) != 4 or _check(".".join(parts[:3])) != parts[3].lower():
        raise InviteError(DAMAGED)
    body = parts[2]
    try:
        payload = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        fields = json.loads(payload.decode())
        invite = Invite(
            trip_id=_text(fields, "trip"),
            location=_text(fields, "location"),
            secret=_text(fields, "secret"),
            title=str(fields.get("title", "")),
        )
    except (binascii.Error, UnicodeDecodeError, ValueError, AttributeError, KeyError):
        raise InviteError(DAMAGED) from None
    return invite


def _text(fields: dict[str, object], name: str) -> str:
    value = fields[name]
    if not isinstance(value, str) or not value:
        raise ValueError(name)
    return value
