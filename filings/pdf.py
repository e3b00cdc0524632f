"""What a PDF is, read from its content (never its name): the magic number, then pypdf under tight
limits — an encrypted, damaged or decompression-bomb file is refused by name, never a 500.

pypdf never runs in the tracker's own process (issue 36, item 3: a 3.5 KB PDF took 15-18 s to read, inside
the write's transaction). Each reading is a child process (this file run as a script: plain Python and
pypdf, no Django) with a hard budget: its own memory and CPU limits (``resource``), and a wall-clock limit
after which the parent kills it. Two readings:

- ``inspect`` (in the request, before any transaction): the header, SHA-256 and size here; in the child, the
  structure, encryption, page count and every page's content inflated (a bomb is found wherever it hides).
  Out of budget, the file is refused, by name.
- ``read_text`` (a task after the paper is stored, ``filings.tasks``): the text for search, page by page, up
  to a quota of characters (``text_quota``): what was read when the budget ran out is kept, and the document
  says how much of it is searchable.

Nothing here reads the whole file into memory in the tracker: the SHA-256 is computed in chunks, and a file
on disk is handed to the child as its standard input."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

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
MAX_PAGES = 5000
# The child's hard budget: wall-clock seconds (then it is killed), CPU seconds and address space.
CHECK_SECONDS = 10.0
TEXT_SECONDS = 10.0
CPU_SECONDS = 12
MEMORY_BYTES = 1024 * 1024 * 1024
# The text kept for search (a quota): so many characters a page, and never more than TEXT_QUOTA (a 6 KB PDF
# once stored 2 MB of text). TEXT_QUOTA also keeps PostgreSQL's search vector under its 1 MB limit: 150,000
# characters make at most 75,000 words, whose lexemes and positions stay well below it.
TEXT_PER_PAGE = 6_000
TEXT_QUOTA = 150_000


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


@dataclass(frozen=True)
class Text:
    """The text kept for search; ``complete``: every page was read and nothing was cut; ``note``: what was
    not, in a sentence for the document."""

    text: str
    complete: bool
    note: str


def text_quota(pages: int) -> int:
    return min(TEXT_QUOTA, max(pages, 1) * TEXT_PER_PAGE)


def digest(stream: IO[bytes]) -> tuple[str, int]:
    stream.seek(0)
    sha, size = hashlib.sha256(), 0
    while chunk := stream.read(CHUNK):
        sha.update(chunk)
        size += len(chunk)
    stream.seek(0)
    return sha.hexdigest(), size


def inspect(stream: IO[bytes]) -> Inspected:
    """Check that ``stream`` is a readable, unencrypted PDF within the limits; its page count, size and
    SHA-256. pypdf runs in a child process with a hard budget (``CHECK_SECONDS``)."""
    stream.seek(0)
    head = stream.read(HEADER_WINDOW)
    if head != MAGIC:
        raise NotAcceptable(
            "The file is not a PDF: its content does not start with the PDF header (%PDF-), whatever its name."
        )
    sha256, size = digest(stream)
    lines, finished = _in_a_child("check", stream, seconds=CHECK_SECONDS)
    answer = lines[-1] if lines else {}
    if not finished:
        raise NotAcceptable(
            f"The PDF could not be read within {CHECK_SECONDS:g} seconds (its structure is too costly to "
            "read); it is refused."
        )
    if "refused" in answer:
        raise NotAcceptable(str(answer["refused"]))
    if "pages" not in answer:
        raise NotAcceptable("The PDF's structure is too deep or too large to read; it is refused.")
    return Inspected(pages=int(answer["pages"]), bytes=size, sha256=sha256)


def read_text(stream: IO[bytes], *, pages: int) -> Text:
    """The text of a stored PDF for search, page by page, within ``TEXT_SECONDS`` (then the child is killed
    and what it had read is kept) and the quota (``text_quota``)."""
    quota = text_quota(pages)
    lines, finished = _in_a_child("text", stream, seconds=TEXT_SECONDS, quota=quota)
    parts = [str(line["text"]) for line in lines if "text" in line]
    skipped = sum(1 for line in lines if line.get("skipped"))
    text = "\n".join(parts).replace("\x00", "")
    cut = len(text) > quota or any(line.get("quota") for line in lines)
    text = text[:quota]
    read = len(parts) + skipped
    if finished and not cut and not skipped and read >= pages:
        return Text(text=text, complete=True, note="")
    why = []
    if cut:
        why.append(
            f"the text is cut at the quota of {quota:,} characters ({TEXT_PER_PAGE:,} a page, "
            f"{TEXT_QUOTA:,} at most)"
        )
    if not finished:
        why.append(f"reading stopped after {TEXT_SECONDS:g} seconds, at page {read + 1} of {pages}")
    if skipped:
        why.append(f"{skipped} page(s) too large to search were skipped")
    if not why:
        why.append(f"{pages - read} page(s) could not be read")
    return Text(text=text, complete=False, note="Not all of it is searchable: " + "; ".join(why) + ".")


def _in_a_child(
    mode: str, stream: IO[bytes], *, seconds: float, quota: int = 0
) -> tuple[list[dict[str, Any]], bool]:
    """Run this file as a child process on ``stream`` (its standard input); the JSON lines it printed, and
    whether it finished within ``seconds`` (else it was killed: the lines are what it printed before)."""
    stream.seek(0)
    try:
        fileno: int | None = stream.fileno()
    except (AttributeError, OSError, ValueError):
        fileno = None
    command = [sys.executable, "-I", str(Path(__file__).resolve()), mode, str(quota)]
    child = subprocess.Popen(
        command,
        stdin=fileno if fileno is not None else subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    finished = True
    try:
        out, _ = child.communicate(None if fileno is not None else stream.read(), timeout=seconds)
    except subprocess.TimeoutExpired:
        child.kill()
        out, _ = child.communicate()
        finished = False
    finally:
        stream.seek(0)
    if child.returncode != 0 and finished:
        log.info("PDF reader exited with %s", child.returncode)
        finished = child.returncode == 0
    lines: list[dict[str, Any]] = []
    for raw in out.splitlines():
        try:
            lines.append(json.loads(raw))
        except ValueError:
            break  # a line cut by the kill
    return lines, finished


# --- the child ----------------------------------------------------------------------------------------


def _limits() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def _say(**line: Any) -> None:
    sys.stdout.write(json.dumps(line) + "\n")
    sys.stdout.flush()


def _limited() -> Any:
    """pypdf's decompression limits, applied around the whole reading in the child."""
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
    return pypdf.apply_configuration(pypdf.get_configuration().with_overwrites(**limits))


