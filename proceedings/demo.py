"""Demo data of the appeal ladder: the Bessemer record (10-RC-269250) from the 2021 tally to the ALJ's 2024
decision directing a third election. Facts from ../shared/data/bessemer-10-RC-269250.md; a date the record
does not confirm says so in ``details.note`` (UNVERIFIED), as the data file does.

The elections demo loads both elections and their tallies (whose signal creates the tally deadlines) and the
objections demo the objections and their rulings, so the events below carry no ``objection_rulings``. The
Regional Director's 2021 order finds election 2 already there and reuses it; the ALJ's 2024 decision is a
recommended order: it creates election 3 (rerun, same ballot) once its exceptions period lapses (102.48(a)).

Idempotent: an event already recorded (same election, event and date) is not recorded again. Loaded without
e-mail notices: this is history, not news.
"""

from __future__ import annotations

from datetime import date

from django.contrib.auth import get_user_model
from django.db import transaction

from elections import services as election_services
from elections.models import Case, RelatedCase
from proceedings import services
from proceedings.models import ProceedingEvent
from proceedings.services import deadline_records

UNVERIFIED = "UNVERIFIED: "

# (election sequence, event, date, details)
RECORD: list[tuple[int, str, str, dict[str, object]]] = [
    (
        1,
        "notice_of_hearing",
        "2021-04-26",
        {
            "hearing_on": "2021-05-07",
            "note": "The Region found the union's evidence 'could be grounds' to overturn the election and set "
            "a hearing to start May 7 (Law360 1376429; al.com, April 2021).",
        },
    ),
    (
        1,
        "hearing_opened",
        "2021-05-10",
        {
            "presiding": "Kerstin Meyers, hearing officer (Region 10)",
            "note": UNVERIFIED
            + "the hearing (by Zoom) was scheduled for 2021-05-07; the exact opening date is "
            "not confirmed by a primary source.",
        },
    ),
    (
        1,
        "hearing_closed",
        "2021-05-28",
        {
            "note": UNVERIFIED
            + "reported as a multi-week hearing of about three weeks; the closing date is an "
            "estimate.",
        },
    ),
    (
        1,
        "hearing_officer_report",
        "2021-08-02",
        {
            "presiding": "Kerstin Meyers",
            "note": "Recommends sustaining the objections on the mailbox and on 'vote no' paraphernalia/polling "
            "at mandatory meetings, overruling the others, and a second election (~61 pp.).",
        },
    ),
    (
        1,
        "exceptions_filed",
        "2021-08-16",
        {
            "note": UNVERIFIED
            + "exceptions to the report were filed with the Regional Director (Aug–Nov 2021); "
            "filers and dates are not confirmed. Recorded on the due date (10 business days, 2019 rules).",
        },
    ),
    (
        1,
        "regional_director_decision",
        "2021-11-29",
        {
            "outcome": "rerun_election",
            "note": "RD Lisa Henderson adopts the hearing officer's rulings, sustains certain objections and "
            "orders a second election (20-page decision). Amazon reportedly did not request review (The Hill).",
        },
    ),
    (
        2,
        "consolidated_with_ulp",
        "2023-06-01",
        {
            "hearing_on": "2023-09-25",
            "note": UNVERIFIED + "the RD's order (about June 2023; date not confirmed) sent 14 of RWDSU's 21 "
            "and 7 of Amazon's 8 objections, with the challenged ballots, to a hearing consolidated with the "
            "unfair-labor-practice complaint, set for 2023-09-25. The CA case number is not in the record.",
        },
    ),
    (
        2,
        "hearing_opened",
        "2024-04-25",
        {
            "note": "The ALJ hearing actually opened on 2024-04-25 (Birmingham); testimony in April, May and "
            "July 2024. 311 challenged ballots were still open (APR, 2024-04-25).",
        },
    ),
    (
        2,
        "alj_decision",
        "2024-11-05",
        {
            "outcome": "rerun_election",
            "presiding": "Michael Silverstein, administrative law judge",
            "note": "87 pp.: six ULPs found; two RWDSU objections sustained; the 2022 election set aside and a "
            "third election directed; challenged ballots left unresolved. Both sides said they would appeal "
            "to the Board (the Board's ruling is UNVERIFIED).",
        },
    ),
]


