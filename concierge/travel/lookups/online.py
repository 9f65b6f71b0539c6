"""Lookups that ask a service on the internet: whether they may, and one careful HTTP GET.
`get_json` runs on a private event loop in the kind's worker thread, so the total time is bounded
exactly and a cancel stops it within hundredths of a second."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from concierge.model.settings import LOOKUPS_ONLINE_WEATHER, LOOKUPS_WEATHER_URL
from concierge.store import Settings
from concierge.text import QT_TRANSLATE_NOOP

from .errors import LookupCancelled, OnlineLookupError
from .parameters import Parameters

if TYPE_CHECKING:
    import httpx2

ONLINE_PARAMETER = "online_access"
"""Where the service puts the job's `OnlineAccess` in the parameters a runner receives."""

CONNECT_TIMEOUT = 3.0
TOTAL_TIMEOUT = 10.0
_CANCEL_POLL = 0.05


@dataclass(frozen=True, slots=True)
class OnlineAccess:
    """What online lookups may do for one job, as the settings said when it started."""

    weather: bool = False
    weather_url: str = LOOKUPS_WEATHER_URL.default
    connect_timeout: float = CONNECT_TIMEOUT
    total_timeout: float = TOTAL_TIMEOUT


OFFLINE = OnlineAccess()
"""Every online lookup off (what a kind assumes when it is given no access)."""

OnlineAccessSource = Callable[[], Awaitable[OnlineAccess]]
"""Reads the current `OnlineAccess` (the service calls it as each job starts)."""


def settings_online_access(settings: Settings) -> OnlineAccessSource:
    """An `OnlineAccessSource` on the app's stored settings."""

    async def read() -> OnlineAccess:
        return OnlineAccess(
            weather=await settings.get(LOOKUPS_ONLINE_WEATHER),
            weather_url=await settings.get(LOOKUPS_WEATHER_URL),
        )

    return read


def access_in(params: Parameters) -> OnlineAccess:
    """The `OnlineAccess` the service passed with the parameters; `OFFLINE` if none."""
    access = params.get(ONLINE_PARAMETER)
    return access if isinstance(access, OnlineAccess) else OFFLINE


def host_of(url: str) -> str:
    """The host a URL points at ("api.open-meteo.com"), for messages about where data goes."""
    parts = urlsplit(url.strip())
    return parts.hostname or url.strip() or "(no address set)"


def get_json(
    url: str,
    params: Mapping[str, str],
    *,
    connect_timeout: float = CONNECT_TIMEOUT,
    total_timeout: float = TOTAL_TIMEOUT,
    cancelled: Callable[[], bool] = lambda: False,
    service: str = "the service",
) -> Any:
    """GET `url` and return the decoded JSON body; `OnlineLookupError` for anything that goes
    wrong, `LookupCancelled` once `cancelled()` turns true."""
    return asyncio.run(_get_json(url, params, connect_timeout, total_timeout, cancelled, service))


async def _get_json(
    url: str,
    params: Mapping[str, str],
    connect_timeout: float,
    total_timeout: float,
    cancelled: Callable[[], bool],
    service: str,
) -> Any:
    host = host_of(url)
    where = f"{service} at {host}"
    if urlsplit(url.strip()).scheme not in ("http", "https"):
        raise OnlineLookupError(
            QT_TRANSLATE_NOOP(
                "Lookup",
                "The address of {service} ({url!r}) is not an http(s) URL. Correct it in Settings.",
            ).format(service=service, url=url)
        )
    import httpx2  # imported with the first online lookup, not at start-up

    timeout = httpx2.Timeout(total_timeout, connect=connect_timeout)
    async with httpx2.AsyncClient(timeout=timeout, follow_redirects=True) as client:
        request = asyncio.ensure_future(client.get(url, params=dict(params)))
        try:
            async with asyncio.timeout(total_timeout):
                while not request.done():
                    if cancelled():
                        raise LookupCancelled
                    await asyncio.wait([request], timeout=_CANCEL_POLL)
            response = request.result()
        except TimeoutError:
            raise OnlineLookupError(
                QT_TRANSLATE_NOOP(
                    "Lookup", "{cap} did not answer within {total_timeout:g} s. Try again later."
                ).format(cap=_cap(where), total_timeout=total_timeout)
            ) from None
        except httpx2.ConnectTimeout:
            raise OnlineLookupError(
                QT_TRANSLATE_NOOP(
                    "Lookup",
                    "Could not connect to {where} within {connect_timeout:g} s. Check the "
                    "internet connection and try again.",
                ).format(where=where, connect_timeout=connect_timeout)
            ) from None
        except httpx2.TimeoutException:
            raise OnlineLookupError(
                QT_TRANSLATE_NOOP(
                    "Lookup", "{cap} did not answer within {total_timeout:g} s. Try again later."
                ).format(cap=_cap(where), total_timeout=total_timeout)
            ) from None
        except httpx2.HTTPError as error:
            raise OnlineLookupError(
                QT_TRANSLATE_NOOP(
                    "Lookup",
                    "Could not reach {where} ({reason}). Check the internet connection "
                    "(the app may be offline) and try again.",
                ).format(where=where, reason=_reason(error))
            ) from None
        finally:
            if not request.done():
                request.cancel()
                await asyncio.wait([request])
    if response.status_code != 200:
        raise OnlineLookupError(
            QT_TRANSLATE_NOOP("Lookup", "{cap} answered {status_code}{server_reason}.").format(
                cap=_cap(where),
                status_code=response.status_code,
                server_reason=_server_reason(response),
            )
        )
    try:
        return response.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise OnlineLookupError(
            QT_TRANSLATE_NOOP("Lookup", "{cap} answered with something that is not JSON.").format(
                cap=_cap(where)
            )
        ) from None


def _server_reason(response: httpx2.Response) -> str:
    """Open-Meteo explains a 400 as {"error": true, "reason": "..."}."""
    try:
        body = response.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        return ""
    reason = body.get("reason") if isinstance(body, dict) else None
    return f": {reason}" if isinstance(reason, str) and reason else ""


def _reason(error: httpx2.HTTPError) -> str:
    """Why a request failed, in words: the OS error behind it when there is one."""
    cause: BaseException | None = error
    seen = 0
    while cause is not None and seen < 10:
        if isinstance(cause, ConnectionRefusedError):
            return "connection refused"
        if isinstance(cause, socket.gaierror):
            return "its name could not be looked up"
        if isinstance(cause, OSError) and cause.strerror:
            return cause.strerror[:1].lower() + cause.strerror[1:]
        cause = cause.__cause__ or cause.__context__
        seen += 1
    text = str(error).strip()
    if "refused" in text.lower():
        return "connection refused"
    return text or type(error).__name__


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]
