"""`concierge sync-server`: a home machine serves the trips its owner shares to the companions'
devices, live, as a Yjs WebSocket server: one room per shared trip, each behind its own secret
(`--room TRIP` prints it, for the invite), over TLS with the person's certificate. It holds no
trip itself: each device keeps the whole trip and sends it again when it comes back. Runs until
Ctrl+C or SIGTERM."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import ssl
from pathlib import Path
from typing import TextIO

from concierge.travel.services import TravelServices

from .command import Command, CommandError

PORT = 8765


class SyncServerCommand(Command):
    name = "sync-server"
    creates_folder = True
    summary = (
        "serve shared trips to the companions' devices, live (a Yjs WebSocket server: a room "
        "per trip behind its secret; TLS with --cert and --key), until Ctrl+C"
    )

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument(
            "--host", default="0.0.0.0", help="the address to listen on (default: every one)"
        )
        parser.add_argument(
            "--port", type=int, default=PORT, help=f"the port (default {PORT}; 0: a free one)"
        )
        parser.add_argument("--cert", type=Path, help="the TLS certificate (chain), PEM")
        parser.add_argument("--key", type=Path, help="the certificate's private key, PEM")
        parser.add_argument(
            "--room",
            metavar="TRIP_ID",
            help="print the secret of the trip's room, to give the companions, and exit",
        )

    async def run(
        self, arguments: argparse.Namespace, services: TravelServices, out: TextIO
    ) -> None:
        from concierge.sync.serve import SECRET_FILE, RoomServer, room_secret, server_secret

        secret = server_secret(services.data_dir)
        if arguments.room is not None:
            print(room_secret(secret, arguments.room), file=out)
            return
        tls = _tls(arguments.cert, arguments.key)
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for number in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):  # Windows: Ctrl+C interrupts
                loop.add_signal_handler(number, stop.set)
        try:
            async with RoomServer(secret, arguments.host, arguments.port, tls) as server:
                print(f"Serving shared trips at {server.url}/<trip id>", file=out, flush=True)
                print(
                    f"Its secret, for Trip > Share this trip… in the window: {secret} (kept in "
                    f"{services.data_dir / SECRET_FILE}); one trip's room secret alone: "
                    "concierge sync-server --room <trip id>",
                    file=out,
                    flush=True,
                )
                if tls is None:
                    print(
                        "Without --cert and --key the trips cross the network in clear: "
                        "devices on other machines must allow plain ws://.",
                        file=out,
                        flush=True,
                    )
                await stop.wait()
        finally:
            for number in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(NotImplementedError):
                    loop.remove_signal_handler(number)
        print("Stopped.", file=out, flush=True)


def _tls(certificate: Path | None, key: Path | None) -> ssl.SSLContext | None:
    if certificate is None and key is None:
        return None
    if certificate is None or key is None:
        raise CommandError("Give both --cert and --key, or neither.")
    from concierge.sync.serve import server_tls

    try:
        return server_tls(str(certificate), str(key))
    except (OSError, ssl.SSLError) as error:
        raise CommandError(f"Cannot use {certificate} with {key}: {error}") from None
