from django.apps import AppConfig


class ElectionsConfig(AppConfig):
    name = "elections"
    verbose_name = "Cases and elections"

    def ready(self) -> None:
        from elections import bodies

        # Built after every write under the case, before it is read (elections/bodies.py).
        bodies.register_case_read("case-detail")
