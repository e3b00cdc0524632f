from django.apps import AppConfig


class NotesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "notes"
    verbose_name = "Notes"

    def ready(self) -> None:
        # The outbox renders a note's notice at delivery (core imports no app: the app registers).
        from core import renderers
        from notes import notices

        renderers.register(notices.RENDERER, notices.render)

        # A note moves the tags of those who may read it, and only theirs (no case-version trigger).
        from core.api import conditional
        from notes import selectors

        conditional.register_audience_part("notes", selectors.changes_readable)
