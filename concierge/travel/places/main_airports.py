"""The airport a traveller means by a city's English name, where the airport data cannot tell:
``airportsdata`` names the municipality an airport stands in ("Richmond" for Vancouver) and
nothing about size, so "Venice" would find only a field in Florida. Cities whose namesakes are
both large (Birmingham, Portland) are left out on purpose, so that they stay ambiguous."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

_MAIN = {
    # Local spellings and suburbs in the data
    "AMM": ("Amman",),
    "BEG": ("Belgrade", "Beograd"),
    "BER": ("Berlin",),
    "BLR": ("Bangalore", "Bengaluru"),
    "BOD": ("Bordeaux",),
    "BOM": ("Mumbai", "Bombay"),
    "BSL": ("Basel", "Mulhouse", "Freiburg"),
    "CFU": ("Corfu", "Kerkyra"),
    "CGN": ("Cologne", "Köln", "Bonn"),
    "CPH": ("Copenhagen", "København"),
    "DEL": ("Delhi", "New Delhi"),
    "DOH": ("Doha",),
    "DPS": ("Bali", "Denpasar"),
    "FLR": ("Florence", "Firenze"),
    "FRA": ("Frankfurt",),
    "GOA": ("Genoa", "Genova"),
    "GVA": ("Geneva", "Genève"),
    "HAJ": ("Hanover", "Hannover"),
    "JMK": ("Mykonos",),
    "JTR": ("Santorini", "Thira"),
    "LED": ("Saint Petersburg", "St Petersburg"),
    "LIS": ("Lisbon", "Lisboa"),
    "LPA": ("Gran Canaria", "Las Palmas"),
    "MFM": ("Macau", "Macao"),
    "MLA": ("Malta", "Valletta"),
    "MUC": ("Munich", "München"),
    "NAP": ("Naples", "Napoli"),
    "OTP": ("Bucharest", "București"),
    "PMI": ("Palma de Mallorca", "Palma", "Mallorca", "Majorca"),
    "PRG": ("Prague", "Praha"),
    "PTY": ("Panama City",),
    "RHO": ("Rhodes", "Rodos"),
    "SEA": ("Seattle",),
    "SGN": ("Ho Chi Minh City", "Saigon"),
    "SVQ": ("Seville", "Sevilla"),
    "TLS": ("Toulouse",),
    "TRN": ("Turin", "Torino"),
    "VCE": ("Venice", "Venezia"),
    "VIE": ("Vienna", "Wien"),
    "WAW": ("Warsaw", "Warszawa"),
    "YUL": ("Montreal", "Montréal"),
    "YVR": ("Vancouver",),
    "ZNZ": ("Zanzibar",),
    # Main airports of multi-airport cities filed under a suburb
    "CTS": ("Sapporo",),
    "EZE": ("Buenos Aires",),
    "IST": ("Istanbul",),
    "NGO": ("Nagoya",),
    "YYZ": ("Toronto",),
    # Far larger than their namesakes elsewhere
    "BCN": ("Barcelona",),
    "FAO": ("Faro",),
    "GLA": ("Glasgow",),
    "KIN": ("Kingston",),
    "LAS": ("Las Vegas",),
    "LYS": ("Lyon",),
    "MAN": ("Manchester",),
    "MIA": ("Miami",),
    "ZQN": ("Queenstown",),
}

MAIN_AIRPORTS: Mapping[str, tuple[str, ...]] = MappingProxyType(_MAIN)
"""IATA code → the city's English name first, then other names people type for it."""
