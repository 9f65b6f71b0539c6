"""PDF import: the text page by page for the assistant, within the page and character limits;
a 50 MB PDF refused before it is opened, a damaged one refused naming the file."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from concierge.travel.imports import MAX_PDF_BYTES, ImportFileError, parse_file
from concierge.travel.imports.model import MAX_PDF_CHARS, MAX_PDF_PAGES

from .pdf_files import write_pdf

MB = 1024 * 1024


def test_the_text_comes_page_by_page_with_no_candidates(tmp_path: Path) -> None:
    path = write_pdf(
        tmp_path / "itinerary.pdf",
        [["Flight TP 576", "Lisbon (LIS) to Frankfurt (FRA)"], ["Hotel Römerhof, 3 nights"]],
    )
    seen: list[tuple[int, int]] = []
    result = parse_file(path, progress=lambda done, total: seen.append((done, total)))
    assert result.candidates == () and result.errors == ()
    assert result.pdf is not None
    assert result.pdf.pages == (
        "Flight TP 576\nLisbon (LIS) to Frankfurt (FRA)",
        "Hotel Römerhof, 3 nights",
    )
    assert (result.pdf.page_count, result.pdf.truncated) == (2, False)
    assert result.pdf.text.startswith("Page 1\nFlight TP 576")
    assert "Page 2\nHotel" in result.pdf.text
    assert seen == [(1, 2), (2, 2)]


def test_pages_past_the_limit_are_left_out_and_said_so(tmp_path: Path) -> None:
    pages = [[f"Day {n}"] for n in range(1, MAX_PDF_PAGES + 6)]
    result = parse_file(write_pdf(tmp_path / "long.pdf", pages))
    assert result.pdf is not None
    assert len(result.pdf.pages) == MAX_PDF_PAGES
    assert (result.pdf.page_count, result.pdf.truncated) == (MAX_PDF_PAGES + 5, True)
    assert result.warnings[0].startswith(f"Only the first {MAX_PDF_PAGES} of {MAX_PDF_PAGES + 5}")


def test_text_past_the_character_limit_is_cut(tmp_path: Path) -> None:
    line = "x" * 90
    pages = [[line] * 40 for _ in range(MAX_PDF_CHARS // 3000)]
    result = parse_file(write_pdf(tmp_path / "wordy.pdf", pages))
    assert result.pdf is not None and result.pdf.truncated
    assert sum(len(page) for page in result.pdf.pages) == MAX_PDF_CHARS


def test_a_50_mb_pdf_is_refused_before_it_is_opened(tmp_path: Path) -> None:
    path = write_pdf(tmp_path / "scans.pdf", [["Scanned"]], image_bytes=50 * MB)
    assert path.stat().st_size > 50 * MB
    with pytest.raises(ImportFileError) as caught:
        parse_file(path)
    assert str(caught.value) == (
        f"Cannot import scans.pdf: it is 50.0 MB; at most {MAX_PDF_BYTES // MB} MB are "
        "imported for a PDF."
    )


def test_a_pdf_under_the_limit_is_read_from_the_file_not_loaded_whole(tmp_path: Path) -> None:
    small = write_pdf(tmp_path / "small.pdf", [["warm-up"]])
    parse_file(small)  # imports pypdf, whose modules would count below
    path = write_pdf(tmp_path / "big.pdf", [["Flight TP 576"]], image_bytes=20 * MB, draw=False)
    tracemalloc.start()
    try:
        result = parse_file(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result.pdf is not None and result.pdf.pages == ("Flight TP 576",)
    assert peak < 4 * MB


def test_a_damaged_pdf_is_refused_naming_the_file(tmp_path: Path) -> None:
    whole = write_pdf(tmp_path / "whole.pdf", [["Flight"]]).read_bytes()
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(whole[:40])
    with pytest.raises(ImportFileError, match=r"^Cannot import broken\.pdf: it is not a readable"):
        parse_file(broken)


def test_a_pdf_without_text_says_so(tmp_path: Path) -> None:
    result = parse_file(write_pdf(tmp_path / "blank.pdf", [[]]))
    assert result.pdf is not None and result.pdf.pages == ("",)
    assert "no text" in result.warnings[-1]


def test_words_a_program_placed_one_by_one_keep_their_spaces(tmp_path: Path, qapp: object) -> None:
    """Qt's PDF writer (any Qt program printing, as browsers do too) places each word on
    its own, and pypdf reads the gaps as tabs: the assistant gets the words with spaces."""
    from PySide6.QtGui import QPageSize, QPdfWriter, QTextDocument

    path = tmp_path / "printed itinerary.pdf"
    writer = QPdfWriter(str(path))
    writer.setPageSize(QPageSize(QPageSize.PageSizeId.A4))
    document = QTextDocument()
    document.setHtml(
        "<h1>Porto weekend</h1><p>Flight TP 2501 Lisbon to Porto, booking X7K2PQ</p>"
        "<table><tr><td>departs 07:10</td><td>Hotel Ribeira, 3 nights</td></tr></table>"
    )
    document.print_(writer)
    del writer
    result = parse_file(path)
    assert result.pdf is not None
    [page] = result.pdf.pages
    assert "\t" not in page
    assert "Flight TP 2501 Lisbon to Porto, booking X7K2PQ" in page
    assert "Hotel Ribeira, 3 nights" in page
