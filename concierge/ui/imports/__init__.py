"""The import review queue and the window's ways in: File ▸ Import…, dropped files."""

from .panel import ImportsPanel

__all__ = ["ImportsPanel"]
