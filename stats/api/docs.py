"""What each API operation of "what to expect" is for, in the words of the people who use it."""

from __future__ import annotations

from core.api.operation_docs import SEE_ALSO_SCOPE, Doc

STAGE_EXAMPLE = {
    "stage": "petition_to_tally",
    "region": 10,
    "fiscal_year": 2018,
    "rule_set": None,
    "case_type": None,
    "n": 41,
    "median_days": 33.0,
    "q1_days": 27.0,
    "q3_days": 42.0,
}

OPERATIONS: dict[str, Doc] = {
    "stats_stages_retrieve": Doc(
        "How long each stage takes, from the record",
        "Median and quartiles (linear interpolation, as PostgreSQL's percentile_cont) of the calendar days "
        "each stage took, per Region (after the 2012-2013 mergers), fiscal year (the one the stage ended "
        "in, October 1 to September 30), rule set and case type. A filter left out is all of them together "
        "(null in the row); 'each' gives one row per value. A case counts once per stage, from its first "
        "initial election; no figure is given from fewer than 5 cases. Ask for text/csv for a spreadsheet.",
        response=[STAGE_EXAMPLE],
    ),
    "stats_shares_retrieve": Doc(
        "How often objections, determinative challenges, reruns, runoffs and granted reviews happen",
        "The share of cases with each trait, with the count it is read from, for the group the filters "
        "name; null where fewer than 5 cases count.",
        response={
            "objections_filed": {"share": 0.08, "n": 212},
            "challenges_determinative": {"share": 0.05, "n": 212},
            "rerun_ordered": {"share": 0.02, "n": 212},
            "runoff_held": None,
            "review_granted": None,
        },
    ),
    "cases_outlook_retrieve": Doc(
        "What to expect in this case",
        "Where the case stands (the last milestone it reached and the days since) and how long cases of its "
        "Region and type took from there to the next stage and from the tally to a certification or closing. "
        + SEE_ALSO_SCOPE,
        response={
            "region": 10,
            "stage": "tally",
            "stage_label": "tally of ballots",
            "since": "2021-04-09",
            "days_in_stage": 41,
            "next": [
                {
                    "stage": "tally_to_objections",
                    "median_days": 6.0,
                    "q1_days": 5.0,
                    "q3_days": 7.0,
                    "n": 9,
                    "region": 10,
                }
            ],
            "to_close": {
                "stage": "tally_to_close",
                "median_days": 12.0,
                "q1_days": 9.0,
                "q3_days": 30.0,
                "n": 80,
                "region": 10,
            },
            "running_long": False,
            "history": [
                {
                    "stage": "petition_to_tally",
                    "days": 140,
                    "figure": {
                        "stage": "petition_to_tally",
                        "median_days": 24.0,
                        "q1_days": 21.0,
                        "q3_days": 31.0,
                        "n": 92,
                        "region": 10,
                    },
                }
            ],
        },
    ),
}
