"""The staff workplace for cases, parties, elections and tallies. Computed figures are read-only;
new records go through the same services as the API."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from simple_history.admin import SimpleHistoryAdmin

from elections import services
from elections.actors import stamp
from elections.errors import RuleViolation
from elections.law.local_time import local_time
from elections.models import Appearance, Case, Election, Notification, Party, RelatedCase, Tally


class NoDeleteMixin:
    """Nothing is hard-deleted: records are corrected, voided or closed, and history keeps the rest."""

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class PartyInline(NoDeleteMixin, admin.TabularInline[Party, Case]):
    model = Party
    extra = 0
    fields = ["role", "name", "appearances_link"]
    readonly_fields = ["appearances_link"]

    @admin.display(description="Appearances")
    def appearances_link(self, party: Party) -> str:
        if not party.pk:
            return "—"
        url = reverse("admin:elections_party_change", args=[party.pk])
        people = ", ".join(f"{a.user.username} ({a.capacity})" for a in party.appearances.all()) or "none"
        return format_html('<a href="{}">{}</a>', url, people)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Party]:
        return super().get_queryset(request).prefetch_related("appearances__user")


class ElectionInline(NoDeleteMixin, admin.TabularInline[Election, Case]):
    model = Election
    extra = 0
    fields = [
        "sequence",
        "kind",
        "mode",
        "choices",
        "voting_opens_on",
        "voting_closes_on",
        "count_on",
        "link",
    ]
    readonly_fields = ["link"]
    show_change_link = True

    @admin.display(description="Tallies")
    def link(self, election: Election) -> str:
        if not election.pk:
            return "—"
        return format_html(
            '<a href="{}">open</a>', reverse("admin:elections_election_change", args=[election.pk])
        )


class RelatedCaseInline(NoDeleteMixin, admin.TabularInline[RelatedCase, Case]):
    model = RelatedCase
    extra = 0


@admin.register(Case)
class CaseAdmin(NoDeleteMixin, SimpleHistoryAdmin):
    list_display = ["number", "name", "region", "case_type", "rule_set", "status", "petition_filed_on"]
    list_filter = ["region", "case_type", "status", "rule_set"]
    search_fields = ["=number", "number", "name"]
    date_hierarchy = "petition_filed_on"
    readonly_fields = [
        "region",
        "case_type",
        "rule_set",
        "regional_office",
        "office_zone",
        "created_at",
        "updated_at",
    ]
    inlines = [PartyInline, RelatedCaseInline, ElectionInline]
    list_per_page = 100
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "number",
                    "name",
                    "petition_filed_on",
                    "unit_description",
                    "status",
                ]
            },
        ),
        ("Derived", {"fields": ["region", "case_type", "regional_office", "office_zone", "rule_set"]}),
        ("Record", {"fields": ["created_at", "updated_at"], "classes": ["collapse"]}),
    ]

    @admin.display(description="Regional office")
    def regional_office(self, case: Case) -> str:
        return case.regional_office

    @admin.display(description="Filing cutoff zone")
    def office_zone(self, case: Case) -> str:
        return case.office_zone


class AppearanceInline(NoDeleteMixin, admin.TabularInline[Appearance, Party]):
    model = Appearance
    extra = 1
    autocomplete_fields = ["user"]


@admin.register(Party)
class PartyAdmin(NoDeleteMixin, SimpleHistoryAdmin):
    list_display = ["name", "role", "case"]
    list_filter = ["role"]
    search_fields = ["name", "case__number"]
    list_select_related = ["case"]
    inlines = [AppearanceInline]
    autocomplete_fields = ["case"]


@admin.register(Appearance)
class AppearanceAdmin(NoDeleteMixin, SimpleHistoryAdmin):
    list_display = ["user", "capacity", "party", "case_number"]
    list_filter = ["capacity"]
    search_fields = ["user__username", "party__name", "party__case__number"]
    list_select_related = ["user", "party__case"]
    autocomplete_fields = ["user", "party"]

    @admin.display(description="Case", ordering="party__case__number")
    def case_number(self, appearance: Appearance) -> str:
        return appearance.party.case.number


class TallyInline(admin.TabularInline[Tally, Election]):
    model = Tally
    extra = 0
    can_delete = False
    fields = (
        "revision",
        "prepared_at",
        "votes_for",
        "votes_against",
        "void",
        "challenged",
        "valid_votes_counted",
        "result",
        "challenges_determinative",
    )
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # tallies are recorded through "Add tally", which numbers the revision

    @admin.display(description="Valid votes")
    def valid_votes_counted(self, tally: Tally) -> int:
        return tally.assessment.valid_votes_counted

    @admin.display(description="Result")
    def result(self, tally: Tally) -> str:
        return str(tally.assessment.result)

    @admin.display(description="Challenges determinative", boolean=True)
    def challenges_determinative(self, tally: Tally) -> bool:
        return tally.assessment.challenges_determinative


@admin.register(Election)
class ElectionAdmin(NoDeleteMixin, SimpleHistoryAdmin):
    list_display = ["__str__", "kind", "mode", "count_on", "latest_result"]
    list_filter = ["kind", "mode", "case__region"]
    search_fields = ["case__number", "case__name"]
    list_select_related = ["case"]
    inlines = [TallyInline]
    autocomplete_fields = ["case"]
    readonly_fields = ["latest_tally_explanation", "ledger"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Election]:
        return cast(QuerySet[Election], super().get_queryset(request).prefetch_related("tallies"))

    @admin.display(description="Latest result")
    def latest_result(self, election: Election) -> str:
        tally = election.latest_tally
        return str(tally.assessment.result) if tally else "awaiting tally"

    @admin.display(description="Challenged ballots")
    def ledger(self, election: Election) -> str:
        # By URL name: the ledger lives in the challenges app, above this one.
        if not election.pk:
            return "—"
        url = reverse("admin:challenges_electionledger_change", args=[election.pk])
        return format_html('<a href="{}">The ledger: pending, determinative, open and count</a>', url)

    @admin.display(description="Latest tally")
    def latest_tally_explanation(self, election: Election) -> str:
        tally = election.latest_tally
        return tally.assessment.explanation if tally else "No tally yet."


class TallyForm(forms.ModelForm[Tally]):
    """Checks the figures with the same rules as the API, so a bad tally is a form error, not a 500."""

    class Meta:
        model = Tally
        fields = ["election", "prepared_at", "votes_for", "votes_against", "void", "challenged"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        election = cleaned.get("election")
        if election is not None and "votes_for" in cleaned:
            try:
                cleaned["votes_for"] = services.check_votes_for(election, cleaned["votes_for"])
            except RuleViolation as exc:
                self.add_error("votes_for", exc.message)
        prepared_at = cleaned.get("prepared_at")
        if election is not None and prepared_at is not None and not self.instance.pk:
            latest = election.tallies.order_by("-revision").first()
            if latest is not None and prepared_at < latest.prepared_at:
                self.add_error(
                    "prepared_at",
                    f"Revision {latest.revision} was prepared later "
                    f"({local_time(latest.prepared_at, election.case.office_zone)}).",
                )
        return cleaned


@admin.register(Tally)
class TallyAdmin(NoDeleteMixin, SimpleHistoryAdmin):
    form = TallyForm
    list_display = ["election", "revision", "prepared_at", "votes_against", "challenged", "result"]
    list_select_related = ["election__case"]
    search_fields = ["election__case__number"]
    autocomplete_fields = ["election"]
    readonly_fields = ["revision", "explanation"]

    @admin.display(description="Result")
    def result(self, tally: Tally) -> str:
        return str(tally.assessment.result)

    @admin.display(description="Arithmetic")
    def explanation(self, tally: Tally) -> str:
        return tally.assessment.explanation if tally.pk else "—"

    def save_model(self, request: HttpRequest, obj: Tally, form: Any, change: bool) -> None:
        if change:
            stamp(obj, request.user)
            super().save_model(request, obj, form, change)
            return
        saved = services.tally_record(
            election=obj.election,
            prepared_at=obj.prepared_at,
            votes_for=obj.votes_for,
            votes_against=obj.votes_against,
            void=obj.void,
            challenged=obj.challenged,
            actor=request.user,
        )
        obj.pk, obj.revision = saved.pk, saved.revision


@admin.register(Notification)
class NotificationAdmin(NoDeleteMixin, admin.ModelAdmin[Notification]):
    list_display = ["subject", "recipient", "case", "created_at", "sent_at", "attempts"]
    list_filter = ["sent_at"]
    search_fields = ["subject", "recipient__username", "key"]
    list_select_related = ["recipient", "case"]
    readonly_fields = ["recipient", "case", "key", "subject", "body", "created_at", "sent_at", "attempts"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


admin.site.site_header = "nlrb-tracker — staff"
admin.site.site_title = "nlrb-tracker"
admin.site.index_title = "Representation cases after the ballots are cast"
