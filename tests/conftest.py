import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from tests.fakes.fixtures import fake_openai

__all__ = ["fake_openai"]
