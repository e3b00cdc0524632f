from django.urls import path

from objections.api import views

urlpatterns = [
    path(
        "elections/<int:election_id>/objections/",
        views.ElectionObjectionListView.as_view(),
        name="election-objections",
    ),
    path("objections/", views.ObjectionListView.as_view(), name="objection-list"),
    path("objections/<int:objection_id>/", views.ObjectionDetailView.as_view(), name="objection-detail"),
    path(
        "objections/<int:objection_id>/rulings/", views.RulingCreateView.as_view(), name="objection-rulings"
    ),
    path(
        "objections/<int:objection_id>/withdraw/",
        views.ObjectionWithdrawView.as_view(),
        name="objection-withdraw",
    ),
    path(
        "objections/<int:objection_id>/confirm-filing/",
        views.ObjectionConfirmFilingView.as_view(),
        name="objection-confirm-filing",
    ),
    path(
        "objections/<int:objection_id>/extend-offer-of-proof/",
        views.OfferOfProofExtendView.as_view(),
        name="objection-extend-offer-of-proof",
    ),
    path(
        "objections/<int:objection_id>/offer-of-proof/",
        views.OfferOfProofFileView.as_view(),
        name="objection-offer-of-proof",
    ),
]
