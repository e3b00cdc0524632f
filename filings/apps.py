from django.apps import AppConfig


class FilingsConfig(AppConfig):
    name = "filings"
    verbose_name = "Filings, motions and documents"

    def ready(self) -> None:
        from filings import workqueue
        from proceedings import workqueue as queue

        queue.register_section(workqueue.rulings_awaited)
