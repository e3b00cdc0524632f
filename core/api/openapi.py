"""Post-processing of the generated OpenAPI schema, so that it tells the truth about the server.

- Path ids are whole numbers from 1: the server answers 404 for anything else.
- Every operation carries the description written for people (each app's ``api/docs.py``, gathered by
  ``core.api.operation_docs``) in place of whatever a view's docstring would have leaked (code notes are for
  programmers).
"""

from __future__ import annotations

import re
from typing import Any

from core.api import operation_docs
from core.api.scoping import MAX_ID


def bound_path_ids(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                if parameter.get("in") == "path" and parameter.get("schema", {}).get("type") == "integer":
                    parameter["schema"].update(minimum=1, maximum=MAX_ID)
                if parameter.get("in") == "path" and parameter["name"] == "number":
                    parameter.setdefault("description", "The case number, e.g. 10-RC-269250")
                    parameter.setdefault("example", "10-RC-269250")
    return result


# A description that reads like a note to programmers (a mixin's docstring inherited by a view).
_CODE_NOTE = re.compile(r"\bself\.|``")


def _place(operation: dict[str, Any], *, summary: str, description: str) -> None:
    """The description right after the operationId and the summary last, for every operation alike:
    drf-spectacular puts a description there only when the view has a docstring."""
    rest = {key: operation.pop(key) for key in list(operation) if key != "operationId"}
    operation["description"] = description
    operation.update((key, value) for key, value in rest.items() if key not in ("summary", "description"))
    operation["summary"] = summary


def describe_operations(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    documented = operation_docs.operations()
    for path_operations in result.get("paths", {}).values():
        for operation in path_operations.values():
            doc = documented.get(operation.get("operationId", ""))
            if doc is None:
                if _CODE_NOTE.search(operation.get("description", "")):
                    operation.pop("description")
                continue
            _place(operation, summary=doc.summary, description=doc.description)
            if doc.request is not None:
                content = operation.get("requestBody", {}).get("content", {}).get("application/json")
                if content is not None:
                    content["examples"] = {"example": {"summary": doc.summary, "value": doc.request}}
            for code, response in operation.get("responses", {}).items():
                if code.startswith("2") and not response.get("description"):
                    response["description"] = doc.summary
            if doc.response is not None:
                for code, response in operation.get("responses", {}).items():
                    content = response.get("content", {}).get("application/json")
                    if code.startswith("2") and content is not None:
                        content["examples"] = {
                            "example": {"summary": "From the demo data", "value": doc.response}
                        }
    return result
