"""`concierge self-check`: whether this installation has what the window uses, said line by
line: the database (made and migrated if the folder has none), the place index (airports and
towns, a known city found) and PortAudio with the sound devices voice mode lists. A frozen build
that left something out fails here as it would in use; the packaging checks run it on every
build, and a person can run it to see why voice or places do not work."""

from __future__ import annotations

import argparse
from typing import TextIO

from concierge.app_identity import version_line
from concierge.store import database_path
from concierge.travel.services import TravelServices
from concierge.voice.devices import list_devices, load_backend
from concierge.voice.errors import AudioError

from .command import Command, CommandError

KNOWN_PLACE = "Lisbon"
"""A city in every build's data: airportsdata names LIS, the gazetteer the town."""


class SelfCheckCommand(Command):
    name = "self-check"
    summary = (
        "check this installation: the database, the airports and towns, and the sound "
        "devices voice mode can use (PortAudio)"
    )
    creates_folder = True
    needs_places = True

    async def run(
        self, arguments: argparse.Namespace, services: TravelServices, out: TextIO
    ) -> None:
        print(version_line(), file=out)
        print(f"database: {database_path(services.data_dir)}", file=out)
        place = services.places.resolve(KNOWN_PLACE)
        seconds = services.places.load_seconds or 0.0
        print(f"places: loaded in {seconds:.1f} s; {KNOWN_PLACE} is {place.label}", file=out)
        try:
            version = load_backend().get_portaudio_version()[1]
            devices = list_devices()
        except AudioError as error:
            print(f"sound: {error.message} ({error.detail})", file=out)
            raise CommandError("PortAudio did not load: voice mode cannot work.") from error
        print(f"sound: {version}, {len(devices)} devices", file=out)
        for device in devices:
            print(f"  {device.label}: {device.inputs} in, {device.outputs} out", file=out)
