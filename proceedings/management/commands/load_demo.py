"""``manage.py load_demo``: the Bessemer case and the demo users; prints how to sign in.

It lives in the top-floor app because it loads every app's part of the story."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils.module_loading import module_has_submodule

from challenges import demo as challenges_demo
from elections import demo as elections_demo
from objections import demo as objections_demo
from proceedings import demo as proceedings_demo
from proceedings import demo_live


class Command(BaseCommand):
    help = (
        "Load the Bessemer demo case (10-RC-269250), a live demo case dated from today "
        f"({demo_live.LIVE}) and the demo users; safe to run again."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--allow-production",
            action="store_true",
            help="Load the demo users and cases under production settings too (refused without it)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if settings.PRODUCTION and not options["allow_production"]:
            raise CommandError(
                "These are production settings: load_demo would add demo users who can sign in. "
                "Pass --allow-production if that is what you want (or use config.settings.local)."
            )
        users = elections_demo.load_users()
        bessemer = elections_demo.load_bessemer()
        jfk8 = elections_demo.load_jfk8()
        for loader in _app_loaders():
            loader(bessemer)
        proceedings_demo.load_jfk8(jfk8)
        live = demo_live.load()
        above = [line for load in _demo_parts_above() for line in load()]
        site = settings.SITE_URL.rstrip("/")  # `make run` sets it to the host and port it serves
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo cases {bessemer.number} (history) and {live.number} (live, dated from today) are loaded."
            )
        )
        for line in above:
            self.stdout.write(line)
        self.stdout.write(f"Admin: {site}/admin/   API: {site}/api/v1/   API docs: {site}/api/v1/docs/\n")
        self.stdout.write(f"Counsel desk (counsel and paralegals sign in here): {site}/desk/\n")
        self.stdout.write(f"{'user':18} {'password':26} {'API token':42} role")
        for user in users:
            self.stdout.write(f"{user.username:18} {user.password:26} {user.token:42} {user.role}")
        paralegal = next(u for u in users if u.username == "paralegal")
        self.stdout.write(
            f'\nTry: curl -H "Authorization: Token {paralegal.token}" {site}/api/v1/cases/{live.number}/status/'
        )
        self.stdout.write(
            f"The API guide's examples: docs/site/api.md, or docs/examples.sh (API={site}/api/v1 TOKEN=… STAFF_TOKEN=…)"
        )


def _demo_parts_above() -> list[Any]:
    """The demo parts of the apps above this one (``<app>.demo_record.load``, e.g. the public-record sample
    and the figures of ``stats``), found by name: this command cannot import them."""
    found = []
    for config in apps.get_app_configs():
        if module_has_submodule(config.module, "demo_record"):
            found.append(import_module(f"{config.name}.demo_record").load)
    return found


def _app_loaders() -> list[Any]:
    """Each app's demo loader, in dependency order; each is idempotent and takes the Bessemer case."""
    return [challenges_demo.load, objections_demo.load, proceedings_demo.load]
