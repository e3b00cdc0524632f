from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "E-mail outbox"

    def ready(self) -> None:
        # JSON types as the schema states them, for every app's input serializers (core/api/strict_types.py).
        from core import checks  # noqa: F401 (registers the deployment checks)
        from core.api import strict_types

        strict_types.install()
