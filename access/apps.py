from django.apps import AppConfig


class AccessConfig(AppConfig):
    name = "access"
    verbose_name = "Access: API tokens, sign-in lockout, throttles"

    def ready(self) -> None:
        from access import lockout  # noqa: F401  (connects the failed-login counter)
