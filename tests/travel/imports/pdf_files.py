"""PDFs written by hand for the tests: pages of text in Helvetica and, on request, a large
image on the first page, streamed to disk so a 50 MB file never sits in memory."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import BinaryIO

_CHUNK = 1024 * 1024


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def write_pdf(
    path: Path, pages: Sequence[Sequence[str]], image_bytes: int = 0, draw: bool = True
) -> Path:
    """A PDF whose page N shows the lines of `pages[N]`; `image_bytes` of a grey image are
    drawn on page 1, written in chunks."""
    offsets: dict[int, int] = {}
    count = len(pages)
    font, image = 3, 4
    first_page = 5

    with path.open("wb") as out:

        def start(number: int) -> None:
            offsets[number] = out.tell()
            out.write(f"{number} 0 obj\n".encode())

        out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        start(1)
        out.write(b"<< /Type /Catalog /Pages 2 0 R >>\nendobj\n")
        kids = " ".join(f"{first_page + 2 * n} 0 R" for n in range(count))
        start(2)
        out.write(f"<< /Type /Pages /Kids [{kids}] /Count {count} >>\nendobj\n".encode())
        start(font)
        out.write(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n")
        side = math.isqrt(max(image_bytes - 1, 0)) + 1  # at least image_bytes pixels
        start(image)
        out.write(
            f"<< /Type /XObject /Subtype /Image /Width {side} /Height {side} "
            f"/ColorSpace /DeviceGray /BitsPerComponent 8 /Length {side * side} >>\n"
            "stream\n".encode()
        )
        _fill(out, side * side)
        out.write(b"\nendstream\nendobj\n")
        for n, lines in enumerate(pages):
            page, content = first_page + 2 * n, first_page + 2 * n + 1
            shown = (
                "q 200 0 0 200 300 500 cm /Im1 Do Q\n" if draw and image_bytes and n == 0 else ""
            )
            text = "".join(f"({_escape(line)}) Tj 0 -16 Td\n" for line in lines)
            stream = f"{shown}BT /F1 12 Tf 72 720 Td\n{text}ET".encode("latin-1")
            start(page)
            out.write(
                f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents {content} 0 R "
                f"/Resources << /Font << /F1 {font} 0 R >> /XObject << /Im1 {image} 0 R >> >> >>"
                "\nendobj\n".encode()
            )
            start(content)
            out.write(f"<< /Length {len(stream)} >>\nstream\n".encode() + stream)
            out.write(b"\nendstream\nendobj\n")
        total = first_page + 2 * count
        xref = out.tell()
        out.write(f"xref\n0 {total}\n0000000000 65535 f \n".encode())
        for number in range(1, total):
            out.write(f"{offsets[number]:010d} 00000 n \n".encode())
        out.write(f"trailer\n<< /Size {total} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode())
    return path


def _fill(out: BinaryIO, size: int) -> None:
    chunk = bytes(range(256)) * (_CHUNK // 256)
    while size > 0:
        out.write(chunk[: min(size, _CHUNK)])
        size -= _CHUNK
