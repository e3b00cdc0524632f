"""The stored figures of "what to expect" (issue 33): derived rows, rewritten whole by each refresh
(``stats.refresh``), so that a read is one query.

``Observation`` is one case's contribution to one figure: the days of a stage it completed, or whether it
has a trait a share counts (``value`` 0 or 1). ``StageFigure`` and ``ShareFigure`` are those observations
aggregated for every combination of Region, fiscal year, rule set and case type, a ``None`` in a column
meaning "all of them" (PostgreSQL's ``GROUP BY CUBE``). Only figures from at least five cases are kept
(``stats.law.figures.MIN_CASES``). The rows name a case by its id without a foreign key: they are derived,
not part of the case's record, and a refresh replaces them all.
"""

from __future__ import annotations

from django.db import models

from stats.law.stages import Share, Stage

STAGE_CHOICES = [(s.value, s.label) for s in Stage]
SHARE_CHOICES = [(s.value, s.label) for s in Share]


class Observation(models.Model):
    case_id = models.BigIntegerField(db_index=True)
    measure = models.CharField(max_length=32, choices=STAGE_CHOICES + SHARE_CHOICES)
    region = models.PositiveSmallIntegerField(help_text="The Region after the merger mapping")
    fiscal_year = models.PositiveSmallIntegerField(help_text="The fiscal year the stage ended in")
    rule_set = models.CharField(max_length=8)
    case_type = models.CharField(max_length=2)
    value = models.IntegerField(help_text="Calendar days of the stage; for a share, 1 or 0")
    started_on = models.DateField()
    ended_on = models.DateField()

    class Meta:
        indexes = [models.Index(fields=["measure", "region"], name="stats_obs_measure_region")]

    def __str__(self) -> str:
        return f"case {self.case_id}: {self.measure} = {self.value}"


class _Grouped(models.Model):
    region = models.PositiveSmallIntegerField(null=True, help_text="null: all Regions")
    fiscal_year = models.PositiveSmallIntegerField(null=True, help_text="null: all fiscal years")
    rule_set = models.CharField(max_length=8, null=True, help_text="null: all rule sets")
    case_type = models.CharField(max_length=2, null=True, help_text="null: all case types")
    n = models.PositiveIntegerField()

    class Meta:
        abstract = True


class StageFigure(_Grouped):
    stage = models.CharField(max_length=32, choices=STAGE_CHOICES)
    median_days = models.FloatField()
    q1_days = models.FloatField()
    q3_days = models.FloatField()

    class Meta:
        indexes = [
            models.Index(
                fields=["stage", "region", "fiscal_year", "rule_set", "case_type"], name="stats_stage_groups"
            )
        ]

    def __str__(self) -> str:
        return f"{self.stage} (Region {self.region}, FY {self.fiscal_year}): median {self.median_days}"


class ShareFigure(_Grouped):
    share = models.CharField(max_length=32, choices=SHARE_CHOICES)
    hits = models.PositiveIntegerField()
    value = models.FloatField()

    class Meta:
        indexes = [
            models.Index(
                fields=["share", "region", "fiscal_year", "rule_set", "case_type"], name="stats_share_groups"
            )
        ]

    def __str__(self) -> str:
        return f"{self.share} (Region {self.region}, FY {self.fiscal_year}): {self.value}"


class Refresh(models.Model):
    """When the figures were last computed, from how many observations, and how long it took."""

    finished_at = models.DateTimeField()
    observations = models.PositiveIntegerField()
    seconds = models.FloatField()

    class Meta:
        get_latest_by = "finished_at"

    def __str__(self) -> str:
        return f"figures of {self.finished_at:%Y-%m-%d %H:%M}"
