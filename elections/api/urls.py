from django.urls import path

from elections.api import views

urlpatterns = [
    path("cases/", views.CaseListView.as_view(), name="case-list"),
    path("cases/<str:number>/", views.CaseDetailView.as_view(), name="case-detail"),
    path("cases/<str:number>/parties/", views.PartyListView.as_view(), name="case-parties"),
    path("cases/<str:number>/appearances/", views.AppearanceListView.as_view(), name="case-appearances"),
    path(
        "cases/<str:number>/appearances/<int:appearance_id>/",
        views.AppearanceDetailView.as_view(),
        name="case-appearance-detail",
    ),
    path("elections/", views.ElectionListView.as_view(), name="election-list"),
    path("elections/<int:election_id>/", views.ElectionDetailView.as_view(), name="election-detail"),
    path("elections/<int:election_id>/tallies/", views.TallyListView.as_view(), name="election-tallies"),
]
