from django.apps import AppConfig


class FilingsConfig(AppConfig):
    name = "filings"
    verbose_name = "Filings, motions and documents"
