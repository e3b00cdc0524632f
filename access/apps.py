from django.apps import AppConfig


class AccessConfig(AppConfig):
    name = "access"
    verbose_name = "Access: API tokens, sign-in lockout, throttles"

    def ready(self) -> None:
        # registers the deploy check, connects the sign-in counter and the token cache's invalidation
        from access import checks, lockout, token_cache  # noqa: F401
