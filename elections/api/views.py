"""Thin views: scope to the caller, validate with an input serializer, call a service, answer with
the output serializer. Errors become HTTP in ``core.api.errors``."""

from __future__ import annotations

from typing import Any

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import schema
from core.api.office_time import case_context, said_in_zone
from core.api.permissions import StaffOnly, StaffWritesOnly
from core.api.scoping import bounded_id
from core.errors import RuleViolation
from elections import selectors, services
from elections.api.filters import CaseFilter, ElectionFilter
from elections.api.scoping import (
    CaseConditionalRead,
    CaseScopedMixin,
    ElectionScopedMixin,
    ListConditionalRead,
    visible_case_or_404,
)
from elections.api.serializers import (
    AppearanceInputSerializer,
    AppearanceSerializer,
    CaseInputSerializer,
    CasePatchSerializer,
    CaseSerializer,
    ElectionInputSerializer,
    ElectionPatchSerializer,
    ElectionSerializer,
    PartyInputSerializer,
    PartySerializer,
    TallyInputSerializer,
    TallySerializer,
)
from elections.law import tally as tally_law
from elections.models import Appearance, Case, Election, Party, Tally


@extend_schema(tags=["cases"])
class CaseListView(ListConditionalRead, generics.ListCreateAPIView[Case]):
    by_case = False  # not a filter of this list
    permission_classes = [StaffWritesOnly]
    serializer_class = CaseSerializer
    filterset_class = CaseFilter

    def get_queryset(self) -> Any:
        return selectors.cases_for(self.request.user).order_by("-petition_filed_on", "number")

    @extend_schema(responses=schema.reading(CaseSerializer(many=True)))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(request=CaseInputSerializer, responses=schema.writing(CaseSerializer))
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = CaseInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        case = services.case_create(**data.validated_data, actor=request.user)
        case = selectors.cases_for(request.user).get(pk=case.pk)
        return Response(CaseSerializer(case).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["cases"])
class CaseDetailView(CaseConditionalRead, APIView):
    permission_classes = [StaffWritesOnly]

    @extend_schema(responses=schema.reading(CaseSerializer))
    def get(self, request: Request, number: str) -> Response:
        return Response(CaseSerializer(selectors.with_case_details(self.case)).data)

    @extend_schema(request=CasePatchSerializer, responses=schema.writing(CaseSerializer, status=200))
    def patch(self, request: Request, number: str) -> Response:
        data = CasePatchSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        case = services.case_update(case=self.case, actor=request.user, **data.validated_data)
        return Response(CaseSerializer(selectors.with_case_details(case)).data)


@extend_schema(tags=["cases"])
class PartyListView(CaseConditionalRead, generics.ListCreateAPIView[Party]):
    permission_classes = [StaffWritesOnly]
    serializer_class = PartySerializer
    pagination_class = None

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):  # schema generation has no case
            return Party.objects.none()
        return self.case.parties.order_by("id").prefetch_related("counsel")

    @extend_schema(responses=schema.reading(PartySerializer(many=True)))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(request=PartyInputSerializer, responses=schema.writing(PartySerializer))
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = PartyInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        party = services.party_create(case=self.case, actor=request.user, **data.validated_data)
        return Response(PartySerializer(party).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["cases"])
class AppearanceListView(CaseConditionalRead, generics.ListCreateAPIView[Any]):
    permission_classes = [StaffWritesOnly]
    serializer_class = AppearanceSerializer
    pagination_class = None

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return Appearance.objects.none()
        return selectors.appearances_in(self.case)

    @extend_schema(responses=schema.reading(AppearanceSerializer(many=True)))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(request=AppearanceInputSerializer, responses=schema.writing(AppearanceSerializer))
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = AppearanceInputSerializer(data=request.data, context=case_context(self.case))
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        party_id = fields.pop("party")
        party = self.case.parties.filter(pk=party_id).first()
        if party is None:
            raise RuleViolation("party", f"Party {party_id} is not a party to {self.case.number}.")
        appearance = services.appearance_create(party=party, actor=request.user, **fields)
        return Response(AppearanceSerializer(appearance).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["cases"])
