"""PDFs made by hand for the tests: a real one with text (written byte by byte, with its cross-reference
table), an encrypted one, a damaged one and a decompression bomb."""

from __future__ import annotations

import io
import zlib

import pypdf


def make_pdf(*texts: str) -> bytes:
    """A valid PDF with one page per text, each page drawing its text in Helvetica."""
    objects: list[bytes] = []
    pages = len(texts) or 1
    texts = texts or ("",)
    # 1 catalog, 2 pages, 3 font, then per page: page object, content stream.
    kids = " ".join(f"{4 + 2 * i} 0 R" for i in range(pages))
    objects.append(b"<< /Type /Catalog /Pages 2 0 R >>")
    objects.append(f"<< /Type /Pages /Kids [{kids}] /Count {pages} >>".encode())
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    for i, text in enumerate(texts):
        escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        stream = f"BT /F1 12 Tf 72 720 Td ({escaped}) Tj ET".encode()
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents {5 + 2 * i} 0 R "
            "/Resources << /Font << /F1 3 0 R >> >> >>".encode()
        )
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    return _assemble(objects)


def _assemble(objects: list[bytes]) -> bytes:
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref))
    return out.getvalue()


def encrypted_pdf() -> bytes:
    writer = pypdf.PdfWriter(clone_from=io.BytesIO(make_pdf("Privileged")))
    writer.encrypt(user_password="secret", owner_password="owner")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def damaged_pdf() -> bytes:
    return b"%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 9 0 R >> garbage \x00\x01\x02 no xref, no trailer"


def bomb_pdf(expanded: int = 200_000_000) -> bytes:
    """A small PDF whose one content stream inflates to ``expanded`` bytes (a zip bomb in PDF clothing)."""
    compressor = zlib.compressobj(9)
    chunk = b" " * 1_000_000
    body = b"".join(compressor.compress(chunk) for _ in range(expanded // len(chunk))) + compressor.flush()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(body) + body + b"\nendstream",
    ]
    return _assemble(objects)


def slow_text_pdf(pages: int = 60, operators: int = 90_000) -> bytes:
    """A few KB that cost pypdf seconds a page to read as text (issue 36, item 3): every page draws the
    same compressed content stream of ``operators`` text-showing operators, each moving the pen, each
    string a run of letters. Each page's content stays under the size at which a page is skipped."""
    return _pages_drawing(b"BT /F1 1 Tf " + b"1 0 Td (abcdefgh) Tj " * operators + b"ET", pages)


def wordy_pdf(pages: int = 2, words: int = 300_000) -> bytes:
    """A few KB whose pages read as megabytes of text (issue 36, item 3: 6 KB stored 2 MB of search text):
    one compressed content stream showing ``words`` words, drawn by every page."""
    return _pages_drawing(b"BT /F1 1 Tf (" + b"union " * words + b") Tj ET", pages)


def _pages_drawing(content: bytes, pages: int) -> bytes:
    """``pages`` pages that all draw one compressed content stream."""
    body = zlib.compress(content, 9)
    kids = " ".join(f"{4 + i} 0 R" for i in range(pages)).encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % pages,
        b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(body) + body + b"\nendstream",
    ]
    font = 4 + pages
    for _ in range(pages):
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R "
            b"/Resources << /Font << /F1 %d 0 R >> >> >>" % font
        )
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    return _assemble(objects)
