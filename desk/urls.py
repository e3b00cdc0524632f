"""The counsel desk at ``/desk/``. The e-mails link to its pages by these names (``core.links``)."""

from django.urls import path

from desk import docket, filing_forms, objection_actions, views

app_name = "desk"

urlpatterns = [
    path("", views.home, name="home"),
    path("sign-in/", views.sign_in, name="sign-in"),
    path("sign-out/", views.sign_out, name="sign-out"),
    path("cases/<str:number>/", views.case_page, name="case"),
    path("cases/<str:number>/challenges/new/", views.challenge_new, name="challenge-new"),
    path("cases/<str:number>/challenges/batch/", views.challenge_batch, name="challenge-batch"),
    path("cases/<str:number>/objections/new/", views.objection_new, name="objection-new"),
    path("cases/<str:number>/notes/new/", views.note_new, name="note-new"),
    path("cases/<str:number>/notices/", views.notices, name="notices"),
    path("cases/<str:number>/docket/", docket.docket_page, name="docket"),
    path(
        "cases/<str:number>/objections/offer-of-proof/",
        objection_actions.offer_of_proof_file,
        name="offer-of-proof-file",
    ),
    path(
        "cases/<str:number>/objections/withdraw/",
        objection_actions.objection_withdraw,
        name="objection-withdraw",
    ),
    path("cases/<str:number>/filings/new/", filing_forms.filing_new, name="filing-new"),
    path("cases/<str:number>/filings/drafts/file/", filing_forms.draft_file, name="draft-file"),
    path(
        "cases/<str:number>/filings/drafts/<int:filing_id>/edit/", filing_forms.draft_edit, name="draft-edit"
    ),
]
