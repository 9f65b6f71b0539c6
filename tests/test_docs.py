"""The README and docs/ read as one set: the README stays short, and every link between them,
to a file or to a section, lands (anchors as GitHub and Help ▸ User guide make them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from concierge.ui.user_guide import anchor
from tests.markdown import headings

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCUMENTS = [README, *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchors(path: Path) -> set[str]:
    taken: set[str] = set()
    for _level, text in headings(path):
        anchor(text, taken)
    return taken


def test_the_readme_is_what_a_newcomer_needs_in_at_most_200_lines() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 200


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_link_lands(document: Path) -> None:
    broken = []
    for link in LINK.findall(document.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", link):
            continue
        path, _, section = link.partition("#")
        target = (document.parent / path) if path else document
        lands = target.exists() and (
            not section or target.suffix != ".md" or section in anchors(target)
        )
        if not lands:
            broken.append(link)
    assert broken == []


def test_the_guide_links_only_within_itself() -> None:
    """The app shows the guide alone: a link to another file would lead nowhere there."""
    guide = ROOT / "docs" / "user-guide.md"
    links = LINK.findall(guide.read_text(encoding="utf-8"))
    assert links and all(link.startswith("#") for link in links)


def test_the_guides_contents_list_every_section_in_order() -> None:
    guide = ROOT / "docs" / "user-guide.md"
    text = guide.read_text(encoding="utf-8")
    contents = text.split("## Contents", 1)[1].split("\n## ", 1)[0]
    listed = re.findall(r"^- \[([^]]+)\]\(#", contents, re.M)
    sections = [title for level, title in headings(guide) if level == 2 and title != "Contents"]
    assert listed == sections
