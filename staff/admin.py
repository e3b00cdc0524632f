"""The staff desk's pages that gather several apps, registered once, here, on the top floor.

Each app's ``admin.py`` registers the pages that are its own. A page that shows what several apps hold is
composed here from what those apps export, and registered once: the apps below offer admin classes and
functions and never re-register a page another app registered.

- The case page: the elections app's form (``elections.admin.CaseAdmin``) with the appeal ladder on top
  (``proceedings.admin.CaseWithLadderAdmin``), the public docket and its refresh action
  (``public_record.admin``), and the history of every change under the case (``notes.admin``).
- The challenge, ledger, objection and tally admins of their apps, with their actions and saves wrapped in
  ``proceedings.consequences.watch`` (``proceedings.admin_desk.said``): after resolving challenges, ruling on
  objections or recording a tally, the page says what moved (determinative before → after, the result, the
  stage, deadlines, notices). They are subclasses, so every save path and refusal of the apps' own admins is
  unchanged.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest, HttpResponse

from challenges.admin import ChallengeAdmin, ElectionLedgerAdmin
from challenges.models import Challenge, ElectionLedger
from elections.admin import TallyAdmin
from elections.models import Case, Tally
from notes.admin import case_history_page
from objections.admin import ObjectionAdmin
from objections.models import Objection
from proceedings.admin import CaseWithLadderAdmin
from proceedings.admin_desk import case_posted, said, said_on_submit
from public_record.admin import DocketInline, refresh_from_public_record

# --- the case page ------------------------------------------------------------------------------------------


@admin.register(Case)
class StaffCaseAdmin(CaseWithLadderAdmin):
    """The case page: its form, the ladder on top, the public docket, and the history under the case."""

    inlines = [*CaseWithLadderAdmin.inlines, DocketInline]  # type: ignore[list-item]
    actions = [*(CaseWithLadderAdmin.actions or ()), refresh_from_public_record]  # add, never drop

    def history_view(self, request: HttpRequest, object_id: str, extra_context: Any = None) -> HttpResponse:
        return case_history_page(self, request, object_id, extra_context)


# --- the other desks' actions, with their consequences said ------------------------------------------------


@admin.register(Challenge)
class ChallengeDeskAdmin(ChallengeAdmin):
    resolve_selected = said(ChallengeAdmin.resolve_selected, "election_id")
    mark_pending_moot = said(ChallengeAdmin.mark_pending_moot, "election_id", immediate=True)


@admin.register(ElectionLedger)
class ElectionLedgerDeskAdmin(ElectionLedgerAdmin):
    open_and_count = said(ElectionLedgerAdmin.open_and_count, "pk")
    mark_pending_moot = said(ElectionLedgerAdmin.mark_pending_moot, "pk", immediate=True)


@admin.register(Objection)
class ObjectionDeskAdmin(ObjectionAdmin):
    def add_view(
        self, request: HttpRequest, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        parent = super().add_view
        case = case_posted(request, "election", via_election=True)
        return said_on_submit(self, request, case, lambda: parent(request, form_url, extra_context))

    record_report_rulings = said(ObjectionAdmin.record_report_rulings, "election_id")
    extend_offer_of_proof = said(ObjectionAdmin.extend_offer_of_proof, "election_id")
    record_withdrawal = said(ObjectionAdmin.record_withdrawal, "election_id")
    confirm_filing_time = said(ObjectionAdmin.confirm_filing_time, "election_id", immediate=True)
    record_filing_as_late = said(ObjectionAdmin.record_filing_as_late, "election_id", immediate=True)


@admin.register(Tally)
class TallyDeskAdmin(TallyAdmin):
    def save_model(self, request: HttpRequest, obj: Tally, form: Any, change: bool) -> None:
        parent = super().save_model
        said_on_submit(self, request, obj.election.case, lambda: parent(request, obj, form, change))
