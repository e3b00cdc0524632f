from django.apps import AppConfig


class ProceedingsConfig(AppConfig):
    name = "proceedings"
    verbose_name = "Appeal ladder and deadlines"
