"""Who may do what. Visibility (404) is the queryset's job; these decide 403 for visible objects."""

from __future__ import annotations

from typing import Any

from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request

from core.actors import is_staff

__all__ = ["StaffOnly", "StaffWritesOnly", "is_staff"]


class StaffWritesOnly(BasePermission):
    """Anyone signed in reads what they can see; only Board staff write."""

    message = "Only Board staff may change this record."

    def has_permission(self, request: Request, view: Any) -> bool:
        if not (request.user and request.user.is_authenticated):
            return False
        return request.method in SAFE_METHODS or is_staff(request.user)


class StaffOnly(BasePermission):
    message = "Only Board staff may do this."

    def has_permission(self, request: Request, view: Any) -> bool:
        return is_staff(request.user)
