from django.urls import path

from filings.api import docket, views

urlpatterns = [
    path("cases/<str:number>/filings/", views.CaseFilingListView.as_view(), name="case-filings"),
    path("cases/<str:number>/docket/", docket.CaseDocketView.as_view(), name="case-docket"),
    path("filings/", views.FilingListView.as_view(), name="filing-list"),
    path("filings/<int:filing_id>/", views.FilingDetailView.as_view(), name="filing-detail"),
    path("filings/<int:filing_id>/file/", views.FilingFileView.as_view(), name="filing-file"),
    path("filings/<int:filing_id>/ruling/", views.FilingRulingView.as_view(), name="filing-ruling"),
    path(
        "filings/<int:filing_id>/confirm-filing/",
        views.FilingConfirmFilingView.as_view(),
        name="filing-confirm-filing",
    ),
    path("documents/", views.DocumentCreateView.as_view(), name="document-create"),
    path("documents/<int:document_id>/", views.DocumentDetailView.as_view(), name="document-detail"),
    path(
        "documents/<int:document_id>/download/",
        views.DocumentDownloadView.as_view(),
        name="document-download",
    ),
]
