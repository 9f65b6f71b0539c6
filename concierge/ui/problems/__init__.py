"""The plan's problems in the window: the Problems list, and the marks and icons other views
show for them."""

from .marks import NO_MARKS, Mark, ProblemMarks, count_text, problem_marks
from .panel import ProblemsPanel

__all__ = ["NO_MARKS", "Mark", "ProblemMarks", "ProblemsPanel", "count_text", "problem_marks"]
