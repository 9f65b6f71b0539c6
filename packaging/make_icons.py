"""Render the app icon's SVG into the PNG, ICO and ICNS files the installers need.

`python packaging/make_icons.py [OUT]` (default `build/icons`) writes
`concierge-<N>.png` for every size in `PNG_SIZES`, the freedesktop `hicolor/` tree named
by the app id, `concierge.ico` (PNG payloads, Windows Vista and later) and `concierge.icns`
(PNG payloads, macOS 10.7 and later). Both containers are a few header bytes around the
PNGs, so they are written here rather than by another dependency. Qt's SVG renderer draws
every size from the vector source, so small sizes are not downscaled bitmaps.
"""

from __future__ import annotations

import os
import struct
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from concierge.app_identity import APP_ID, ICON_SVG  # noqa: E402

PNG_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
"""An ICO entry stores its size in one byte (0 means 256): nothing larger fits."""
ICNS_TYPES = (
    ("icp4", 16),
    ("icp5", 32),
    ("icp6", 64),
    ("ic07", 128),
    ("ic08", 256),
    ("ic09", 512),
    ("ic10", 1024),
    ("ic11", 32),
    ("ic12", 64),
    ("ic13", 256),
    ("ic14", 512),
)
"""ICNS element types with PNG payloads and their pixel sizes (ic10–ic14 are the @2x
variants of 512, 16, 32, 128 and 256 points)."""


@dataclass(frozen=True)
class IconSet:
    pngs: dict[int, Path]
    ico: Path
    icns: Path
    hicolor: Path


class IconError(Exception):
    """The SVG cannot be read or a rendered file cannot be written."""


def render_pngs(svg: Path, sizes: set[int]) -> dict[int, bytes]:
    """Each size rendered from `svg` into PNG bytes with a transparent background."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise IconError(f"{svg} is not an SVG file Qt can draw")
    rendered: dict[int, bytes] = {}
    for size in sorted(sizes):
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(0)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        data = QByteArray()
        buffer = QBuffer(data)
        buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        if not image.save(buffer, "PNG"):  # type: ignore[call-overload]  # the stub wants bytes, Qt a str
            raise IconError(f"Qt could not encode the {size} px icon as PNG")
        buffer.close()
        rendered[size] = bytes(data.data())
    return rendered


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICO file holding `pngs` (size → PNG bytes), smallest first."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries = b""
    payload = b""
    for size in sizes:
        data = pngs[size]
        side = 0 if size == 256 else size
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        payload += data
    return header + entries + payload


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """An ICNS file with one PNG element per entry of `ICNS_TYPES`."""
    elements = b"".join(
        kind.encode("ascii") + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
        for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(elements)) + elements


def make_icons(out: Path, svg: Path = ICON_SVG) -> IconSet:
    needed = set(PNG_SIZES) | set(ICO_SIZES) | {size for _kind, size in ICNS_TYPES}
    rendered = render_pngs(svg, needed)
    try:
        out.mkdir(parents=True, exist_ok=True)
        pngs: dict[int, Path] = {}
        hicolor = out / "hicolor"
        for size in PNG_SIZES:
            pngs[size] = out / f"concierge-{size}.png"
            pngs[size].write_bytes(rendered[size])
            themed = hicolor / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
            themed.parent.mkdir(parents=True, exist_ok=True)
            themed.write_bytes(rendered[size])
        scalable = hicolor / "scalable" / "apps" / f"{APP_ID}.svg"
        scalable.parent.mkdir(parents=True, exist_ok=True)
        scalable.write_bytes(svg.read_bytes())
        ico = out / "concierge.ico"
        ico.write_bytes(ico_bytes({size: rendered[size] for size in ICO_SIZES}))
        icns = out / "concierge.icns"
        icns.write_bytes(icns_bytes(rendered))
    except OSError as error:
        raise IconError(f"cannot write the icons into {out}: {error}") from error
    return IconSet(pngs=pngs, ico=ico, icns=icns, hicolor=hicolor)


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "build" / "icons"
    try:
        icons = make_icons(out)
    except IconError as error:
        print(f"make_icons: {error}", file=sys.stderr)
        return 1
    print(f"icons written to {out} ({len(icons.pngs)} PNGs, {icons.ico.name}, {icons.icns.name})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
