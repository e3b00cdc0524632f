"""One input shape per write (issue 34, item 3): every door of a write names the service's fields.

A write is one service (``<entity>_<verb>(*, …, actor)``); its doors are the API's input declaration (an
``InputSerializer``), the staff desk's form, the counsel desk's form and, for the ledger, the import's
columns. The API hands the service its validated data; the desks hand it what the declaration names
(``core.api.inputs.handed``). So each door's fields must be the service's keyword parameters, less what the
door's place gives (``given``: the case of the path, the election of the page; the signed-in user is the
``actor``) — and a field added to the service but left out of a door fails here, by the door and the
field's name. A door that takes a field in a shape of its own (a day and a time for a moment) says which
(``turned``); a field a door does not take is listed with the reason (``not_offered``), as is a form's
field that is no field of the write (``own``) and a parameter no door takes (``only_service``: the demo
loader's, the system's). An edit, whose service takes ``**changes``, holds its staff desk's page to the
API's edit (``EDITS``).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest
from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import RequestFactory

from challenges import csv_import
from challenges import services as challenge_services
from challenges.admin import OpenAndCountForm, ResolveForm
from challenges.api.serializers import (
    ChallengeInputSerializer,
    ChallengeResolveInputSerializer,
    ChallengeWithdrawInputSerializer,
    OpenAndCountInputSerializer,
)
from challenges.models import Challenge
from core.api.inputs import InputSerializer, input_names
from desk.filing_forms import EDITED_ELSEWHERE, FilingForm
from desk.forms import ChallengeForm, NoteForm, ObjectionForm
from elections import services as election_services
from elections.admin import AppearanceInline, PartyInline
from elections.api.serializers import (
    AppearanceInputSerializer,
    CaseInputSerializer,
    CasePatchSerializer,
    ElectionInputSerializer,
    ElectionPatchSerializer,
    PartyInputSerializer,
    TallyInputSerializer,
)
from elections.models import Appearance, Case, Election, Party, Tally
from filings import services as filing_services
from filings.admin import RulingForm
from filings.api.serializers import (
    DocumentInputSerializer,
    FilingConfirmFilingInputSerializer,
    FilingDraftInputSerializer,
    FilingFileInputSerializer,
    FilingInputSerializer,
    FilingRulingInputSerializer,
)
from notes import services as note_services
from notes.api.serializers import NoteInputSerializer, NotePatchSerializer
from objections import services as objection_services
from objections.admin import ExtendOfferForm, ReportRulingsForm, WithdrawForm
from objections.admin import FilingForm as ObjectionFilingForm
from objections.api.serializers import (
    ObjectionConfirmFilingInputSerializer,
    ObjectionInputSerializer,
    ObjectionRulingInputSerializer,
    ObjectionWithdrawInputSerializer,
    OfferOfProofExtendInputSerializer,
    OfferOfProofFileInputSerializer,
)
from proceedings import services as proceeding_services
from proceedings.admin import MarkMetForm, VoidForm
from proceedings.admin_forms import EventForm
from proceedings.api.serializers import (
    DeadlineInputSerializer,
    ProceedingEventInputSerializer,
    VoidInputSerializer,
)
from proceedings.models import Deadline
from tests.conftest import World

NOTIFY = "notify=False: the demo loader enters history without e-mail"
GAP = "NOT OFFERED YET, a known gap (issue 34): "


def _request() -> Any:
    request = RequestFactory().get("/admin/")
    request.user = get_user_model()(username="staff", is_staff=True, is_superuser=True)
    return request


def admin_add_form(model: type[Any]) -> Callable[[], set[str]]:
    """The fields of the staff desk's add page of ``model`` (its read-only fields are not the form's)."""

    def names() -> set[str]:
        return set(admin.site._registry[model].get_form(_request(), None).base_fields)

    return names


def inline_form(inline: type[Any], parent: type[Any]) -> Callable[[], set[str]]:
    def names() -> set[str]:
        return set(inline(parent, admin.site).get_formset(_request(), None).form.base_fields)

    return names


def form(form_class: type[forms.Form], *, without: tuple[str, ...] = ()) -> Callable[[], set[str]]:
    def names() -> set[str]:
        return set(form_class.base_fields) - set(without)

    return names


@dataclass(frozen=True)
class Door:
    """One door of a write: the names its form offers, a shape of its own for some (``turned``: the form's
    name → the input's), the service's fields it does not offer (``not_offered``) and the form's fields
    that are no field of the write (``own``), each with why."""

    names: Callable[[], set[str]]
    turned: Mapping[str, str] = field(default_factory=dict)
    not_offered: Mapping[str, str] = field(default_factory=dict)
    own: Mapping[str, str] = field(default_factory=dict)

    def offered(self, given: tuple[str, ...]) -> set[str]:
        """The service's fields this door hands it."""
        return {self.turned.get(name, name) for name in self.names() if name not in self.own} - set(given)


def declaration(input_class: type[InputSerializer]) -> Callable[[], set[str]]:
    """The fields of the API's input declaration."""
    return lambda: set(input_names(input_class))


@dataclass(frozen=True)
class Write:
    service: Callable[..., Any]
    given: tuple[str, ...]
    api: Door | None = None
    staff: Door | None = None
    desk: Door | None = None
    imports: Door | None = None
    only_service: Mapping[str, str] = field(default_factory=dict)

    def fields(self) -> set[str]:
        """The service's keyword parameters a caller fills from its input."""
        parameters = inspect.signature(self.service).parameters.values()
        named = {p.name for p in parameters if p.kind is inspect.Parameter.KEYWORD_ONLY}
        return named - {"actor", *self.given} - set(self.only_service)

    def doors(self) -> dict[str, Door]:
        doors = {
            "API's input": self.api,
            "staff desk's form": self.staff,
            "counsel desk's form": self.desk,
            "import's columns": self.imports,
        }
        return {name: door for name, door in doors.items() if door is not None}


CLOSED_BY_ITS_EVENT = "a case is closed only by the event that ends it (case_update)"
PDF = "the PDF, attached by document_attach in the same transaction"
LIVE = "the desk files in the case's live proceeding"

WRITES: dict[str, Write] = {
    "challenge_log": Write(
        challenge_services.challenge_log,
        given=("election",),
        api=Door(declaration(ChallengeInputSerializer)),
        staff=Door(admin_add_form(Challenge)),
        desk=Door(form(ChallengeForm)),
        # A CSV file of ballots (the API's import, the desk's batch, the admin's import), row by row.
        imports=Door(lambda: set(csv_import.COLUMNS)),
    ),
    "challenge_resolve": Write(
        challenge_services.challenge_resolve,
        given=("challenge_id",),
        api=Door(
            declaration(ChallengeResolveInputSerializer),
            not_offered={"basis": GAP + "the API contract (product.md) has no basis of a decision yet"},
        ),
    ),
    "challenges_resolve": Write(
        challenge_services.challenges_resolve,
        given=("challenge_ids",),
        staff=Door(form(ResolveForm)),
    ),
    "challenges_open_and_count": Write(
        challenge_services.challenges_open_and_count,
        given=("election",),
        api=Door(declaration(OpenAndCountInputSerializer)),
        staff=Door(
            form(OpenAndCountForm),
            turned={"prepared_on": "prepared_at", "prepared_time": "prepared_at"},
            not_offered={
                "votes_for": "one field per choice on the election's ballot (votes_for_0, …), "
                "gathered by form.votes_for()",
            },
        ),
    ),
    "challenge_withdraw": Write(
        challenge_services.challenge_withdraw,
        given=("challenge_id",),
        api=Door(declaration(ChallengeWithdrawInputSerializer)),
    ),
    "objection_file": Write(
        objection_services.objection_file,
        given=("election",),
        only_service={
            "notify": NOTIFY,
            "received_at": "history entered after the fact by the demo loader: the time the record gives",
        },
        api=Door(declaration(ObjectionInputSerializer)),
        staff=Door(
            form(ObjectionFilingForm),
            turned={
                "filed_on": "filed_at",
                "filed_time": "filed_at",
                "offer_filed_on": "offer_of_proof_filed_at",
                "offer_filed_time": "offer_of_proof_filed_at",
            },
        ),
        desk=Door(
            form(ObjectionForm),
            turned={"offer_of_proof": "offer_of_proof_filed_at"},
            not_offered={
                "number": "counsel's objections take their party's next number",
            },
        ),
    ),
    "ruling_record": Write(
        objection_services.ruling_record,
        given=("objection",),
        only_service={"notify": NOTIFY},
        api=Door(declaration(ObjectionRulingInputSerializer)),
    ),
    "rulings_record_batch": Write(
        objection_services.rulings_record_batch,
        given=(),
        only_service={"notify": NOTIFY},
        staff=Door(
            form(ReportRulingsForm),
            own={"default_disposition": "fills in each objection's disposition before the page is sent"},
            not_offered={
                "objections_dispositions": "one field per objection selected (disposition_<id>), "
                "gathered by the form's pairs",
            },
        ),
    ),
    "objection_withdraw": Write(
        objection_services.objection_withdraw,
        given=("objection",),
        only_service={"notify": NOTIFY},
        api=Door(declaration(ObjectionWithdrawInputSerializer)),
        staff=Door(
            form(WithdrawForm), turned={"withdrawn_on": "withdrawn_at", "withdrawn_time": "withdrawn_at"}
        ),
    ),
    "objection_confirm_filing": Write(
        objection_services.objection_confirm_filing,
        given=("objection",),
        only_service={"notify": NOTIFY},
        api=Door(declaration(ObjectionConfirmFilingInputSerializer)),
    ),
    "offer_of_proof_extend": Write(
        objection_services.offer_of_proof_extend,
        given=("objection",),
        only_service={"notify": NOTIFY},
        api=Door(declaration(OfferOfProofExtendInputSerializer)),
        staff=Door(form(ExtendOfferForm), turned={"until_on": "until", "until_time": "until"}),
    ),
    "offer_of_proof_file": Write(
        objection_services.offer_of_proof_file,
        given=("objection",),
        api=Door(declaration(OfferOfProofFileInputSerializer)),
    ),
    "filing_file": Write(
        filing_services.filing_file,
        given=("case",),
        only_service={"notify": NOTIFY},
        api=Door(declaration(FilingInputSerializer)),
        desk=Door(
            form(FilingForm),
            own={"file": PDF},
            not_offered={"election": LIVE, "state": "the button pressed: file it, or save a draft"},
        ),
    ),
    "filing_rule": Write(
        filing_services.filing_rule,
        given=("filing",),
        only_service={"notify": NOTIFY},
        api=Door(
            declaration(FilingRulingInputSerializer),
            turned={"details": "all_parties"},  # {"all_parties": true}, the ruling's details
        ),
        staff=Door(form(RulingForm)),
    ),
    "filing_draft_file": Write(
        filing_services.filing_draft_file,
        given=("filing",),
        only_service={"notify": NOTIFY},
        api=Door(declaration(FilingFileInputSerializer)),
    ),
    "filing_confirm": Write(
        filing_services.filing_confirm,
        given=("filing",),
        only_service={"notify": NOTIFY},
        api=Door(declaration(FilingConfirmFilingInputSerializer)),
    ),
    "document_attach": Write(
        filing_services.document_attach,
        given=("filing",),
        api=Door(declaration(DocumentInputSerializer), turned={"file": "upload"}),  # the file's content
    ),
    "event_record": Write(
        proceeding_services.event_record,
        given=("case",),
        only_service={
            "notify": NOTIFY,
            "party_filing": "set by filing_file when a party's filing records its ladder event",
        },
        api=Door(declaration(ProceedingEventInputSerializer)),
        staff=Door(
            form(EventForm),
            not_offered={
                "event": "chosen on the page before the form (?event=), which is built for it",
                "details": "the event's own fields, added by event_form_class and gathered by form.details()",
            },
        ),
    ),
    "event_void": Write(
        proceeding_services.event_void,
        given=("event",),
        only_service={"notify": NOTIFY},
        api=Door(declaration(VoidInputSerializer)),
        staff=Door(form(VoidForm)),
    ),
    "deadline_mark_met": Write(
        proceeding_services.deadline_mark_met,
        given=("deadline",),
        staff=Door(form(MarkMetForm)),
    ),
    "deadline_set": Write(
        proceeding_services.deadline_set,
        given=("case",),
        api=Door(declaration(DeadlineInputSerializer)),
        staff=Door(admin_add_form(Deadline)),
    ),
    "case_create": Write(
        election_services.case_create,
        given=(),
        api=Door(
            declaration(CaseInputSerializer),
            not_offered={"closed_on": CLOSED_BY_ITS_EVENT, "closing_reason": CLOSED_BY_ITS_EVENT},
        ),
        staff=Door(
            admin_add_form(Case),
            not_offered={
                "parties": "added below the case, each through party_create (PartyInline)",
                "closed_on": CLOSED_BY_ITS_EVENT,
                "closing_reason": CLOSED_BY_ITS_EVENT,
            },
        ),
    ),
    "party_create": Write(
        election_services.party_create,
        given=("case",),
        api=Door(declaration(PartyInputSerializer)),
        staff=Door(inline_form(PartyInline, Case)),
    ),
    "party_create, on the party's own page": Write(
        election_services.party_create,
        given=(),
        staff=Door(admin_add_form(Party)),
    ),
    "appearance_create": Write(
        election_services.appearance_create,
        given=(),
        api=Door(declaration(AppearanceInputSerializer)),
        staff=Door(admin_add_form(Appearance)),
    ),
    "appearance_create, on the party's page": Write(
        election_services.appearance_create,
        given=("party",),
        staff=Door(inline_form(AppearanceInline, Party)),
    ),
    "election_create": Write(
        election_services.election_create,
        given=(),
        api=Door(declaration(ElectionInputSerializer)),
        staff=Door(admin_add_form(Election)),
    ),
    "tally_record": Write(
        election_services.tally_record,
        given=("election",),
        api=Door(
            declaration(TallyInputSerializer),
            own={"election": "checked against the path's election", "case": "checked against its case"},
        ),
        staff=Door(
            admin_add_form(Tally),
            not_offered={
                "votes_for": "one field per choice on the chosen election's ballot (votes_for_0, …), "
                "gathered by form.votes_for()",
            },
        ),
    ),
    "note_edit": Write(
        note_services.note_edit,
        given=("note",),
        api=Door(declaration(NotePatchSerializer)),
    ),
    "note_create": Write(
        note_services.note_create,
        given=("case", "challenge", "objection"),
        api=Door(declaration(NoteInputSerializer)),
        desk=Door(
            form(NoteForm),
            not_offered={"party": "a side note for one of several parties the caller appears for: the API"},
        ),
    ),
}

# Writes whose service takes its fields as ``changes`` (each checked in the service): their doors are held
# to the API's declaration instead.
DECLARED: dict[str, tuple[type[InputSerializer], Door]] = {
    "filing_draft_update": (
        FilingDraftInputSerializer,
        Door(form(FilingForm, without=EDITED_ELSEWHERE), not_offered={"election": LIVE}, own={"file": PDF}),
    ),
}

DOORS = [(name, door) for name, write in WRITES.items() for door in write.doors()]


def _gaps(name: str, door: str, expected: set[str], offered: set[str]) -> None:
    assert offered - expected == set(), f"{name}: the {door} offers what the service does not take"
    assert expected - offered == set(), f"{name}: the {door} leaves these out (or say why)"


@pytest.mark.parametrize(("name", "door"), DOORS, ids=[f"{name}, {door}" for name, door in DOORS])
def test_each_door_of_a_write_names_the_services_fields(name: str, door: str) -> None:
    write = WRITES[name]
    shape = write.doors()[door]
    _gaps(name, door, write.fields() - set(shape.not_offered), shape.offered(write.given))


@pytest.mark.parametrize("name", list(DECLARED))
def test_a_changes_write_names_its_declarations_fields(name: str) -> None:
    input_class, door = DECLARED[name]
    _gaps(
        name, "counsel desk's form", set(input_names(input_class)) - set(door.not_offered), door.offered(())
    )


def test_a_field_left_out_of_a_door_fails_by_its_name() -> None:
    """The check can fail: a service that gained a field its doors do not offer is named, for each door."""
    log = WRITES["challenge_log"]
    assert len(log.doors()) == 4

    def challenge_log(**_: Any) -> None: ...

    challenge_log.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            *inspect.signature(challenge_services.challenge_log).parameters.values(),
            inspect.Parameter("ballot_box", inspect.Parameter.KEYWORD_ONLY, default=""),
        ]
    )
    grown = Write(challenge_log, given=log.given)
    for door, shape in log.doors().items():
        offered = shape.offered(log.given)
        with pytest.raises(AssertionError, match="leaves these out") as failed:
            _gaps("challenge_log", door, grown.fields(), offered)
        assert "'ballot_box'" in str(failed.value)


# Edits: the service takes ``**changes``, so a staff desk's edit page is held to the API's edit instead (the
# fields of the page the API's edit does not take, each with why).
EDITS: dict[str, tuple[type[Any], type[InputSerializer], Mapping[str, str]]] = {
    "case_update": (Case, CasePatchSerializer, {}),
    "party_update": (Party, PartyInputSerializer, {}),
    "election_update": (
        Election,
        ElectionPatchSerializer,
        {"kind": "staff correct the kind of election until its ballot is tallied; the API never changes it"},
    ),
}


@pytest.mark.django_db
@pytest.mark.parametrize("name", list(EDITS))
def test_each_edit_page_offers_what_the_apis_edit_takes(name: str, world: World) -> None:
    model, patch, staff_only = EDITS[name]
    row = {Case: world.case, Party: world.union, Election: world.election}[model]
    page = set(admin.site._registry[model].get_form(_request(), row, change=True).base_fields)
    _gaps(name, "staff desk's edit page", set(input_names(patch)) | set(staff_only), page)
