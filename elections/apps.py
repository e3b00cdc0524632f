from django.apps import AppConfig


class ElectionsConfig(AppConfig):
    name = "elections"
    verbose_name = "Cases and elections"

    def ready(self) -> None:
        from core.api import strict_types

        strict_types.install()
