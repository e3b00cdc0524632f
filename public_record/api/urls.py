from django.urls import path

from public_record.api import views

# Included before the elections URLs: "cases/import/" would otherwise be read as a case number.
urlpatterns = [
    path("cases/import/", views.CaseImportView.as_view(), name="case-import"),
    path("cases/import/<int:run_id>/", views.ImportRunView.as_view(), name="case-import-status"),
]
