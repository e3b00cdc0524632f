from django.apps import AppConfig


class PublicRecordConfig(AppConfig):
    name = "public_record"
    verbose_name = "Public record imports (labordata nlrb.db)"
