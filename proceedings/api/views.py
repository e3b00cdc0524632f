"""Thin views of the appeal ladder: scope to the caller (another party's case is a 404 before any permission
check), validate with an input serializer, call a service, answer with the output serializer."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.models import digest
from core.api import schema
from core.api.inputs import NoInput
from core.api.permissions import StaffWritesOnly
from core.api.renderers import CSVRenderer
from core.api.scoping import bounded_id
from elections.api.scoping import CaseConditionalRead, CaseScopedMixin, ListConditionalRead
from proceedings import calendar_feed, deadlines_csv, selectors, services
from proceedings.api.filters import DeadlineFilter, ProceedingEventFilter
from proceedings.api.serializers import (
    CalendarFeedSerializer,
    CaseStatusSerializer,
    DeadlineInputSerializer,
    DeadlineSerializer,
    ProceedingEventInputSerializer,
    ProceedingEventSerializer,
    TimelineItemSerializer,
    VoidInputSerializer,
)
from proceedings.models import CalendarFeed, Deadline, ProceedingEvent
from proceedings.selectors import case_status, case_timeline


def _settled(case: Any) -> None:
    """A read that finds a judge's recommended order took effect applies it first, through the service (the status and timeline reads; the lists keep their pinned queries)
    (102.48(a); ``services.recommended_orders_settle``), so what it shows is the record's."""
    if services.recommended_orders_settle(case=case):
        case.refresh_from_db()


@extend_schema(tags=["proceedings"])
class ProceedingListView(CaseConditionalRead, generics.ListCreateAPIView[ProceedingEvent]):
    """The events of the case's proceedings, oldest first (voided ones included, flagged)."""

    permission_classes = [StaffWritesOnly]
    serializer_class = ProceedingEventSerializer
    filterset_class = ProceedingEventFilter

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return ProceedingEvent.objects.none()
        return selectors.events_for_case(self.case)

    def get_serializer_context(self) -> dict[str, Any]:
        context = dict(super().get_serializer_context())
        if getattr(self, "swagger_fake_view", False):
            return context
        return {**context, "office_zone": self.case.office_zone}

    @extend_schema(responses=schema.reading(ProceedingEventSerializer(many=True)))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=ProceedingEventInputSerializer,
        responses=schema.writing(ProceedingEventSerializer),
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = ProceedingEventInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        event = services.event_record(case=self.case, actor=request.user, **data.validated_data)
        event = selectors.events_for_case(self.case).get(pk=event.pk)
        return Response(ProceedingEventSerializer(event).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["proceedings"])
class ProceedingVoidView(CaseScopedMixin, APIView):
    permission_classes = [StaffWritesOnly]

    @extend_schema(
        request=VoidInputSerializer,
        responses=schema.writing(ProceedingEventSerializer, status=200),
    )
    def post(self, request: Request, number: str, event_id: int) -> Response:
        event = ProceedingEvent.objects.filter(case=self.case, pk=bounded_id(event_id)).first()
        if event is None:
            raise Http404
        data = VoidInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.event_void(event=event, actor=request.user, **data.validated_data)
        event = selectors.events_for_case(self.case).get(pk=event.pk)
        return Response(ProceedingEventSerializer(event).data)


@extend_schema(tags=["proceedings"])
class CaseStatusView(CaseConditionalRead, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=schema.reading(CaseStatusSerializer))
    def get(self, request: Request, number: str) -> Response:
        _settled(self.case)
        context = {"office_zone": self.case.office_zone}
        return Response(CaseStatusSerializer(case_status(self.case, user=request.user), context=context).data)


@extend_schema(tags=["proceedings"])
class CaseTimelineView(CaseConditionalRead, generics.GenericAPIView[Any]):
    permission_classes = [IsAuthenticated]
    serializer_class = TimelineItemSerializer

    def get_queryset(self) -> Any:
        return ProceedingEvent.objects.none()  # built by proceedings.selectors.timeline, not a queryset

    @extend_schema(responses=schema.reading(TimelineItemSerializer(many=True)))
    def get(self, request: Request, number: str) -> Response:
        _settled(self.case)
        items = case_timeline(self.case)
        page = self.paginate_queryset(items)
        data = TimelineItemSerializer(page if page is not None else items, many=True).data
        return self.get_paginated_response(data) if page is not None else Response(data)


