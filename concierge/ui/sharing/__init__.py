"""Sharing a trip with companions' devices in the window: Trip ▸ Share this trip… and Join a
shared trip…, the sync's state in the status bar, and what another device removed."""
