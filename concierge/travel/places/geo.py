"""Distances on the Earth's surface, for telling one place from a namesake far away."""

from __future__ import annotations

from dataclasses import dataclass
from math import asin, cos, radians, sin, sqrt

EARTH_RADIUS_KM = 6371.0088  # mean radius (IUGG)


@dataclass(frozen=True, slots=True)
class Located:
    """Where a row of the data lies: its country (ISO code), time zone and coordinates,
    which a place takes over from the airport or town it is."""

    country: str
    tz: str
    lat: float
    lon: float


def distance_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance by the haversine formula; within 0.5 % of the true figure."""
    phi1, phi2 = radians(lat1), radians(lat2)
    half_dphi, half_dlambda = radians(lat2 - lat1) / 2, radians(lon2 - lon1) / 2
    h = sin(half_dphi) ** 2 + cos(phi1) * cos(phi2) * sin(half_dlambda) ** 2
    return 2 * EARTH_RADIUS_KM * asin(min(1.0, sqrt(h)))
