from __future__ import annotations

from django.urls import reverse
from rest_framework import serializers

from core.api.fields import TextField
from core.api.inputs import InputSerializer
from public_record.models import ImportRun


class ImportRequestSerializer(InputSerializer):
    number = TextField(max_length=20, help_text="The case to import, e.g. 10-RC-269250")


class ImportRunSerializer(serializers.ModelSerializer[ImportRun]):
    status_url = serializers.SerializerMethodField()
    requested_by = serializers.CharField(source="requested_by.username", read_only=True, allow_null=True)

    class Meta:
        model = ImportRun
        fields = [
            "id",
            "number",
            "status",
            "outcome",
            "error",
            "report",
            "requested_by",
            "created_at",
            "started_at",
            "finished_at",
            "status_url",
        ]
        read_only_fields = fields

    def get_status_url(self, run: ImportRun) -> str:
        path = reverse("case-import-status", args=[run.pk])
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path