@extend_schema(tags=["deadlines"])
class CaseDeadlineListView(CaseConditionalRead, generics.ListCreateAPIView[Deadline]):
    """The case's deadlines; staff enter a deadline set by an order, which supersedes the live one."""

    permission_classes = [StaffWritesOnly]
    serializer_class = DeadlineSerializer
    filterset_class = DeadlineFilter

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return Deadline.objects.none()
        return selectors.deadlines_for(self.request.user).filter(case=self.case)

    @extend_schema(responses=schema.reading(DeadlineSerializer(many=True)))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(request=DeadlineInputSerializer, responses=schema.writing(DeadlineSerializer))
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = DeadlineInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        deadline = services.deadline_set(case=self.case, actor=request.user, **data.validated_data)
        deadline = selectors.deadlines_for(request.user).get(pk=deadline.pk)
        return Response(DeadlineSerializer(deadline).data, status=status.HTTP_201_CREATED)


@extend_schema(tags=["deadlines"])
class DeadlineListView(ListConditionalRead, generics.ListAPIView[Deadline]):
    """Deadlines across the caller's cases, soonest first; as CSV (every row) for ``Accept: text/csv``."""

    timed = True

    serializer_class = DeadlineSerializer
    filterset_class = DeadlineFilter
    # ``Accept: text/csv`` (or ``?format=csv``) is the paralegal's spreadsheet, served rather than a 406.
    renderer_classes = [JSONRenderer, BrowsableAPIRenderer, CSVRenderer]

    def get_queryset(self) -> Any:
        return selectors.deadlines_for(self.request.user)

    @extend_schema(
        responses={
            **schema.reading(DeadlineSerializer(many=True)),
            (200, "text/csv"): OpenApiResponse(
                OpenApiTypes.STR,
                description="Every deadline the filters select (no pages), one row each: case, case_name, "
                "label, code, party, due_on, due (office local time), zone, status, citation, rule_set, "
                "source, verified, desk. Each time is in its own case's office zone, named in the value.",
            ),
        }
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Any:  # a Response, or the streamed CSV
        if isinstance(request.accepted_renderer, CSVRenderer):
            shown = self.get_serializer()
            return deadlines_csv.response(
                self.filter_queryset(self.get_queryset()), lambda d: dict(shown.to_representation(d))
            )
        return super().get(request, *args, **kwargs)


@extend_schema(tags=["deadlines"])
class DeadlineDetailView(generics.RetrieveAPIView[Deadline]):
    serializer_class = DeadlineSerializer
    lookup_url_kwarg = "deadline_id"

    def get_queryset(self) -> Any:
        return selectors.deadlines_for(self.request.user)

    def get_object(self) -> Deadline:
        bounded_id(self.kwargs["deadline_id"])  # 404 for an id past the database's range
        return super().get_object()

    @extend_schema(responses=schema.reading(DeadlineSerializer))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


def _feed(feed: CalendarFeed) -> dict[str, Any]:
    token = feed.token
    assert token is not None, "calendar_feed_ensure and _rotate return a feed whose secret can be shown"
    return {"url": calendar_feed.feed_url(token), "created_at": feed.created_at}


@extend_schema(tags=["calendar"])
class CalendarView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses=schema.reading(CalendarFeedSerializer),
    )
    def get(self, request: Request) -> Response:
        return Response(CalendarFeedSerializer(_feed(services.calendar_feed_ensure(user=request.user))).data)


@extend_schema(tags=["calendar"])
class CalendarRotateView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=NoInput,
        responses=schema.writing(CalendarFeedSerializer),
    )
    def post(self, request: Request) -> Response:
        NoInput(data=request.data).is_valid(raise_exception=True)  # a body says nothing here
        feed = services.calendar_feed_rotate(user=request.user)
        return Response(CalendarFeedSerializer(_feed(feed)).data, status=status.HTTP_201_CREATED)


@extend_schema(
    tags=["calendar"],
    auth=[],
    responses={
        (200, "text/calendar"): OpenApiResponse(OpenApiTypes.STR, description="VCALENDAR of open deadlines"),
        404: schema.NOT_FOUND,
        429: schema.THROTTLED,
    },
)
class CalendarFeedView(APIView):
    """The feed itself: no authentication — the secret token in the URL is the credential."""

    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []

    def get(self, request: Request, token: str) -> HttpResponse:
        if not 20 <= len(token) <= 64 or not all(c.isascii() and (c.isalnum() or c in "-_") for c in token):
            raise Http404  # not a token we issue (a NUL or a surrogate would reach the database otherwise)
        feed = (
            CalendarFeed.objects.select_related("user")
            .filter(token_digest=digest(token), revoked_at__isnull=True)
            .first()
        )
        if feed is None or not feed.user.is_active:
            raise Http404
        response = HttpResponse(calendar_feed.build(feed.user), content_type="text/calendar; charset=utf-8")
        response["Content-Disposition"] = 'inline; filename="nlrb-deadlines.ics"'
        response["Cache-Control"] = "private, max-age=300"
        return response
