from django.apps import AppConfig


class ChallengesConfig(AppConfig):
    name = "challenges"
    verbose_name = "Challenged ballots"

    def ready(self) -> None:
        from elections import bodies

        # ``?case=``: built after every write under the case, before it is read (elections/bodies.py).
        bodies.register_case_read("challenge-list", by_query=True)
