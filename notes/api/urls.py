from django.urls import path

from notes.api import views

urlpatterns = [
    path("cases/<str:number>/notes/", views.CaseNotesView.as_view(), name="case-notes"),
    path("challenges/<int:challenge_id>/notes/", views.ChallengeNotesView.as_view(), name="challenge-notes"),
    path("objections/<int:objection_id>/notes/", views.ObjectionNotesView.as_view(), name="objection-notes"),
    path("notes/", views.NoteListView.as_view(), name="note-list"),
    path("notes/<int:note_id>/", views.NoteDetailView.as_view(), name="note-detail"),
    path("notes/<int:note_id>/history/", views.NoteHistoryView.as_view(), name="note-history"),
    path("cases/<str:number>/history/", views.CaseHistoryView.as_view(), name="case-history"),
    path("cases/<str:number>/export/<str:kind>.csv", views.CaseExportView.as_view(), name="case-export"),
]
