from __future__ import annotations

from typing import Any

from rest_framework import serializers

from elections.models import Case, RuleSet
from stats.law.stages import Stage
from stats.selectors import EACH

_EACH_HELP = f"Absent: all combined (null in the rows); '{EACH}': one row per value."


class _EachOr(serializers.Field):
    """A filter value: ``each``, or one value of the inner field."""

    def __init__(self, inner: serializers.Field, **kwargs: Any) -> None:
        self.inner = inner
        super().__init__(required=False, help_text=_EACH_HELP, **kwargs)

    def to_internal_value(self, data: Any) -> Any:
        if data == EACH:
            return EACH
        return self.inner.run_validation(data)

    def to_representation(self, value: Any) -> Any:
        return value


class StageFilterSerializer(serializers.Serializer):
    region = _EachOr(serializers.IntegerField(min_value=1, max_value=99))
    fiscal_year = _EachOr(serializers.IntegerField(min_value=1935, max_value=2200))
    rule_set = _EachOr(serializers.ChoiceField(choices=RuleSet.choices))
    case_type = _EachOr(serializers.ChoiceField(choices=Case.CaseType.choices))
    stage = serializers.ChoiceField(choices=[s.value for s in Stage], required=False)


class StageFigureSerializer(serializers.Serializer):
    stage = serializers.ChoiceField(choices=[s.value for s in Stage])
    region = serializers.IntegerField(allow_null=True, help_text="The Region after merger mapping; null: all")
    fiscal_year = serializers.IntegerField(
        allow_null=True, help_text="The fiscal year (October 1 to September 30) the stage ended in; null: all"
    )
    rule_set = serializers.CharField(allow_null=True)
    case_type = serializers.CharField(allow_null=True)
    n = serializers.IntegerField(help_text="Cases counted (never fewer than 5)")
    median_days = serializers.FloatField()
    q1_days = serializers.FloatField()
    q3_days = serializers.FloatField()


class ShareSerializer(serializers.Serializer):
    share = serializers.FloatField(help_text="Between 0 and 1")
    n = serializers.IntegerField()


class SharesSerializer(serializers.Serializer):
    objections_filed = ShareSerializer(allow_null=True)
    challenges_determinative = ShareSerializer(allow_null=True)
    rerun_ordered = ShareSerializer(allow_null=True)
    runoff_held = ShareSerializer(allow_null=True)
    review_granted = ShareSerializer(allow_null=True)


class ExpectationSerializer(serializers.Serializer):
    stage = serializers.CharField()
    median_days = serializers.FloatField(allow_null=True)
    q1_days = serializers.FloatField(allow_null=True)
    q3_days = serializers.FloatField(allow_null=True)
    n = serializers.IntegerField(allow_null=True, help_text="null: fewer than 5 cases, no figure")
    region = serializers.IntegerField(
        allow_null=True,
        help_text="The Region the figure is of; null: all Regions (too few in the case's own)",
    )


class PastSerializer(serializers.Serializer):
    stage = serializers.CharField()
    days = serializers.IntegerField(help_text="Calendar days the case took")
    figure = ExpectationSerializer(help_text="Cases like it: its Region and case type")


class OutlookSerializer(serializers.Serializer):
    region = serializers.IntegerField(help_text="The case's Region after merger mapping")
    stage = serializers.CharField(
        allow_null=True,
        help_text="The last milestone the case reached (petition, election, tally, …); null once closed",
    )
    stage_label = serializers.CharField()
    since = serializers.DateField(allow_null=True)
    days_in_stage = serializers.IntegerField(allow_null=True, help_text="Calendar days since that milestone")
    next = ExpectationSerializer(many=True)
    to_close = ExpectationSerializer()
    running_long = serializers.BooleanField(help_text="Past the third quartile of every next stage")
    history = PastSerializer(many=True, help_text="The stages the case completed, against cases like it")