# JFK8, 29-RC-288020 (Region 29; 2019 rules): the elections demo loads the case and its tally of
# 2022-04-01 (no objections are logged there, so the hearing below has none to rule on). The public record
# gives the hearing officer's report (2022-09-01), the exceptions' due date (2022-09-16), the Regional
# Director's decision and the certification (2023-01-11), the complaint in 29-CA-318069 (Wed 2023-07-12),
# the summary-judgment motion (2023-08-23) and the denial of review (2024-08-29).
#
# The Board's order in the CA case and the court filings on it are PLACEHOLDERS pending a source: no
# source for them was at hand (as of late September 2024 the Board's ruling was still awaited, Reuters).
# They are recorded so that the demo shows the test of certification through the courts; each says so in
# its note (UNVERIFIED, as the Bessemer data marks its unverified facts), and the dockets say so too. The
# notice to show cause is not recorded: neither its date nor its response date is in the record.
#
# Amazon's collateral appeal (Fifth Circuit No. 24-50761, from its district-court action) is not a review
# of the Board's order, so it is no court filing of the test of certification; the demo keeps it among the
# case's related dockets (``JFK8_COLLATERAL``), with no date (the record at hand gives none).
PLACEHOLDER = (
    UNVERIFIED + "PLACEHOLDER pending a source: no record of this step was at hand; its date, court and "
    "docket stand in for the real ones, which are to be checked. "
)
JFK8_COURT = "2nd Cir."  # a placeholder too: where the refusal took place (Staten Island, New York)
JFK8_RECORD: list[tuple[int, str, str, dict[str, object]]] = [
    (
        1,
        "case_transferred",
        "2022-04-20",
        {
            "region": 28,
            "reason": "The objections hearing and decision were assigned to Region 28 (Phoenix) (29 CFR 102.72).",
            "note": UNVERIFIED + "the order transferring the case is not in the public record found; dated "
            "with the notice of hearing.",
        },
    ),
    (
        1,
        "notice_of_hearing",
        "2022-04-20",
        {"hearing_on": "2022-06-13", "note": UNVERIFIED + "the notice's date is not confirmed."},
    ),
    (1, "hearing_opened", "2022-06-13", {"note": "Hearing before a Region 28 hearing officer."}),
    (
        1,
        "hearing_officer_report",
        "2022-09-01",
        {"note": "Recommends overruling Amazon's objections in their entirety."},
    ),
    (
        1,
        "exceptions_filed",
        "2022-09-16",
        {"note": UNVERIFIED + "Amazon's exceptions; recorded on their due date (10 business days)."},
    ),
    (
        1,
        "regional_director_decision",
        "2023-01-11",
        {
            "outcome": "certify_representative",
            "note": "The Regional Director overrules the objections and certifies the Amazon Labor Union.",
        },
    ),
    (1, "certification_issued", "2023-01-11", {"kind": "representative"}),
    (
        1,
        "request_for_review_filed",
        "2023-01-26",
        {"note": UNVERIFIED + "Amazon requested review in January 2023; recorded on the due date."},
    ),
    (
        1,
        "refusal_to_bargain",
        "2023-01-25",
        {
            "ulp_case": "29-CA-318069",
            "note": UNVERIFIED + "the union filed its charge in January 2023, 'two weeks after it was "
            "certified' (Bloomberg Law); the day is not confirmed.",
        },
    ),
    (1, "ulp_charge_filed", "2023-01-25", {"note": UNVERIFIED + "filed in January 2023; day not confirmed."}),
    (
        1,
        "complaint_issued",
        "2023-07-12",
        {"note": "Complaint by Regional Director Teresa Poor (Region 29), while review was pending."},
    ),
    (1, "summary_judgment_motion_filed", "2023-08-23", {"note": "The General Counsel's motion."}),
    (1, "board_decision", "2024-08-29", {"outcome": "review_denied"}),
    (
        1,
        "board_order",
        "2024-12-16",
        {
            "ulp_case": "29-CA-318069",
            "outcome": "bargaining_ordered",
            "note": PLACEHOLDER
            + "The Board's Decision and Order on the motion for summary judgment, taken to "
            "order bargaining as a test of certification ordinarily does.",
        },
    ),
    (
        1,
        "court_petition_filed",
        "2024-12-20",
        {
            "ulp_case": "29-CA-318069",
            "court": JFK8_COURT,
            "docket": "placeholder-petition-for-review",
            "kind": "petition_for_review",
            "party": "Amazon.com Services LLC",
            "note": PLACEHOLDER + "Amazon's petition for review (Section 10(f)); the circuit is one Section "
            "10(f) allows (where the unfair labor practice took place), not a recorded one.",
        },
    ),
    (
        1,
        "court_petition_filed",
        "2025-01-08",
        {
            "ulp_case": "29-CA-318069",
            "court": JFK8_COURT,
            "docket": "placeholder-cross-application",
            "kind": "cross_application_for_enforcement",
            "note": PLACEHOLDER + "The Board's cross-application for enforcement (Section 10(e)).",
        },
    ),
]

