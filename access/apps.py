from django.apps import AppConfig


class AccessConfig(AppConfig):
    name = "access"
    verbose_name = "Access: API tokens, sign-in lockout, throttles"

    def ready(self) -> None:
        from access import checks, lockout  # noqa: F401  (registers the deploy check, connects the counter)
