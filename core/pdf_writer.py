"""A minimal PDF writer: pages of plain text lines in Helvetica, for printable reports (the docket report).

The project reads PDFs with pypdf but had nothing that writes one; a report of lines needs no layout engine
(reportlab, weasyprint and their C libraries), only the PDF 1.4 objects of a text page, written here by
hand. Helvetica is one of the 14 standard fonts every PDF reader has, so nothing is embedded; text goes out
in WinAnsiEncoding (cp1252), so "§", "—" and accented names print as they are, and anything outside it
prints as "?". Tested by reading the output back with pypdf.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from dataclasses import dataclass

PAGE_WIDTH, PAGE_HEIGHT = 612, 792  # US Letter, in points
MARGIN = 40
SIZE = 8.5
LEADING = 11.5
# Helvetica at 8.5 pt averages about 4.3 pt a character: 110 characters fill the width between margins.
WIDTH_CHARS = 110


@dataclass(frozen=True)
class Line:
    text: str
    bold: bool = False
    indent: int = 0


def wrap(text: str, *, bold: bool = False, indent: int = 0) -> list[Line]:
    """``text`` cut into lines that fit the page; continuation lines are indented under the first."""
    width = WIDTH_CHARS - indent
    pieces = textwrap.wrap(text, width=width, subsequent_indent="   ") or [""]
    return [Line(piece, bold=bold, indent=indent) for piece in pieces]


def _escape(text: str) -> bytes:
    raw = text.encode("cp1252", errors="replace")
    return raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)").replace(b"\r", b" ")


def _page_stream(lines: list[Line], number: int, total: int, footer: str) -> bytes:
    out = [b"BT", f"{LEADING} TL".encode(), f"{MARGIN} {PAGE_HEIGHT - MARGIN} Td".encode()]
    font = ""
    for line in lines:
        wanted = "/F2" if line.bold else "/F1"
        if wanted != font:
            out.append(f"{wanted} {SIZE} Tf".encode())
            font = wanted
        text = " " * line.indent + line.text
        out.append(b"(" + _escape(text) + b") Tj T*")
    out.append(b"ET")
    out.append(b"BT /F1 7 Tf")
    out.append(f"{MARGIN} {MARGIN / 2} Td".encode())
    out.append(b"(" + _escape(f"{footer} — page {number} of {total}") + b") Tj ET")
    return b"\n".join(out)


def write(lines: Iterable[Line], *, title: str, footer: str = "") -> bytes:
    """The PDF of ``lines``, as many pages as they take; ``footer`` and the page number on each page."""
    per_page = int((PAGE_HEIGHT - 2 * MARGIN) // LEADING)
    all_lines = list(lines)
    pages = [all_lines[i : i + per_page] for i in range(0, len(all_lines), per_page)] or [[]]
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled once the pages object's number is known
    pages_id = add(b"")
    regular = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    bold = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
    info = add(b"<< /Title (" + _escape(title) + b") /Producer (nlrb-tracker) >>")
    kids = []
    for number, page_lines in enumerate(pages, start=1):
        stream = _page_stream(page_lines, number, len(pages), footer or title)
        content = add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        kids.append(
            add(
                (
                    f"<< /Type /Page /Parent {pages_id} 0 R /MediaBox [0 0 {PAGE_WIDTH} {PAGE_HEIGHT}] "
                    f"/Resources << /Font << /F1 {regular} 0 R /F2 {bold} 0 R >> >> /Contents {content} 0 R >>"
                ).encode()
            )
        )
    objects[catalog - 1] = f"<< /Type /Catalog /Pages {pages_id} 0 R >>".encode()
    objects[pages_id - 1] = (
        f"<< /Type /Pages /Kids [{' '.join(f'{k} 0 R' for k in kids)}] /Count {len(kids)} >>".encode()
    )

    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    for offset in offsets:
        out += f"{offset:010d} 00000 n \n".encode()
    out += f"trailer\n<< /Size {len(objects) + 1} /Root {catalog} 0 R /Info {info} 0 R >>\n".encode()
    out += f"startxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)
