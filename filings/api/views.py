"""Thin views: resolve the record within the caller's cases (404 before 403), ask the service who may act
(a 403 before a 400 about the body), validate, call a service, answer with the output serializer."""

from __future__ import annotations

from typing import Any

from django.http import FileResponse, JsonResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core import clock
from core.api import schema
from core.api.parsers import SafeMultiPartParser
from core.api.permissions import StaffOnly
from core.errors import RuleViolation
from elections.api.scoping import CaseScopedMixin
from filings import selectors, services
from filings.api import uploads
from filings.api.filters import FilingFilter
from filings.api.scoping import DocumentScopedMixin, FilingScopedMixin
from filings.api.serializers import (
    DocumentInputSerializer,
    DocumentSerializer,
    FilingConfirmFilingInputSerializer,
    FilingDraftInputSerializer,
    FilingFileInputSerializer,
    FilingInputSerializer,
    FilingRulingInputSerializer,
    FilingSerializer,
)
from filings.models import Document, Filing

PDF_DOWNLOAD: dict[Any, Any] = {
    (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="The PDF, as an attachment"),
    **{code: answer for code, answer in schema.reading(None).items() if code != 200},
}
TOO_LARGE = OpenApiResponse(schema.Detail, description="The file is larger than the document limit (25 MB)")


def _fresh(request: Request, filing: Filing, code: int = 200) -> Response:
    filing = selectors.filings_for(request.user).get(pk=filing.pk)
    return Response(FilingSerializer(filing).data, status=code)


@extend_schema(tags=["filings"])
class CaseFilingListView(CaseScopedMixin, generics.ListCreateAPIView[Filing]):
    permission_classes = [IsAuthenticated]
    serializer_class = FilingSerializer
    filterset_class = FilingFilter

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):
            return Filing.objects.none()
        return selectors.filings_for(self.request.user).filter(case=self.case)

    def get_serializer_class(self) -> Any:
        if getattr(self, "request", None) is not None and self.request.method == "POST":
            return FilingInputSerializer
        return FilingSerializer

    @extend_schema(responses=schema.reading(FilingSerializer(many=True)))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(request=FilingInputSerializer, responses=schema.writing(FilingSerializer))
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        case = self.case
        services.filing_authorize_file(case=case, actor=request.user)  # 403 before a 400
        data = FilingInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        party_id = fields.pop("party")
        party = case.parties.filter(pk=party_id).first()
        if party is None:
            raise RuleViolation(
                "party",
                f"Party {party_id} is not a party of {case.number} (ids in cases/{case.number}/parties/).",
            )
        filed_at = fields.pop("filed_at", None) or clock.now()
        filing = services.filing_file(case=case, party=party, filed_at=filed_at, actor=request.user, **fields)
        return _fresh(request, filing, status.HTTP_201_CREATED)


@extend_schema(tags=["filings"])
class FilingListView(generics.ListAPIView[Filing]):
    permission_classes = [IsAuthenticated]
    serializer_class = FilingSerializer
    filterset_class = FilingFilter

    def get_queryset(self) -> Any:
        return selectors.filings_for(self.request.user)

    @extend_schema(responses=schema.reading(FilingSerializer(many=True)))
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


@extend_schema(tags=["filings"])
class FilingDetailView(FilingScopedMixin, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=schema.reading(FilingSerializer))
    def get(self, request: Request, filing_id: int) -> Response:
        return Response(FilingSerializer(self.filing).data)

    @extend_schema(request=FilingDraftInputSerializer, responses=schema.writing(FilingSerializer, status=200))
    def patch(self, request: Request, filing_id: int) -> Response:
        """Edit a draft of the caller's own side (a paper filed → 409; another side's draft → 404)."""
        services.filing_authorize_draft(filing=self.filing, actor=request.user)  # 403 before a 400
        data = FilingDraftInputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        filing = services.filing_draft_update(
            filing=self.filing, changes=dict(data.validated_data), actor=request.user
        )
        return _fresh(request, filing)


