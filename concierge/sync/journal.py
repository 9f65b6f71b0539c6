"""A room's updates kept in this device's data folder, so the document is rebuilt at start
without the server: each record the id of the device that made it and the update, appended
whole and made durable. A record cut short by a crash is dropped when the file is opened."""

from __future__ import annotations

import os
import struct
from pathlib import Path

RECORD = struct.Struct(">HI")
"""A record's header: the device id's length, the update's."""


class Journal:
    def __init__(self, path: Path) -> None:
        self.path = path

    def read(self) -> list[tuple[str, bytes]]:
        """Every whole record; a torn last one is cut off the file, so appends follow whole
        records."""
        if not self.path.exists():
            return []
        data = self.path.read_bytes()
        records: list[tuple[str, bytes]] = []
        position = 0
        while position + RECORD.size <= len(data):
            named, length = RECORD.unpack_from(data, position)
            start = position + RECORD.size
            end = start + named + length
            if end > len(data):
                break
            records.append((data[start : start + named].decode(), data[start + named : end]))
            position = end
        if position < len(data):
            with self.path.open("r+b") as file:
                file.truncate(position)
        return records

    def append(self, records: list[tuple[str, bytes]]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("ab") as file:
            for device, update in records:
                name = device.encode()
                file.write(RECORD.pack(len(name), len(update)) + name + update)
            file.flush()
            os.fsync(file.fileno())
