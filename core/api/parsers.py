"""JSON bodies the database can store and the API can answer with.

``json.loads`` accepts things no column can hold: lone UTF-16 surrogates (``"\\ud800"``) cannot be encoded
to UTF-8 by the database driver or by the JSON renderer, PostgreSQL refuses NUL characters in text and
``jsonb``, and a deeply nested document exhausts the parser's recursion. Each of these was a 500; here each
is a 400 naming the field, raised when the view first reads ``request.data`` — after the permission
checks, so a caller who may not act still gets 403/404 first."""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser

from core.api.filters import StrictFilterBackend

MAX_DEPTH = 32
"""No request of this API nests deeper than a few levels (``details`` objects, ``votes_for``)."""


def text_problem(value: str) -> str | None:
    """Why ``value`` cannot be stored as text, or None."""
    if "\x00" in value:
        return "Text may not contain NUL characters (\\u0000)."
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return "Text may not contain lone UTF-16 surrogates (\\ud800–\\udfff); send valid Unicode."
    return None


def _check(value: Any, path: str, depth: int, problems: dict[str, list[str]]) -> None:
    if depth > MAX_DEPTH:
        raise ParseError(f"JSON nested deeper than {MAX_DEPTH} levels.")
    if isinstance(value, str):
        problem = text_problem(value)
        if problem:
            problems.setdefault(path.split(".")[0] or "non_field_errors", []).append(
                f"{problem} (at {path})" if "." in path else problem
            )
    elif isinstance(value, dict):
        for key, item in value.items():
            name = f"{path}.{key}" if path else str(key)
            if text_problem(str(key)):
                problems.setdefault(path.split(".")[0] or "non_field_errors", []).append(
                    f"A key is not valid text: {text_problem(str(key))}"
                )
                continue
            _check(item, name, depth + 1, problems)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _check(item, f"{path}.{index}" if path else str(index), depth + 1, problems)


class SafeJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(f"JSON nested deeper than {MAX_DEPTH} levels.") from None
        problems: dict[str, list[str]] = {}
        _check(data, "", 0, problems)
        if problems:
            raise ValidationError(problems)
        return data


def _check_querydict(data: Any) -> None:
    problems = {
        str(key): [problem]
        for key, values in data.lists()
        for value in values
        if isinstance(value, str) and (problem := text_problem(value) or text_problem(str(key)))
    }
    if problems:
        raise ValidationError(problems)


class SafeFormParser(FormParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        data = super().parse(stream, media_type, parser_context)
        _check_querydict(data)
        return data


class SafeMultiPartParser(MultiPartParser):
    """Form fields of a multipart body are checked; uploaded files are their reader's business (the CSV
    import refuses NULs and bad UTF-8 with the line)."""

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        parsed = super().parse(stream, media_type, parser_context)
        _check_querydict(parsed.data)
        return parsed


class SafeFilterBackend(StrictFilterBackend):
    """Query parameters are checked like bodies before any filter reaches the database (PostgreSQL
    refuses a NUL in a query: ``?q=%00`` was a 500). Runs inside ``get_queryset``/``filter_queryset``,
    after the permission checks."""

    def filter_queryset(self, request: Any, queryset: Any, view: Any) -> Any:
        _check_querydict(request.query_params)
        return super().filter_queryset(request, queryset, view)
