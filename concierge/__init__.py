"""Concierge: a desktop travel concierge.

`__version__` is the one place the version is written: pyproject reads it (setuptools
`dynamic`), so the installed metadata, the frozen app, `--version` and About all agree.
"""

__version__ = "0.1.0"
