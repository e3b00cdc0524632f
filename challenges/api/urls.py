from django.urls import path

from challenges.api import views

urlpatterns = [
    path(
        "elections/<int:election_id>/challenges/",
        views.ElectionChallengeListView.as_view(),
        name="election-challenges",
    ),
    path(
        "elections/<int:election_id>/challenges/import/",
        views.ChallengeImportView.as_view(),
        name="election-challenges-import",
    ),
    path(
        "elections/<int:election_id>/challenges/moot/",
        views.ElectionMootView.as_view(),
        name="election-challenges-moot",
    ),
    path(
        "elections/<int:election_id>/open-and-count/",
        views.OpenAndCountView.as_view(),
        name="election-open-and-count",
    ),
    path("challenges/", views.ChallengeListView.as_view(), name="challenge-list"),
    path("challenges/<int:challenge_id>/", views.ChallengeDetailView.as_view(), name="challenge-detail"),
    path(
        "challenges/<int:challenge_id>/resolve/",
        views.ChallengeResolveView.as_view(),
        name="challenge-resolve",
    ),
    path(
        "challenges/<int:challenge_id>/withdraw/",
        views.ChallengeWithdrawView.as_view(),
        name="challenge-withdraw",
    ),
]
