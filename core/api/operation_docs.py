"""How an API operation is documented for people, and where each app keeps its operations' documentation.

Each app writes its operations' summaries, descriptions and examples in its own ``<app>/api/docs.py``, beside
the views they describe (``OPERATIONS``: operationId → ``Doc``). The schema hook
(``core.api.openapi.describe_operations``) puts each on the operation with that ``operationId``, in place of
whatever a view's docstring would have leaked; the test suite checks that every operation has exactly one
entry, in the app of its view, and that none reads like a code note.

Examples use the demo data of a fresh ``make run`` (10-RC-269250, the historical Bessemer case; 10-RC-990001,
the fictional live case), so a reader can try them as shown. The test suite checks each response example
against its operation's response schema, closed (no field the schema does not name), so a field added,
renamed or dropped in a serializer shows up there; the values are not checked (the demo's dates move).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from types import MappingProxyType
from typing import Any

from django.apps import apps
from django.core.exceptions import ImproperlyConfigured
from django.utils.module_loading import module_has_submodule


@dataclass(frozen=True)
class Doc:
    summary: str
    description: str
    request: dict[str, Any] | None = None
    response: Any = None


SEE_ALSO_SCOPE = (
    "You see only the cases where you have an appearance (staff see every case); anything else answers "
    "404, exactly as if it did not exist."
)

DOCS_MODULE = "api.docs"


def documented_in() -> Mapping[str, str]:
    """operationId → the app whose ``api/docs.py`` documents it."""
    return _collected()[1]


def operations() -> Mapping[str, Doc]:
    """operationId → its ``Doc``, from every installed app's ``api/docs.py``."""
    return _collected()[0]


@cache
def _collected() -> tuple[Mapping[str, Doc], Mapping[str, str]]:
    docs: dict[str, Doc] = {}
    homes: dict[str, str] = {}
    for config in apps.get_app_configs():
        if not (
            module_has_submodule(config.module, "api")
            and module_has_submodule(import_module(f"{config.name}.api"), "docs")
        ):
            continue
        module = import_module(f"{config.name}.{DOCS_MODULE}")
        for operation_id, doc in module.OPERATIONS.items():
            if operation_id in docs:
                raise ImproperlyConfigured(
                    f"{operation_id} is documented by both {homes[operation_id]} and {config.label}"
                )
            docs[operation_id] = doc
            homes[operation_id] = config.label
    return MappingProxyType(docs), MappingProxyType(homes)
