"""Tokens in the admin: who has one, its first characters and age — never the key (it is not stored).
DRF's own token admin is withdrawn: its table is emptied by the migration that hashed the keys."""

from __future__ import annotations

from django.contrib import admin
from rest_framework.authtoken.models import TokenProxy

from access.models import ApiToken
from core.admin_local_time import LocalTimeAdmin

if admin.site.is_registered(TokenProxy):
    admin.site.unregister(TokenProxy)


@admin.register(ApiToken)
class ApiTokenAdmin(LocalTimeAdmin, admin.ModelAdmin[ApiToken]):
    list_display = ["user", "prefix", "created_at"]
    search_fields = ["user__username", "prefix"]
    fields = ("user", "prefix", "created_at")
    readonly_fields = fields

    def has_add_permission(self, request: object) -> bool:
        return False  # a key is issued by the owner (auth/token/rotate/) or load_demo, never typed in

    def has_change_permission(self, request: object, obj: object = None) -> bool:
        return False
