"""Thin views: resolve the parent within the caller's cases (404 before 403), ask the service who may act
(its ``*_authorize_*`` check, so that a 403 comes before a 400 about the body; the service checks again
itself), validate with an input serializer, call a service, answer with the output serializer. Domain errors
become HTTP in ``core.api.errors``."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core import clock
from core.api import schema
from core.api.office_time import case_context, said_in_zone
from core.api.permissions import StaffOnly
from core.errors import RuleViolation
from elections.api.scoping import ElectionScopedMixin, ListConditionalRead
from objections import selectors, services
from objections.api.filters import ObjectionFilter
from objections.api.scoping import ObjectionScopedMixin
from objections.api.serializers import (
    ObjectionConfirmFilingInputSerializer,
    ObjectionInputSerializer,
    ObjectionRulingInputSerializer,
    ObjectionSerializer,
    ObjectionWithdrawInputSerializer,
    OfferOfProofExtendInputSerializer,
    OfferOfProofFileInputSerializer,
    RulingRecordedSerializer,
)
from objections.models import Objection


def _fresh(request: Request, objection: Objection, context: dict[str, Any] | None = None) -> Response:
    """The objection as the caller now reads it; ``context``: the input's, whose times read on the office's
    clock the answer's ``explanation`` names."""
    objection = selectors.objections_for(request.user).get(pk=objection.pk)
    return Response(said_in_zone(ObjectionSerializer(objection).data, context or {}))


class ObjectionScopedView(ObjectionScopedMixin, APIView):
    """For views under ``objections/{id}/``: ``self.objection`` is visible to the caller or a 404."""


@extend_schema(tags=["objections"])
class ElectionObjectionListView(ElectionScopedMixin, generics.ListCreateAPIView[Objection]):
    """Objections to one election: every party of the case sees them all (they are served on all parties);
    counsel file for their own party, staff for any party."""

    permission_classes = [IsAuthenticated]
    serializer_class = ObjectionSerializer
    filterset_class = ObjectionFilter

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return Objection.objects.none()
        return selectors.objections_of(self.election)

    def get_serializer_class(self) -> Any:
        # The browsable API's form shows what a filing takes, not what the list shows.
        if getattr(self, "request", None) is not None and self.request.method == "POST":
            return ObjectionInputSerializer
        return ObjectionSerializer

    @extend_schema(responses=schema.reading(ObjectionSerializer(many=True)))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=ObjectionInputSerializer,
        responses=schema.writing(ObjectionSerializer),
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        election = self.election
        services.objection_authorize_file(election=election, actor=request.user)  # 403 before a 400
        context = case_context(election.case)
        data = ObjectionInputSerializer(data=request.data, context=context)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        party = election.case.parties.filter(pk=fields.pop("filed_by")).first()
        if party is None:
            raise RuleViolation(
                "filed_by",
                f"Party {data.validated_data['filed_by']} is not a party to {election.case.number}.",
            )
        stated = fields.pop("filed_at", None)
        try:
            objection = services.objection_file(
                election=election,
                filed_by=party,
                filed_at=stated or clock.now(),
                actor=request.user,
                **fields,
            )
        except RuleViolation as refused:
            if stated is None and refused.field == "filed_at":
                # The caller sent no filed_at: say the time refused is now, not a time they gave.
                raise RuleViolation(
                    "filed_at", f"No filed_at was given, so the filing time is now. {refused.message}"
                ) from None
            raise
        objection = selectors.objections_for(request.user).get(pk=objection.pk)
        return Response(
            said_in_zone(ObjectionSerializer(objection).data, context), status=status.HTTP_201_CREATED
        )


@extend_schema(tags=["objections"])
class ObjectionListView(ListConditionalRead, generics.ListAPIView[Objection]):
    same_for_every_reader = True  # a case's list is the same for all who see it: no note, no own deadline
    permission_classes = [IsAuthenticated]
    serializer_class = ObjectionSerializer
    filterset_class = ObjectionFilter

    def get_queryset(self) -> Any:
        return selectors.objections_for(self.request.user)

    @extend_schema(responses=schema.reading(ObjectionSerializer(many=True)))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


@extend_schema(tags=["objections"])
class ObjectionDetailView(ObjectionScopedView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=schema.reading(ObjectionSerializer))
    def get(self, request: Request, objection_id: int) -> Response:
        return Response(ObjectionSerializer(self.objection).data)


@extend_schema(tags=["objections"])
class RulingCreateView(ObjectionScopedView):
    permission_classes = [StaffOnly]

    @extend_schema(
        request=ObjectionRulingInputSerializer,
        responses=schema.writing(RulingRecordedSerializer),
    )
    def post(self, request: Request, objection_id: int) -> Response:
        data = ObjectionRulingInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        ruling = services.ruling_record(objection=self.objection, actor=request.user, **data.validated_data)
        return Response(RulingRecordedSerializer(ruling).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["objections"])
class ObjectionWithdrawView(ObjectionScopedView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ObjectionWithdrawInputSerializer,
        responses=schema.writing(ObjectionSerializer, status=200),
    )
    def post(self, request: Request, objection_id: int) -> Response:
        services.objection_authorize_withdraw(objection=self.objection, actor=request.user)  # before a 400
        context = case_context(self.objection.election.case)
        data = ObjectionWithdrawInputSerializer(data=request.data, context=context)
        data.is_valid(raise_exception=True)
        objection = services.objection_withdraw(
            objection=self.objection, actor=request.user, **data.validated_data
        )
        return _fresh(request, objection, context)


@extend_schema(tags=["objections"])
class ObjectionConfirmFilingView(ObjectionScopedView):
    permission_classes = [StaffOnly]

    @extend_schema(
        request=ObjectionConfirmFilingInputSerializer,
        responses=schema.writing(ObjectionSerializer, status=200),
    )
    def post(self, request: Request, objection_id: int) -> Response:
        data = ObjectionConfirmFilingInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        objection = services.objection_confirm_filing(
            objection=self.objection, actor=request.user, **data.validated_data
        )
        return _fresh(request, objection)


@extend_schema(tags=["objections"])
class OfferOfProofExtendView(ObjectionScopedView):
    permission_classes = [StaffOnly]

    @extend_schema(
        request=OfferOfProofExtendInputSerializer,
        responses=schema.writing(ObjectionSerializer, status=200),
    )
    def post(self, request: Request, objection_id: int) -> Response:
        context = case_context(self.objection.election.case)
        data = OfferOfProofExtendInputSerializer(data=request.data, context=context)
        data.is_valid(raise_exception=True)
        objection = services.offer_of_proof_extend(
            objection=self.objection, actor=request.user, **data.validated_data
        )
        return _fresh(request, objection, context)


@extend_schema(tags=["objections"])
class OfferOfProofFileView(ObjectionScopedView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=OfferOfProofFileInputSerializer,
        responses=schema.writing(ObjectionSerializer, status=200),
    )
    def post(self, request: Request, objection_id: int) -> Response:
        services.offer_of_proof_authorize_file(objection=self.objection, actor=request.user)  # before a 400
        context = case_context(self.objection.election.case)
        data = OfferOfProofFileInputSerializer(data=request.data, context=context)
        data.is_valid(raise_exception=True)
        objection = services.offer_of_proof_file(
            objection=self.objection,
            actor=request.user,
            filed_at=data.validated_data.get("filed_at") or clock.now(),
        )
        return _fresh(request, objection, context)
