"""Which trips this device shares, where their updates travel and what this device is called
there (the setting `SYNC_SHARED_TRIPS`), with each trip's secret in the keyring beside the API
keys, never in the database. No Qt."""

from __future__ import annotations

import uuid

from concierge.model.settings import SYNC_DEVICE_ID, SYNC_SHARED_TRIPS, SharedTrip
from concierge.model_server.secrets import SecretSaved, SecretStore
from concierge.store.settings import Settings

from .engine import Device


def secret_account(trip_id: str) -> str:
    """The keyring account of a shared trip's secret (under the app's service)."""
    return f"sync {trip_id}"


class SharedTrips:
    """The shared trips' setup, read and written through their declarations."""

    def __init__(self, settings: Settings, secrets: SecretStore) -> None:
        self.settings = settings
        self.secrets = secrets

    async def all(self) -> tuple[SharedTrip, ...]:
        return await self.settings.get(SYNC_SHARED_TRIPS)

    async def get(self, trip_id: str) -> SharedTrip | None:
        return next((share for share in await self.all() if share.trip_id == trip_id), None)

    async def device(self, share: SharedTrip) -> Device:
        """This device as the trip's companions see it; its id is made once per data folder."""
        found = await self.settings.get(SYNC_DEVICE_ID)
        if not found:
            found = uuid.uuid4().hex[:16]
            await self.settings.set(SYNC_DEVICE_ID, found)
        return Device(found, share.device_name)

    async def secret(self, trip_id: str) -> str | None:
        """The trip's secret, None if this device does not keep it (a keyring that lost it)."""
        found = await self.secrets.get(secret_account(trip_id), environment=False)
        return None if found is None else found.value

    async def add(self, share: SharedTrip, secret: str) -> SecretSaved:
        """Share the trip (again, replacing its setup), keeping `secret` in the keyring; says
        whether the keyring kept it or only this session does."""
        saved = await self.secrets.set(secret_account(share.trip_id), secret)
        others = tuple(found for found in await self.all() if found.trip_id != share.trip_id)
        await self.settings.set(SYNC_SHARED_TRIPS, (*others, share))
        return saved
