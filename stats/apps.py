from django.apps import AppConfig


class StatsConfig(AppConfig):
    name = "stats"
    verbose_name = "What to expect (stage durations from the record)"

    def ready(self) -> None:
        from stats import receivers  # noqa: F401  (connects the refresh after an import)
