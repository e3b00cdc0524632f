"""The ledger's API: thin views that resolve what the path names within the caller's cases (404), check
who may act (403), validate the input (400) and call a service (409 for a step not allowed now)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import SAFE_METHODS, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from challenges import csv_import, selectors, services
from challenges.api.filters import ChallengeFilter, ElectionChallengeFilter
from challenges.api.scoping import ChallengeScopedMixin
from challenges.api.serializers import (
    CHALLENGE_COLUMNS,
    ChallengeImportResultSerializer,
    ChallengeImportSerializer,
    ChallengeInputSerializer,
    ChallengeMootResultSerializer,
    ChallengeResolveInputSerializer,
    ChallengeSerializer,
    ChallengeWithdrawInputSerializer,
    OpenAndCountInputSerializer,
)
from challenges.models import Challenge
from core.api import schema
from core.api.inputs import NoInput
from core.api.office_time import case_context, said_in_zone
from core.api.parsers import SafeFormParser, SafeMultiPartParser
from core.api.permissions import StaffOnly, is_staff
from elections.api.scoping import ElectionScopedMixin, ListConditionalRead
from elections.api.serializers import TallySerializer
from elections.selectors import counsel_party_ids


class MayLogChallenges(BasePermission):
    """Reading: anyone who sees the election. Logging: Board staff, or counsel for a party of the case
    (paralegals assist counsel but do not log challenges in a party's name)."""

    message = "Only counsel for a party, or Board staff, may log challenged ballots."

    def has_permission(self, request: Request, view: Any) -> bool:
        if not (request.user and request.user.is_authenticated):
            return False
        if request.method in SAFE_METHODS or is_staff(request.user):
            return True
        return bool(counsel_party_ids(request.user, view.election.case_id))


@extend_schema(tags=["challenges"])
class ElectionChallengeListView(ElectionScopedMixin, generics.ListAPIView[Challenge]):
    permission_classes = [MayLogChallenges]
    serializer_class = ChallengeSerializer
    filterset_class = ElectionChallengeFilter

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return Challenge.objects.none()
        return selectors.challenges_of(self.election).only(*CHALLENGE_COLUMNS)

    @extend_schema(responses=schema.reading(ChallengeSerializer(many=True)))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=ChallengeInputSerializer,
        responses=schema.writing(ChallengeSerializer),
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = ChallengeInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        challenge = services.challenge_log(election=self.election, actor=request.user, **data.validated_data)
        return Response(ChallengeSerializer(challenge).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["challenges"])
class ChallengeImportView(ElectionScopedMixin, APIView):
    permission_classes = [MayLogChallenges]
    parser_classes = [SafeMultiPartParser, SafeFormParser]

    @extend_schema(
        request={"multipart/form-data": ChallengeImportSerializer},
        responses=schema.writing(ChallengeImportResultSerializer),
    )
    def post(self, request: Request, election_id: int) -> Response:
        data = ChallengeImportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        upload = data.validated_data["file"]
        try:
            csv_import.check_size(upload.size)
            result = services.challenges_import(
                election=self.election, data=upload.read(), actor=request.user
            )
        except csv_import.CsvRejected as exc:
            raise ValidationError({"file": exc.errors}) from None
        except services.ImportRejected as exc:
            raise ValidationError({"file": exc.errors}) from None
        body = {
            "election": self.election.pk,
            "imported": result.count,
            "by_challenger": result.by_challenger(),
            "by_ground": result.by_ground(),
        }
        return Response(ChallengeImportResultSerializer(body).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["challenges"])
class ElectionMootView(ElectionScopedMixin, APIView):
    permission_classes = [StaffOnly]

    @extend_schema(
        request=NoInput,
        responses=schema.writing(ChallengeMootResultSerializer, status=200),
    )
    def post(self, request: Request, election_id: int) -> Response:
        NoInput(data=request.data).is_valid(raise_exception=True)  # a body says nothing here
        result = services.challenges_mark_moot(election=self.election, actor=request.user)
        body = {
            "election": self.election.pk,
            "mooted": len(result.challenges),
            "against_tally_revision": result.tally.revision,
        }
        return Response(ChallengeMootResultSerializer(body).data)


@extend_schema(tags=["challenges"])
class OpenAndCountView(ElectionScopedMixin, APIView):
    permission_classes = [StaffOnly]

    @extend_schema(
        request=OpenAndCountInputSerializer,
        responses=schema.writing(TallySerializer),
    )
    def post(self, request: Request, election_id: int) -> Response:
        context = case_context(self.election.case)
        data = OpenAndCountInputSerializer(data=request.data, context=context)
        data.is_valid(raise_exception=True)
        tally = services.challenges_open_and_count(
            election=self.election, actor=request.user, **data.validated_data
        )
        return Response(said_in_zone(TallySerializer(tally).data, context), status=status.HTTP_201_CREATED)


@extend_schema(tags=["challenges"])
class ChallengeListView(ListConditionalRead, generics.ListAPIView[Challenge]):
    same_for_every_reader = True  # a case's list is the same for all who see it: no note, no own deadline
    permission_classes = [IsAuthenticated]
    serializer_class = ChallengeSerializer
    filterset_class = ChallengeFilter

    def get_queryset(self) -> Any:
        return selectors.challenges_for(self.request.user).only(*CHALLENGE_COLUMNS)

    @extend_schema(responses=schema.reading(ChallengeSerializer(many=True)))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


@extend_schema(tags=["challenges"])
class ChallengeDetailView(ChallengeScopedMixin, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=schema.reading(ChallengeSerializer))
    def get(self, request: Request, challenge_id: int) -> Response:
        return Response(ChallengeSerializer(self.challenge).data)


@extend_schema(tags=["challenges"])
class ChallengeResolveView(ChallengeScopedMixin, APIView):
    permission_classes = [StaffOnly]

    @extend_schema(
        request=ChallengeResolveInputSerializer,
        responses=schema.writing(ChallengeSerializer, status=200),
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        data = ChallengeResolveInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.challenge_resolve(challenge_id=self.challenge.pk, actor=request.user, **data.validated_data)
        return Response(
            ChallengeSerializer(selectors.challenges_for(request.user).get(pk=self.challenge.pk)).data
        )


@extend_schema(tags=["challenges"])
class ChallengeWithdrawView(ChallengeScopedMixin, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ChallengeWithdrawInputSerializer,
        responses=schema.writing(ChallengeSerializer, status=200),
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        services.challenge_authorize_withdraw(
            challenge=self.challenge, actor=request.user
        )  # 403 before a 400 about the body
        data = ChallengeWithdrawInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.challenge_withdraw(challenge_id=self.challenge.pk, actor=request.user, **data.validated_data)
        return Response(
            ChallengeSerializer(selectors.challenges_for(request.user).get(pk=self.challenge.pk)).data
        )