# (docket, court, description): the case's related dockets that are not court filings on it.
JFK8_COLLATERAL = (
    "24-50761",
    "5th Cir.",
    "Amazon's appeal in its district-court action against the Board: a collateral suit, not a review of "
    "the Board's order in 29-CA-318069 (date not in the record at hand).",
)


def _record(case: Case, record: list[tuple[int, str, str, dict[str, object]]]) -> None:
    staff = get_user_model().objects.get(username="staff")
    elections = {e.sequence: e for e in case.elections.all()}
    for election in elections.values():
        for tally in election.tallies.filter(revision=0):
            deadline_records.create_for_tally(
                tally, staff
            )  # a database loaded before this app had the ladder
    parties = {p.name: p.pk for p in case.parties.all()}
    for sequence, event, on, details in record:
        found = elections.get(sequence) or case.elections.filter(sequence=sequence).first()
        if found is None:
            continue
        occurred_on = date.fromisoformat(on)
        if ProceedingEvent.objects.filter(
            election=found, event=event, occurred_on=occurred_on, voided=False
        ).exists():
            continue
        given = dict(details)
        if isinstance(given.get("party"), str):  # a party named in the record: its id in this database
            given["party"] = parties[str(given["party"])]
        services.event_record(
            case=case,
            election=found,
            event=event,
            occurred_on=occurred_on,
            details=given,
            actor=staff,
            notify=False,
        )
    # No exceptions to the ALJ's decision are in the record (both sides said they would appeal; the Board's
    # ruling is UNVERIFIED): the replay lets the exceptions period of 2024-12-03 lapse, and the recommended
    # rerun takes effect (102.48(a)), creating the third election.
    services.recommended_orders_take_effect(case=case, actor=staff)
    for election in case.elections.all():
        deadline_records.refresh(election)


@transaction.atomic
def load(case: Case) -> None:
    _record(case, RECORD)


@transaction.atomic
def load_jfk8(case: Case) -> None:
    _record(case, JFK8_RECORD)
    docket, court, description = JFK8_COLLATERAL
    if not case.related_cases.filter(kind=RelatedCase.Kind.COURT_OF_APPEALS, number=docket).exists():
        election_services.related_case_add(
            case=case,
            kind=RelatedCase.Kind.COURT_OF_APPEALS,
            number=docket,
            court=court,
            description=description,
            actor=get_user_model().objects.get(username="staff"),
        )
