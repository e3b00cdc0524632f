"""``text/csv``: the media type of the CSV exports, so that a client asking for it (``Accept: text/csv``) is
served rather than refused with 406. An export streams its own body; this renderer writes only the answers
that are not an export — a refusal (401, 404, 429) — as a small CSV of its fields."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from typing import Any

from rest_framework.renderers import BaseRenderer

from core.csv_cells import FORMULA_STARTS, guard

__all__ = ["FORMULA_STARTS", "CSVRenderer", "guard"]


class CSVRenderer(BaseRenderer):
    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        if data is None:
            return b""
        fields = data if isinstance(data, Mapping) else {"detail": data}
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(list(fields))
        writer.writerow(
            [guard("; ".join(map(str, v)) if isinstance(v, list) else str(v)) for v in fields.values()]
        )
        return out.getvalue().encode()