@extend_schema(tags=["filings"])
class FilingFileView(FilingScopedMixin, APIView):
    """A draft becomes a paper of the case: received now, served, noticed, on the docket and the queue."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=FilingFileInputSerializer, responses=schema.writing(FilingSerializer, status=200))
    def post(self, request: Request, filing_id: int) -> Response:
        services.filing_authorize_draft(filing=self.filing, actor=request.user)  # 403 before a 400
        data = FilingFileInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        filing = services.filing_draft_file(filing=self.filing, actor=request.user, **data.validated_data)
        return _fresh(request, filing)


@extend_schema(tags=["filings"])
class FilingRulingView(FilingScopedMixin, APIView):
    permission_classes = [StaffOnly]

    @extend_schema(
        request=FilingRulingInputSerializer, responses=schema.writing(FilingSerializer, status=200)
    )
    def post(self, request: Request, filing_id: int) -> Response:
        data = FilingRulingInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        details = fields.pop("details", None) or {}
        filing = services.filing_rule(
            filing=self.filing, actor=request.user, all_parties=bool(details.get("all_parties")), **fields
        )
        return _fresh(request, filing)


@extend_schema(tags=["filings"])
class FilingConfirmFilingView(FilingScopedMixin, APIView):
    """Staff settle a stated filing time that waits for them, as for objections (``confirm-filing/``)."""

    permission_classes = [StaffOnly]

    @extend_schema(
        request=FilingConfirmFilingInputSerializer, responses=schema.writing(FilingSerializer, status=200)
    )
    def post(self, request: Request, filing_id: int) -> Response:
        data = FilingConfirmFilingInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        filing = services.filing_confirm(filing=self.filing, actor=request.user, **data.validated_data)
        return _fresh(request, filing)


@extend_schema(tags=["documents"])
class DocumentCreateView(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [SafeMultiPartParser]  # form fields checked (no NUL reaches PostgreSQL)

    def initialize_request(self, request: Any, *args: Any, **kwargs: Any) -> Request:
        # Before anything reads the body: a session's CSRF check (DRF's SessionAuthentication) reads the
        # form for its token, so installing the handler in ``post`` was too late for a browser (a 500).
        uploads.install(request)
        return super().initialize_request(request, *args, **kwargs)

    @extend_schema(
        request={"multipart/form-data": DocumentInputSerializer},
        responses=schema.writing(DocumentSerializer, extra={413: TOO_LARGE}),
    )
    def post(self, request: Request) -> Response | JsonResponse:
        services.document_authorize_attach(actor=request.user)  # 403 before a token's upload is read
        form = request.data  # parses the body: the handler stops at the size limit
        if uploads.too_large(request._request):
            return _too_large()
        data = DocumentInputSerializer(data=form)
        data.is_valid(raise_exception=True)
        fields = data.validated_data
        filing = selectors.visible_filing(request.user, int(fields["filing"]))
        if filing is None:
            raise RuleViolation("filing", f"Filing {fields['filing']} is not a filing of one of your cases.")
        upload = fields["file"]
        document = services.document_attach(
            filing=filing, upload=upload.file, title=fields["title"], actor=request.user
        )
        document = selectors.documents_for(request.user).get(pk=document.pk)
        return Response(DocumentSerializer(document).data, status=status.HTTP_201_CREATED)


def _too_large() -> JsonResponse:
    from django.conf import settings

    limit = int(settings.DOCUMENT_MAX_BYTES)
    return JsonResponse(
        {"file": [f"The file is larger than the limit of {limit:,} bytes ({limit // 1_048_576} MB)."]},
        status=413,
    )


@extend_schema(tags=["documents"])
class DocumentDetailView(DocumentScopedMixin, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=schema.reading(DocumentSerializer))
    def get(self, request: Request, document_id: int) -> Response:
        return Response(DocumentSerializer(self.document).data)


@extend_schema(tags=["documents"])
class DocumentDownloadView(DocumentScopedMixin, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=PDF_DOWNLOAD)
    def get(self, request: Request, document_id: int) -> FileResponse:
        document: Document = self.document
        stream = document.file.open("rb")
        response = FileResponse(
            stream, as_attachment=True, filename=f"document-{document.pk}.pdf", content_type="application/pdf"
        )
        response["X-Content-Type-Options"] = "nosniff"
        response["Cache-Control"] = "private, no-store"
        return response
