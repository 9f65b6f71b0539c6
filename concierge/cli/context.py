"""`concierge context TRIP`: the runtime context the trip's next model call would carry.
The assistant is built as the window builds it, so the text is the providers' own, less
only the selection. The model is never called.
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from concierge.agent import CharTokenEstimator
from concierge.agent.context import runtime_context_message
from concierge.travel.assistant.hosted_elsewhere import assistant_without_model
from concierge.travel.services import TravelServices

from .command import Command, chosen_trip


class ContextCommand(Command):
    needs_places = True
    name = "context"
    summary = (
        "print the runtime context the trip's next model call would carry "
        "(its estimated size goes to stderr)"
    )

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        parser.add_argument("trip", metavar="TRIP", help="the trip's id (or its start) or title")

    async def run(
        self, arguments: argparse.Namespace, services: TravelServices, out: TextIO
    ) -> None:
        trip = await chosen_trip(services, arguments.trip)
        agent = await assistant_without_model(services, trip.id, "concierge context")
        context = await agent.get_runtime_context()
        if context.text is None:
            print("The providers contribute nothing: no context message is sent.", file=sys.stderr)
            return
        out.write(context.text + "\n")
        policy = agent.compaction
        estimator = policy.estimator if policy is not None else CharTokenEstimator()
        tokens = estimator.message(runtime_context_message(context.text))
        print(
            f"About {tokens:,} tokens (an estimate: the runtime's {type(estimator).__name__}, "
            "not the model's tokenizer).",
            file=sys.stderr,
        )
