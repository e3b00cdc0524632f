from django.apps import AppConfig


class StaffConfig(AppConfig):
    """The staff desk (/admin/): the admin site, its work queue and the pages that gather several apps,
    composed from what the apps below export. Nothing imports it."""

    name = "staff"
    verbose_name = "Staff desk"
