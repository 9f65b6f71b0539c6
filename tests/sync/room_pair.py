"""Two devices sharing one trip through a real Yjs WebSocket server on the loopback: each its own
data folder and services from the one composition, the server `RoomServer` on a real port, over
TLS with a certificate made here for 127.0.0.1."""

from __future__ import annotations

import asyncio
import datetime
import ipaddress
import ssl
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

from concierge.sync.engine import Device, TripSync
from concierge.sync.room import Backoff, ServerRoom
from concierge.sync.serve import RoomServer, room_secret, server_tls
from concierge.sync.transports import open_transport
from concierge.travel.services import TravelServices
from tests.composition import opened_services
from tests.sync.pair import ANA, BEN

SERVER_SECRET = "the home server's secret"
QUICK = Backoff(first=0.05, most=0.2)
"""Tries again soon: a test waits for the reconnection, not for a long backoff."""
WAIT = 60.0


@dataclass(frozen=True, slots=True)
class Certificate:
    certificate: Path
    key: Path

    def server(self) -> ssl.SSLContext:
        return server_tls(str(self.certificate), str(self.key))


def make_certificate(folder: Path) -> Certificate:
    """A self-signed certificate for 127.0.0.1 and localhost, as a person makes for a home
    server, and its key, PEM files in `folder`."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Concierge test server")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=30))
        .add_extension(
            x509.SubjectAlternativeName(
                [x509.DNSName("localhost"), x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    folder.mkdir(parents=True, exist_ok=True)
    made = Certificate(folder / "server.pem", folder / "server.key")
    made.certificate.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    made.key.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return made


@dataclass
class Side:
    services: TravelServices
    sync: TripSync
    device: Device
    url: str
    certificate: Path

    @property
    def room(self) -> ServerRoom:
        room = self.sync.transport
        assert isinstance(room, ServerRoom)
        return room

    async def stop(self) -> None:
        """Stop this side's sync, as the app does when it quits."""
        self.sync.close()
        await self.room.wait_closed()

    async def start(self) -> None:
        """Start this side's sync afresh and wait until it is in the room."""
        self.sync = open_sync(self.services, self.url, self.sync.trip_id, self.device, self)
        await self.sync.start()
        await asyncio.wait_for(self.room.joined(), WAIT)


def open_sync(
    services: TravelServices,
    url: str,
    trip_id: str,
    device: Device,
    side: Side | None = None,
    *,
    certificate: Path | None = None,
    secret: str | None = None,
) -> TripSync:
    state = services.data_dir / "sync"
    transport = open_transport(
        url,
        room_secret(SERVER_SECRET, trip_id) if secret is None else secret,
        trip_id=trip_id,
        device_id=device.id,
        state_dir=state,
        certificate=side.certificate if side is not None else certificate,
        backoff=QUICK,
    )
    return TripSync(services.database, services.bus, trip_id, device, transport, state)


@asynccontextmanager
async def serving(certificate: Certificate, port: int = 0) -> AsyncIterator[RoomServer]:
    async with RoomServer(SERVER_SECRET, "127.0.0.1", port, certificate.server()) as server:
        yield server


@asynccontextmanager
async def shared_trip(
    tmp_path: Path, server: RoomServer, certificate: Certificate
) -> AsyncIterator[tuple[Side, Side]]:
    """Ana's device with a new trip shared in its room on `server`, and Ben's joined."""
    async with AsyncExitStack() as stack:
        ana = await stack.enter_async_context(opened_services(tmp_path / "ana"))
        ben = await stack.enter_async_context(opened_services(tmp_path / "ben"))
        trip = (await ana.trips.create({"title": "Lisbon"})).record
        sides = tuple(
            Side(
                services,
                open_sync(
                    services, server.url, trip.id, device, certificate=certificate.certificate
                ),
                device,
                server.url,
                certificate.certificate,
            )
            for services, device in ((ana, ANA), (ben, BEN))
        )
        for side in sides:
            stack.push_async_callback(side.stop)
            await side.sync.start()
            await asyncio.wait_for(side.room.joined(), WAIT)
        first, second = sides
        yield first, second


async def until(condition: Callable[[], Awaitable[bool]], *sides: Side) -> None:
    """Wait until `condition` holds, looking again after each write on the sides' buses."""
    changed = asyncio.Event()
    stops = [side.services.bus.subscribe(lambda _change: changed.set()) for side in sides]
    try:
        async with asyncio.timeout(WAIT):
            while True:
                changed.clear()
                if await condition():
                    return
                await changed.wait()
    finally:
        for stop in stops:
            stop()
