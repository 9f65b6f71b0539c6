"""A shared trip's transport from where its companions meet, as an invite gives it: a folder
path (a synced folder) or a `ws://` / `wss://` URL (a Yjs WebSocket server), with the secret
(the folder's passphrase, or the room's secret)."""

from __future__ import annotations

import ipaddress
import ssl
from pathlib import Path
from urllib.parse import urlsplit

from .folder import SyncFolder, folder_key
from .room import PATIENT, Backoff, ServerRoom
from .transport import Transport

SERVER_SCHEMES = ("ws", "wss")


class LocationError(ValueError):
    """A location no transport can use, or one that would send the trip unprotected."""


def open_transport(
    location: str,
    secret: str,
    *,
    trip_id: str,
    device_id: str,
    state_dir: Path,
    certificate: Path | None = None,
    allow_plain: bool = False,
    backoff: Backoff = PATIENT,
) -> Transport:
    """The transport of the trip `trip_id` for this device `device_id` at `location`.

    A folder's key is derived from `secret` here (scrypt: a tenth of a second; call it off the
    GUI thread). A server's room is the trip's id under the URL; `wss://` checks the server's
    certificate against the system's authorities, or against `certificate` (a PEM file: a
    self-signed one the server's owner gave). `ws://` to another machine than this one is
    refused unless `allow_plain`: the room's secret and the trip would cross the network in
    clear. The server's journal of updates is kept in `state_dir`, beside the engine's."""
    parts = urlsplit(location)
    if parts.scheme in SERVER_SCHEMES:
        if not parts.hostname:
            raise LocationError(f"{location} names no server.")
        tls: ssl.SSLContext | None = None
        if parts.scheme == "wss":
            tls = ssl.create_default_context(cafile=certificate)
        elif not allow_plain and not _loopback(parts.hostname):
            raise LocationError(
                f"{location} is not encrypted: use wss:// (the server's --cert and --key), "
                "or allow plain ws:// on a network you trust."
            )
        url = f"{location.rstrip('/')}/{trip_id}"
        journal = state_dir / f"{trip_id}.room"
        return ServerRoom(url, secret, device_id, journal, tls=tls, backoff=backoff)
    if "://" in location:
        raise LocationError(f"{location} is neither a folder nor a ws:// or wss:// address.")
    root = Path(location).expanduser()
    return SyncFolder(root, device_id, folder_key(root, secret))


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