def _open(stream: IO[bytes]) -> pypdf.PdfReader:
    return pypdf.PdfReader(stream, strict=False)


def _check(stream: IO[bytes]) -> None:
    try:
        reader = _open(stream)
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
        decoded = 0
        for page in reader.pages:
            decoded += _decode_contents(page)
            if decoded > MAX_TOTAL_DECODED:
                raise LimitReachedError(f"the page contents inflate past {MAX_TOTAL_DECODED:,} bytes")
    except NotAcceptable as refused:
        _say(refused=refused.message)
    except LimitReachedError:
        _say(
            refused="The PDF expands far beyond its size when decompressed (a compression bomb); it is refused."
        )
    except (RecursionError, MemoryError):
        _say(refused="The PDF's structure is too deep or too large to read; it is refused.")
    except Exception as exc:
        log.info("damaged PDF refused: %s: %s", type(exc).__name__, exc)
        _say(refused="The PDF is damaged: it cannot be read (its structure is broken).")
    else:
        _say(pages=pages)


def _extract(stream: IO[bytes], quota: int) -> None:
    """One line per page (its text, or ``skipped``), flushed at once: killed, the parent keeps what came."""
    reader = _open(stream)
    total = 0
    started = time.monotonic()
    for page in reader.pages:
        if total >= quota:
            _say(quota=True)
            return
        if _decode_contents(page) > MAX_PAGE_CONTENT_FOR_TEXT:
            _say(skipped=True)
            continue
        piece = (page.extract_text() or "")[: quota - total + 1]
        total += len(piece)
        _say(text=piece)
        if time.monotonic() - started > TEXT_SECONDS:
            return


def _child(mode: str, quota: int) -> None:
    _limits()
    stream = os.fdopen(sys.stdin.fileno(), "rb", closefd=False)
    data = stream.read()  # stdin may be a pipe: pypdf seeks
    import io

    with _limited():
        if mode == "check":
            _check(io.BytesIO(data))
        else:
            _extract(io.BytesIO(data), quota)


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


if __name__ == "__main__":
    _child(sys.argv[1], int(sys.argv[2]))
