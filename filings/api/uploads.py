"""The document upload, limited while it streams: every chunk goes to a temporary file on disk (never the
whole file in memory), and the upload stops as soon as the file passes ``DOCUMENT_MAX_BYTES`` — the
rest of the body is not read. The view then answers 413."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.files.uploadhandler import StopUpload, TemporaryFileUploadHandler

TOO_LARGE = "nlrb.document_too_large"


class LimitedUploadHandler(TemporaryFileUploadHandler):
    """Temporary file on disk, counted chunk by chunk; over the limit: stop reading, mark the request."""

    def __init__(self, request: Any = None) -> None:
        super().__init__(request)
        self.limit = int(settings.DOCUMENT_MAX_BYTES)
        self.received = 0

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes | None:
        self.received += len(raw_data)
        if self.received > self.limit:
            if self.request is not None:
                self.request.META[TOO_LARGE] = True
            self.file.close()
            raise StopUpload(connection_reset=True)
        return super().receive_data_chunk(raw_data, start)


def install(request: Any) -> None:
    """Before the body is parsed: only this handler reads the upload."""
    request.upload_handlers = [LimitedUploadHandler(request)]


def too_large(request: Any) -> bool:
    return bool(request.META.get(TOO_LARGE))
