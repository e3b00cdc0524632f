from django.apps import AppConfig


class ElectionsConfig(AppConfig):
    name = "elections"
    verbose_name = "Cases and elections"
