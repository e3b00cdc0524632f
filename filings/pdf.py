"""What a PDF is, read from its content (never its name): the magic number, then pypdf under tight
limits — an encrypted, damaged or decompression-bomb file is refused by name, never a 500.

Nothing here reads the whole file into memory: the SHA-256 is computed in chunks, and pypdf reads a
file object it seeks in (the upload handler has written it to a temporary file, under the size limit)."""

from __future__ import annotations

import hashlib
import logging
import time
from dataclasses import dataclass
from typing import IO

import pypdf
from pypdf.errors import LimitReachedError
from pypdf.generic import ArrayObject, StreamObject

log = logging.getLogger(__name__)

MAGIC = b"%PDF-"
# Readers tolerate junk before the header (within the first 1024 bytes); a filing does not: a paper that
# does not start with it is something else (an HTML page quoting "%PDF-", a polyglot) and is refused.
HEADER_WINDOW = len(b"%PDF-")
CHUNK = 64 * 1024
# Decompression limits per stream and per document: a PDF whose streams inflate past these is a bomb.
MAX_STREAM_OUTPUT = 60_000_000
MAX_DECODING_WORK = 120_000_000
MAX_TOTAL_DECODED = 200_000_000  # all the pages' contents together
MAX_PAGE_CONTENT_FOR_TEXT = 2_000_000  # a page whose content is larger is kept, not searched
TEXT_SECONDS = 10.0  # text extraction stops after this long; the pages after it are not searched
MAX_PAGES = 5000
MAX_TEXT_CHARS = 2_000_000  # extracted text kept for search; the rest of a huge brief is not searched


class NotAcceptable(Exception):
    """The file is refused; ``message`` says why, for the ``file`` field."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Inspected:
    pages: int
    bytes: int
    sha256: str
    text: str


def digest(stream: IO[bytes]) -> tuple[str, int]:
    stream.seek(0)
    sha, size = hashlib.sha256(), 0
    while chunk := stream.read(CHUNK):
        sha.update(chunk)
        size += len(chunk)
    stream.seek(0)
    return sha.hexdigest(), size


def inspect(stream: IO[bytes]) -> Inspected:
    """Check that ``stream`` is a readable, unencrypted PDF; its page count, size, SHA-256 and text."""
    stream.seek(0)
    head = stream.read(HEADER_WINDOW)
    if head != MAGIC:
        raise NotAcceptable(
            "The file is not a PDF: its content does not start with the PDF header (%PDF-), whatever its name."
        )
    sha256, size = digest(stream)
    limits = {
        "zlib_maximum_output_length": MAX_STREAM_OUTPUT,
        "lzw_maximum_output_length": MAX_STREAM_OUTPUT,
        "run_length_maximum_output_length": MAX_STREAM_OUTPUT,
        "array_based_stream_maximum_output_length": MAX_STREAM_OUTPUT,
        "brotli_maximum_output_length": MAX_STREAM_OUTPUT,
        "jbig2_maximum_output_length": MAX_STREAM_OUTPUT,
        "image_maximum_buffer_size": MAX_STREAM_OUTPUT,
        "stream_decoding_work_maximum_length": MAX_DECODING_WORK,
        "xfa_decoding_work_maximum_length": MAX_DECODING_WORK,
    }
    try:
        with pypdf.apply_configuration(pypdf.get_configuration().with_overwrites(**limits)):
            reader = pypdf.PdfReader(stream, strict=False)
            if reader.is_encrypted:
                raise NotAcceptable(
                    "The PDF is encrypted (password-protected): file it without encryption so that every party "
                    "and the Board can read it."
                )
            pages = len(reader.pages)
            if pages == 0:
                raise NotAcceptable("The PDF has no pages.")
            if pages > MAX_PAGES:
                raise NotAcceptable(f"The PDF has {pages:,} pages; the limit is {MAX_PAGES:,}.")
            text = _text(reader)
    except NotAcceptable:
        raise
    except LimitReachedError:
        raise NotAcceptable(
            "The PDF expands far beyond its size when decompressed (a compression bomb); it is refused."
        ) from None
    except (RecursionError, MemoryError):
        raise NotAcceptable("The PDF's structure is too deep or too large to read; it is refused.") from None
    except Exception as exc:
        log.info("damaged PDF refused: %s: %s", type(exc).__name__, exc)
        raise NotAcceptable("The PDF is damaged: it cannot be read (its structure is broken).") from None
    finally:
        stream.seek(0)
    return Inspected(pages=pages, bytes=size, sha256=sha256, text=text)


def _text(reader: pypdf.PdfReader) -> str:
    """The text for search, within a budget: every page's content is inflated (a bomb is found wherever it
    hides, and the whole document may inflate to ``MAX_TOTAL_DECODED`` at most), but text is taken only from
    pages of reasonable content, up to ``MAX_TEXT_CHARS`` and ``TEXT_SECONDS``: the rest is not searched."""
    parts: list[str] = []
    total_text = decoded = 0
    started = time.monotonic()
    for page in reader.pages:
        size = _decode_contents(page)
        decoded += size
        if decoded > MAX_TOTAL_DECODED:
            raise LimitReachedError(f"the page contents inflate past {MAX_TOTAL_DECODED:,} bytes")
        if size > MAX_PAGE_CONTENT_FOR_TEXT or total_text >= MAX_TEXT_CHARS:
            continue
        if time.monotonic() - started > TEXT_SECONDS:
            continue
        piece = page.extract_text() or ""
        parts.append(piece)
        total_text += len(piece)
    return "\n".join(parts)[:MAX_TEXT_CHARS].replace("\x00", "")


def _decode_contents(page: pypdf.PageObject) -> int:
    """Inflate the page's content streams under the limits (a bomb is found even on a page with no text,
    which ``extract_text`` skips); their decoded size."""
    contents = page.get("/Contents")
    if contents is None:
        return 0
    found = contents.get_object()
    size = 0
    for item in found if isinstance(found, ArrayObject) else [found]:
        stream = item.get_object()
        if isinstance(stream, StreamObject):
            size += len(stream.get_data())
    return size
