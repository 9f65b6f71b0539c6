"""Feasibility checks of a trip's plan, in code: the app, not the model, finds impossible
days, date and zone errors and overruns. No Qt. See `run` for the entry points."""

from .checker import Check, CheckEnv, Checker
from .plan import PlanParts, Timed, TripPlan, read_plan, read_plan_parts
from .problem import SEVERITIES, Problem, Severity
from .run import (
    CHECKERS,
    ProblemDiff,
    TripChecks,
    TripProblems,
    check_env,
    check_plan,
    diff_problems,
    plan_problems,
    trip_problems,
)

__all__ = [
    "CHECKERS",
    "SEVERITIES",
    "Check",
    "CheckEnv",
    "Checker",
    "PlanParts",
    "Problem",
    "ProblemDiff",
    "Severity",
    "Timed",
    "TripChecks",
    "TripPlan",
    "TripProblems",
    "check_env",
    "check_plan",
    "diff_problems",
    "plan_problems",
    "read_plan",
    "read_plan_parts",
    "trip_problems",
]
