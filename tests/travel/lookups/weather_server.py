"""A loopback, Open-Meteo-like forecast server on real sockets (stdlib only).

It records every request (path and decoded query) and answers GET /v1/forecast with made-up
but well-formed daily values for the asked dates, or with a scripted status and body.
Runs `ThreadingHTTPServer` in a background thread, so it answers whatever loop the test uses.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from datetime import date, timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, Self
from urllib.parse import parse_qs, urlsplit

FORECAST_PATH = "/v1/forecast"
CODES = [0, 3, 61, 95, 2, 71, 45, 80, 1, 63, 51, 99, 73, 82, 48, 55]


@dataclass(frozen=True)
class Recorded:
    path: str
    query: dict[str, list[str]]


def daily_for(start: date, end: date) -> dict[str, list[Any]]:
    """Deterministic values: day n has max 20+n, min 10+n/2, rain chance 10·n % (cap 100)."""
    days = [start + timedelta(days=n) for n in range((end - start).days + 1)]
    return {
        "time": [d.isoformat() for d in days],
        "temperature_2m_max": [20.0 + n for n in range(len(days))],
        "temperature_2m_min": [10.0 + n / 2 for n in range(len(days))],
        "precipitation_probability_max": [min(100, 10 * n) for n in range(len(days))],
        "weather_code": [CODES[n % len(CODES)] for n in range(len(days))],
    }


class WeatherServer:
    """Use as a context manager; `url` is the forecast endpoint, `requests` what arrived."""

    def __init__(self) -> None:
        self.requests: list[Recorded] = []
        self.status = 200
        self.body: Any | None = None
        """A scripted JSON body (None: answer from the asked dates)."""
        self.delay = 0.0
        self._lock = threading.Lock()
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                parts = urlsplit(self.path)
                query = parse_qs(parts.query, keep_blank_values=True)
                with server._lock:
                    server.requests.append(Recorded(parts.path, query))
                if server.delay:
                    threading.Event().wait(server.delay)
                self._answer(parts.path, query)

            def _answer(self, path: str, query: dict[str, list[str]]) -> None:
                status, body = server.status, server.body
                if body is None and path != FORECAST_PATH:
                    status, body = 404, {"error": True, "reason": "Not found"}
                elif body is None:
                    try:
                        start = date.fromisoformat(query["start_date"][0])
                        end = date.fromisoformat(query["end_date"][0])
                    except (KeyError, ValueError):
                        status, body = 400, {"error": True, "reason": "Bad dates"}
                    else:
                        body = {
                            "latitude": float(query["latitude"][0]),
                            "longitude": float(query["longitude"][0]),
                            "timezone": query["timezone"][0],
                            "daily_units": {"temperature_2m_max": "°C"},
                            "daily": daily_for(start, end),
                        }
                data = json.dumps(body).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}{FORECAST_PATH}"

    def __enter__(self) -> Self:
        self._thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(5)
