"""Notices rendered at delivery: the outbox row names a renderer and a reference, never the text.

Some notices carry text that only some people may read (a side note is its party's work product). Such a
notice is written to the outbox as ``renderer`` + ``reference``; its text is produced here, for the one
recipient, when the notice is delivered, by the renderer an app registered (core imports no app: the app
registers in its ``ready()``). A renderer that finds the recipient may no longer read the thing raises
``Withheld``: the notice is not sent, and the row records why."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Withheld(Exception):
    """The recipient may not read what the notice is about (any longer): send nothing. The message is
    stored on the outbox row, so it must not hold the privileged text itself."""


Renderer = Callable[[Any, Any], str]  # (reference, recipient) -> the body for that recipient

_RENDERERS: dict[str, Renderer] = {}


def register(name: str, renderer: Renderer) -> None:
    _RENDERERS[name] = renderer


def render(name: str, *, reference: Any, recipient: Any) -> str:
    """The body of notice ``name`` about ``reference`` for ``recipient``; raises ``Withheld``."""
    try:
        renderer = _RENDERERS[name]
    except KeyError:
        raise LookupError(f"no notice renderer is registered under {name!r}") from None
    if not getattr(recipient, "is_active", False):
        raise Withheld("the recipient's account is inactive")
    return renderer(reference, recipient)
