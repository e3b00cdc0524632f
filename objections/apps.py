from django.apps import AppConfig


class ObjectionsConfig(AppConfig):
    name = "objections"
    verbose_name = "Objections and rulings"