class AppearanceDetailView(CaseScopedMixin, APIView):
    permission_classes = [StaffOnly]

    @extend_schema(
        request=None,
        responses=schema.writing(None, status=204),
    )
    def delete(self, request: Request, number: str, appearance_id: int) -> Response:
        appearance = selectors.appearances_in(self.case).filter(pk=bounded_id(appearance_id)).first()
        if appearance is None:
            raise Http404
        services.appearance_end(appearance=appearance, actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema(tags=["elections"])
class ElectionListView(generics.ListCreateAPIView[Election]):
    permission_classes = [StaffWritesOnly]
    serializer_class = ElectionSerializer
    filterset_class = ElectionFilter

    def get_queryset(self) -> Any:
        return selectors.elections_for(self.request.user)

    @extend_schema(responses=schema.reading(ElectionSerializer(many=True)))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(request=ElectionInputSerializer, responses=schema.writing(ElectionSerializer))
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = ElectionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        number = fields.pop("case")
        try:
            case = visible_case_or_404(request.user, number)
        except Http404:  # only this: a database that is down must stay a 503, not become "no case"
            raise RuleViolation("case", f"No case {number!r} on the tracker.") from None
        election = services.election_create(case=case, actor=request.user, **fields)
        election = selectors.elections_for(request.user).get(pk=election.pk)
        return Response(ElectionSerializer(election).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["elections"])
class ElectionDetailView(ElectionScopedMixin, APIView):
    permission_classes = [StaffWritesOnly]

    @extend_schema(responses=schema.reading(ElectionSerializer))
    def get(self, request: Request, election_id: int) -> Response:
        election = selectors.elections_for(request.user).get(pk=self.election.pk)
        return Response(ElectionSerializer(election).data)

    @extend_schema(request=ElectionPatchSerializer, responses=schema.writing(ElectionSerializer, status=200))
    def patch(self, request: Request, election_id: int) -> Response:
        data = ElectionPatchSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.election_update(election=self.election, actor=request.user, **data.validated_data)
        election = selectors.elections_for(request.user).get(pk=self.election.pk)
        return Response(ElectionSerializer(election).data)


@extend_schema(tags=["elections"])
class TallyListView(ElectionScopedMixin, generics.ListCreateAPIView[Tally]):
    permission_classes = [StaffWritesOnly]
    serializer_class = TallySerializer

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return Tally.objects.none()
        return selectors.tallies_with_ledger_count(
            self.election.tallies.select_related("election__case").order_by("revision")
        )

    @extend_schema(responses=schema.reading(TallySerializer(many=True)))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(request=TallyInputSerializer, responses=schema.writing(TallySerializer))
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        context = case_context(self.election.case)
        data = TallyInputSerializer(data=request.data, context=context)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        election_id = fields.pop("election", None)
        case_number = fields.pop("case", None)
        if election_id is not None and election_id != self.election.pk:
            raise RuleViolation(
                "election", f"This tally is posted to election {self.election.pk}, not {election_id}."
            )
        if case_number is not None and case_number.strip().upper() != self.election.case.number:
            raise RuleViolation(
                "case",
                f"Election {self.election.pk} belongs to {self.election.case.number}, not {case_number}.",
            )
        if "votes_against" not in fields:
            if tally_law.against_on_ballot(kind=self.election.kind, unions=len(self.election.choices)):
                raise RuleViolation("votes_against", "This field is required.")
            fields["votes_against"] = 0
        tally = services.tally_record(election=self.election, actor=request.user, **fields)
        tally = selectors.tallies_with_ledger_count(Tally.objects.filter(pk=tally.pk)).get()
        return Response(said_in_zone(TallySerializer(tally).data, context), status=status.HTTP_201_CREATED)
