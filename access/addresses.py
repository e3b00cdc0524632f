"""The client's address: one function for the sign-in lockout, the throttles and the logs.

``REMOTE_ADDR`` — the address that opened the connection — unless ``TRUSTED_PROXIES`` (the environment's
``DJANGO_NUM_PROXIES``) says how many proxies of ours stand in front: then the address the outermost of
them saw, which is that many entries from the right of ``X-Forwarded-For`` (each proxy appends the address
it received the request from; whatever a client wrote there itself stands further left, and is never read).
With no proxy configured a client's own ``X-Forwarded-For`` changes nothing."""

from __future__ import annotations

import ipaddress
from typing import Any

from django.conf import settings


def trusted_proxies() -> int:
    return max(int(getattr(settings, "TRUSTED_PROXIES", 0) or 0), 0)


def client_address(request: Any, credentials: Any = None) -> str:
    """The address to count a request against (``credentials``: django-axes passes them; unused)."""
    if request is None:
        return ""
    meta = getattr(request, "META", {})
    remote = str(meta.get("REMOTE_ADDR") or "")
    proxies = trusted_proxies()
    if not proxies:
        return remote
    hops = [hop.strip() for hop in str(meta.get("HTTP_X_FORWARDED_FOR") or "").split(",") if hop.strip()]
    if len(hops) < proxies:
        return remote  # fewer hops than our own proxies add: not through them, so nothing to trust
    candidate = hops[-proxies]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote
