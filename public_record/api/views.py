"""``POST cases/import/`` (staff): import one case from the configured public-record file, in the
background; ``GET cases/import/{id}/``: how it went."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.generics import get_object_or_404
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import schema
from core.api.permissions import StaffOnly
from core.api.scoping import bounded_id
from public_record import services
from public_record.api.serializers import ImportRequestSerializer, ImportRunSerializer
from public_record.models import ImportRun


@extend_schema(tags=["public record"])
class CaseImportView(APIView):
    permission_classes = [StaffOnly]

    @extend_schema(
        request=ImportRequestSerializer,
        responses=schema.writing(
            OpenApiResponse(ImportRunSerializer, description="Queued: GET status_url to follow it"),
            status=202,
        ),
    )
    def post(self, request: Request) -> Response:
        data = ImportRequestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        run = services.import_run_request(number=data.validated_data["number"], actor=request.user)
        run.refresh_from_db()
        body = ImportRunSerializer(run, context={"request": request}).data
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["status_url"]})


@extend_schema(tags=["public record"])
class ImportRunView(APIView):
    permission_classes = [StaffOnly]

    @extend_schema(responses=schema.reading(ImportRunSerializer, extra={403: schema.FORBIDDEN}))
    def get(self, request: Request, run_id: int) -> Response:
        run = get_object_or_404(ImportRun.objects.select_related("requested_by"), pk=bounded_id(run_id))
        return Response(ImportRunSerializer(run, context={"request": request}).data)
