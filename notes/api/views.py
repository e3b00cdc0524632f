"""Thin views of notes, the case history and the CSV exports. What the path names is resolved within the
caller's cases first (404), a note the caller may not read is the same 404 as a missing one, then who may
act (403), then the input (400)."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.http import Http404, StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from challenges.api.scoping import ChallengeScopedMixin
from challenges.models import Challenge
from core import clock
from core.api import schema
from core.api.office_time import case_context
from core.api.permissions import StaffOnly
from core.api.renderers import CSVRenderer
from core.api.scoping import bounded_id
from elections.api.scoping import CaseConditionalRead, CaseScopedMixin, ListConditionalRead
from elections.models import Case
from notes import exports, history, selectors, services
from notes.api.filters import NoteFilter, SubjectNoteFilter
from notes.api.serializers import (
    HistoryEntrySerializer,
    NoteInputSerializer,
    NotePatchSerializer,
    NoteSerializer,
    NoteVersionSerializer,
)
from notes.models import Note
from objections.api.scoping import ObjectionScopedMixin
from objections.models import Objection

THROTTLED = OpenApiResponse(schema.Detail, description="Too many requests: retry after the time given")


def _reading(ok: Any) -> dict[int, Any]:
    return schema.reading(ok, extra={429: THROTTLED})


def _writing(ok: Any, status: int = 201) -> dict[int, Any]:
    return schema.writing(ok, status=status, extra={429: THROTTLED})


class SubjectNotesView(generics.ListAPIView[Note]):
    """Notes on one subject that the caller may read (GET), and a new note on it (POST)."""

    permission_classes = [IsAuthenticated]
    serializer_class = NoteSerializer
    filterset_class = SubjectNoteFilter

    def subject(self) -> tuple[Case, Challenge | None, Objection | None]:
        raise NotImplementedError

    def check_permissions(self, request: Request) -> None:
        if request.user and request.user.is_authenticated:
            self.subject()  # 404 before 403 or 400
        super().check_permissions(request)

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return Note.objects.none()
        case, challenge, objection = self.subject()
        return selectors.notes_for(self.request.user).filter(
            case=case, challenge=challenge, objection=objection
        )

    @extend_schema(responses=_reading(NoteSerializer(many=True)))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=NoteInputSerializer,
        responses=_writing(NoteSerializer),
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        visibility = request.data.get("visibility") if isinstance(request.data, dict) else None
        services.note_authorize_create(actor=request.user, visibility=visibility)
        case, challenge, objection = self.subject()
        data = NoteInputSerializer(data=request.data, context=case_context(case))
        data.is_valid(raise_exception=True)
        note = services.note_create(
            case=case, challenge=challenge, objection=objection, actor=request.user, **data.validated_data
        )
        note = selectors.notes_for(request.user).get(pk=note.pk)
        return Response(NoteSerializer(note).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["notes"])
class CaseNotesView(CaseConditionalRead, SubjectNotesView):
    def subject(self) -> tuple[Case, Challenge | None, Objection | None]:
        return self.case, None, None


@extend_schema(tags=["notes"])
class ChallengeNotesView(ChallengeScopedMixin, SubjectNotesView):
    def subject(self) -> tuple[Case, Challenge | None, Objection | None]:
        return self.challenge.election.case, self.challenge, None


@extend_schema(tags=["notes"])
class ObjectionNotesView(ObjectionScopedMixin, SubjectNotesView):
    def subject(self) -> tuple[Case, Challenge | None, Objection | None]:
        return self.objection.election.case, None, self.objection


@extend_schema(tags=["notes"])
class NoteListView(ListConditionalRead, generics.ListAPIView[Note]):
    """Every note the caller may read, oldest first; `case` gives every note under one case."""

    permission_classes = [IsAuthenticated]
    serializer_class = NoteSerializer
    filterset_class = NoteFilter

    def get_queryset(self) -> Any:
        return selectors.notes_for(self.request.user)

    @extend_schema(responses=_reading(NoteSerializer(many=True)))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class ReadableNoteMixin:
    kwargs: Any
    request: Any

    @cached_property
    def note(self) -> Note:
        note = selectors.notes_for(self.request.user).filter(pk=bounded_id(self.kwargs["note_id"])).first()
        if note is None:
            raise Http404  # the same answer for a note that is not there and one the caller may not read
        return note

    def check_permissions(self, request: Request) -> None:
        if request.user and request.user.is_authenticated:
            _ = self.note
        super().check_permissions(request)  # type: ignore[misc]


@extend_schema(tags=["notes"])
class NoteDetailView(ReadableNoteMixin, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=_reading(NoteSerializer))
    def get(self, request: Request, note_id: int) -> Response:
        return Response(NoteSerializer(self.note).data)

    @extend_schema(
        request=NotePatchSerializer,
        responses=_writing(NoteSerializer, status=200),
    )
    def patch(self, request: Request, note_id: int) -> Response:
        services.note_authorize_edit(note=self.note, actor=request.user)
        data = NotePatchSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        note = services.note_edit(note=self.note, actor=request.user, **data.validated_data)
        return Response(NoteSerializer(selectors.notes_for(request.user).get(pk=note.pk)).data)


@extend_schema(tags=["notes"])
class NoteHistoryView(ReadableNoteMixin, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses=_reading(NoteVersionSerializer(many=True)),
    )
    def get(self, request: Request, note_id: int) -> Response:
        versions = selectors.note_history(self.note)
        context = {"office_zone": self.note.case.office_zone}
        return Response(NoteVersionSerializer(versions, many=True, context=context).data)


@extend_schema(tags=["history"])
class CaseHistoryView(CaseConditionalRead, generics.GenericAPIView[Any]):
    """Every change to the case and everything under it, oldest first (Board staff)."""

    permission_classes = [StaffOnly]
    serializer_class = HistoryEntrySerializer

    def get_queryset(self) -> Any:
        return Note.objects.none()  # built by notes.history, not a queryset of one model

    @extend_schema(
        responses=_reading(HistoryEntrySerializer(many=True)) | {403: schema.FORBIDDEN},
    )
    def get(self, request: Request, number: str) -> Response:
        page = self.paginate_queryset(history.changes_under(self.case))
        assert page is not None
        return self.get_paginated_response(
            HistoryEntrySerializer(history.entries(page, zone=self.case.office_zone), many=True).data
        )


@extend_schema(
    tags=["exports"],
    parameters=[
        OpenApiParameter(
            "kind",
            OpenApiTypes.STR,
            OpenApiParameter.PATH,
            enum=sorted(exports.KINDS),
            description="What to export",
        )
    ],
    responses={
        (200, "text/csv"): OpenApiResponse(
            OpenApiTypes.STR,
            description="CSV (UTF-8), streamed. Date-times in the regional office's zone, named in the column "
            "header and in each value. Text that a spreadsheet would run as a formula starts with `'`.",
        ),
        400: schema.BAD_REQUEST,
        401: schema.UNAUTHENTICATED,
        403: schema.FORBIDDEN,
        404: schema.NOT_FOUND,
        429: THROTTLED,
    },
)
class CaseExportView(CaseScopedMixin, APIView):
    """The case's challenges, objections, deadlines, timeline or notes as CSV: what the caller may read."""

    permission_classes = [IsAuthenticated]
    # ``Accept: text/csv`` is what an export is: served, not refused (a refusal then comes as CSV too).
    renderer_classes = [JSONRenderer, BrowsableAPIRenderer, CSVRenderer]

    def get(self, request: Request, number: str, kind: str) -> StreamingHttpResponse:
        if kind not in exports.KINDS:
            raise Http404
        case = self.case
        today = clock.today(case.office_zone)
        response = StreamingHttpResponse(
            exports.stream(kind, case=case, user=request.user), content_type="text/csv; charset=utf-8"
        )
        filename = f"{case.number}-{kind}-{today.isoformat()}.csv"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        response["Cache-Control"] = "private, no-store"
        return response
