"""Print Concierge's version for the build scripts: ``python packaging/app_version.py``.

Read from the source, not the installed metadata, because a build venv may hold only the
dependencies: ``concierge.__version__`` where the package declares it, else pyproject's
``project.version``.
"""

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def version() -> str:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import concierge

    declared = getattr(concierge, "__version__", None)
    if isinstance(declared, str):
        return declared
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return str(project["version"])


if __name__ == "__main__":
    print(version())
