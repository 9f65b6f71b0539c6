"""Reading a PDF as a person would see it, with Debian's poppler-utils: its pages as PNG
images, its text, its page count."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

NEEDED = "poppler-utils (pdftoppm, pdftotext, pdfinfo) is needed: apt-get install poppler-utils"


def _tool(name: str) -> str:
    found = shutil.which(name)
    assert found, NEEDED
    return found


def pdf_pages(pdf: Path) -> int:
    done = subprocess.run(
        [_tool("pdfinfo"), str(pdf)], capture_output=True, text=True, check=True, timeout=60
    )
    match = re.search(r"^Pages:\s+(\d+)", done.stdout, re.MULTILINE)
    assert match, done.stdout
    return int(match.group(1))


def pdf_text(pdf: Path) -> str:
    done = subprocess.run(
        [_tool("pdftotext"), "-layout", str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return done.stdout


def pdf_pngs(pdf: Path, folder: Path, dpi: int = 60) -> list[Path]:
    """Every page as `folder/page-N.png`, in order."""
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [_tool("pdftoppm"), "-r", str(dpi), "-png", str(pdf), str(folder / "page")],
        capture_output=True,
        check=True,
        timeout=120,
    )
    return sorted(folder.glob("page-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
