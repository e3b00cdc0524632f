from django.apps import AppConfig


class ObjectionsConfig(AppConfig):
    name = "objections"
    verbose_name = "Objections and rulings"

    def ready(self) -> None:
        from elections import bodies

        # ``?case=``: built after every write under the case, before it is read (elections/bodies.py).
        bodies.register_case_read("objection-list", by_query=True)
