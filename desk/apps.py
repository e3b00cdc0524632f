from django.apps import AppConfig


class DeskConfig(AppConfig):
    """The counsel desk: server-rendered pages for counsel and paralegals at ``/desk/``."""

    name = "desk"
    verbose_name = "Counsel desk"
