"""The review panel for the assistant's proposed changes."""

from .panel import ProposalsPanel

__all__ = ["ProposalsPanel"]
