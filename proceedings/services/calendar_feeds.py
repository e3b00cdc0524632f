"""A user's calendar feed: created once, its secret rotated, revoked."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from core import clock
from proceedings.models import CalendarFeed


@transaction.atomic
def calendar_feed_ensure(*, user: Any) -> CalendarFeed:
    """The user's live feed, created on first use. A live feed whose secret cannot be shown again (issued
    before secrets were stored hashed, or under another ``SECRET_KEY``) is replaced by a new one."""
    feed = CalendarFeed.objects.select_for_update().filter(user=user, revoked_at__isnull=True).first()
    if feed is None:
        feed = CalendarFeed.objects.create(user=user)
    elif feed.token is None:
        return calendar_feed_rotate(user=user)
    return feed


@transaction.atomic
def calendar_feed_rotate(*, user: Any) -> CalendarFeed:
    """Revoke the user's feed (its URL answers 404 from now on) and issue a new one."""
    CalendarFeed.objects.select_for_update().filter(user=user, revoked_at__isnull=True).update(
        revoked_at=clock.now()
    )
    return CalendarFeed.objects.create(user=user)


@transaction.atomic
def calendar_feed_revoke(*, feed: CalendarFeed) -> CalendarFeed:
    feed = CalendarFeed.objects.select_for_update().get(pk=feed.pk)
    if feed.revoked_at is None:
        feed.revoked_at = clock.now()
        feed.save(update_fields=["revoked_at"])
    return feed
