"""`concierge sync-server` as a person runs it on a home machine: it says where it listens,
lets in a device with the room's secret (`--room` prints it), over TLS with the person's
certificate, and stops cleanly on SIGTERM."""

from __future__ import annotations

import asyncio
import os
import signal
import ssl
import subprocess
import sys
from pathlib import Path

from concierge.sync.room import ServerRoom
from tests.cli.support import ROOT, run_cli
from tests.sync.room_pair import QUICK, WAIT, Certificate, make_certificate


async def _line(process: subprocess.Popen[str]) -> str:
    assert process.stdout is not None
    line = await asyncio.to_thread(process.stdout.readline)
    assert line, "the server ended early"
    return line.strip()


def _serve(folder: Path, tls: Certificate) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "concierge",
            "sync-server",
            "--data-dir",
            str(folder),
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--cert",
            str(tls.certificate),
            "--key",
            str(tls.key),
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
        env={key: value for key, value in os.environ.items() if key != "CONCIERGE_DATA_DIR"},
    )


async def test_the_server_lets_in_a_device_with_the_rooms_secret_and_stops_on_sigterm(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "home-server"
    tls = make_certificate(tmp_path / "tls")
    server = _serve(folder, tls)
    try:
        where = await _line(server)
        assert where.startswith("Serving shared trips at wss://127.0.0.1:"), where
        url = where.split(" at ", 1)[1].removesuffix("/<trip id>")
        assert "sync-server.secret" in await _line(server)
        secret = await asyncio.to_thread(
            run_cli, "sync-server", "--data-dir", folder, "--room", "trip-1"
        )
        assert secret.returncode == 0, secret.stderr
        room = ServerRoom(
            f"{url}/trip-1",
            secret.stdout.strip(),
            "ana-laptop",
            tmp_path / "trip-1.room",
            tls=ssl.create_default_context(cafile=tls.certificate),
            backoff=QUICK,
        )
        room.connect(lambda: None)
        try:
            await asyncio.wait_for(room.joined(), WAIT)
        finally:
            room.close()
            await room.wait_closed()
        server.send_signal(signal.SIGTERM)
        assert await _line(server) == "Stopped."
        assert await asyncio.to_thread(server.wait, WAIT) == 0
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        assert server.stdout is not None
        server.stdout.close()


def test_a_certificate_without_its_key_is_an_error(tmp_path: Path) -> None:
    tls = make_certificate(tmp_path / "tls")
    done = run_cli("sync-server", "--data-dir", tmp_path / "home", "--cert", tls.certificate)
    assert done.returncode == 1
    assert "Give both --cert and --key, or neither." in done.stderr
