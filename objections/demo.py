"""Demo data: the objections of the Bessemer case (10-RC-269250) and their fate.

Facts from ../shared/data/bessemer-10-RC-269250.md. The public record gives the number of objections, their
subjects in outline, and what the hearing officer, the Regional Director and the ALJ did with them; it does
not give their text or, mostly, their numbering. So every statement below is a summary marked
"(summary; wording not from the record)", and those the record is silent on are invented and say so.
Filing times of day are not in the record: noon Eastern is used.

- Election 1 (2021): RWDSU's 23 objections, filed 2021-04-16 (the last day: tally 2021-04-09, 5 business
  days, 2019 rules); the hearing officer's report of 2021-08-02 recommends sustaining the mailbox objection
  and the "vote no" paraphernalia/polling objection and overruling the rest; the Regional Director's decision
  of 2021-11-29 adopts it (sustained two, overruled 21) and orders a second election.
- Election 2 (2022): RWDSU 21 and Amazon 8 objections, filed 2022-04-07. The RD's 2023 order (exact date
  UNVERIFIED, recorded as 2023-06-01) sent 14 of RWDSU's and 7 of Amazon's to a hearing consolidated with the
  ULP complaint; the others did not go forward — recorded here as overruled, an inference the record does not
  state. The ALJ's decision of 2024-11-05 sustained 2 RWDSU objections (which two is UNVERIFIED) and by
  implication overruled the rest heard; as recommendations they leave the statuses at set_for_hearing until
  the Board rules.

Idempotent: objections and rulings already present are left alone. Loaded without e-mail notices: this is
history, not news.
"""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from django.contrib.auth import get_user_model
from django.db import transaction

from elections.demo import AMAZON, RWDSU
from elections.law.levels import Level
from elections.models import Case, Election, Party
from objections import services
from objections.law import rulings as rules
from objections.models import Objection, Ruling

EASTERN = ZoneInfo("America/New_York")
SUMMARY = " (summary; wording not from the record)"
INVENTED = " (summary; wording not from the record — invented for the demo: the record does not describe this objection)"

C = Objection.Category

# (number, category, statement, marker) — 2021, RWDSU. Sustained by the HO and the RD: 1 and 10.
RWDSU_2021: list[tuple[int, str, str, str]] = [
    (
        1,
        C.MAIL_BALLOT,
        "The Employer had the U.S. Postal Service install a collection box in the employee "
        "parking lot, inside its own security perimeter, creating the impression that the Employer controlled "
        "and could monitor the mail-ballot election.",
        SUMMARY,
    ),
    (
        2,
        C.SURVEILLANCE,
        "Security cameras covering the collection box in the employee lot gave employees the "
        "impression that the Employer watched who mailed a ballot there.",
        SUMMARY,
    ),
    (
        3,
        C.ELECTIONEERING,
        "The Employer set up a tent with campaign messaging beside the collection box, "
        "urging employees to vote there.",
        SUMMARY,
    ),
    (
        4,
        C.MAIL_BALLOT,
        "Managers pressed employees to bring their mail ballots to work and deposit them in the on-site box.",
        SUMMARY,
    ),
    (
        5,
        C.THREATS,
        "Supervisors and consultants told employees that the facility could close if the Union won.",
        SUMMARY,
    ),
    (6, C.THREATS, "Employees were told they would face layoffs if the Union won.", SUMMARY),
    (
        7,
        C.THREATS,
        "Employees were told they could lose pay and benefits, and that bargaining would start "
        "from scratch, if the Union won.",
        SUMMARY,
    ),
    (
        8,
        C.CAPTIVE_AUDIENCE,
        "The Employer held mandatory meetings on paid time at which employees had to "
        "listen to its campaign against the Union.",
        SUMMARY,
    ),
    (
        9,
        C.CAPTIVE_AUDIENCE,
        "Union supporters who asked questions at the mandatory meetings were removed from them.",
        SUMMARY,
    ),
    (
        10,
        C.INTERROGATION,
        'At the mandatory meetings the Employer handed out "vote no" paraphernalia and so '
        "polled employees on their choice by whether they took it.",
        SUMMARY,
    ),
    (
        11,
        C.CAPTIVE_AUDIENCE,
        "Union supporters who spoke up at the mandatory meetings were disciplined.",
        SUMMARY,
    ),
    (12, C.OTHER, "A Union supporter was fired for handing out authorization cards.", SUMMARY),
    (
        13,
        C.SURVEILLANCE,
        "Managers watched Union organizers and the employees who spoke with them at the facility's entrance.",
        INVENTED,
    ),
    (
        14,
        C.PROMISES_OR_BENEFITS,
        "Managers implied that improvements would follow if employees rejected the Union.",
        INVENTED,
    ),
    (15, C.MISREPRESENTATION, "Campaign texts to employees misstated the Union's dues.", INVENTED),
    (
        16,
        C.ELECTIONEERING,
        "Anti-union flyers were posted in restroom stalls throughout the facility.",
        INVENTED,
    ),
    (17, C.INTERROGATION, "Supervisors asked employees individually how they intended to vote.", INVENTED),
    (
        18,
        C.MAIL_BALLOT,
        "Employees who did not receive ballots were not told how to obtain replacements in time.",
        INVENTED,
    ),
    (
        19,
        C.VOTER_LIST,
        "The voter list carried outdated home addresses for a substantial number of employees.",
        INVENTED,
    ),
    (
        20,
        C.THREATS,
        "Employees were told that a union would end their direct access to managers and their "
        "scheduling flexibility.",
        INVENTED,
    ),
    (
        21,
        C.ELECTIONEERING,
        "Campaign text messages were sent to employees' personal phones throughout the voting period.",
        INVENTED,
    ),
    (22, C.CAPTIVE_AUDIENCE, "Managers held one-on-one meetings with employees on the election.", INVENTED),
    (
        23,
        C.OTHER,
        "The conduct above, taken together, destroyed the laboratory conditions of the election.",
        INVENTED,
    ),
]
SUSTAINED_2021 = {1, 10}

RWDSU_2022: list[tuple[int, str, str, str]] = [
    (1, C.OTHER, "A Union supporter was suspended after appearing on Union literature.", SUMMARY),
    (2, C.OTHER, "Employees who wore pro-union buttons were singled out and retaliated against.", SUMMARY),
    (
        3,
        C.OTHER,
        "The Employer enforced a rule barring employees from the premises more than 30 minutes "
        "before or after their shifts, to keep supporters from campaigning.",
        SUMMARY,
    ),
    (
        4,
        C.OTHER,
        "Managers removed Union literature from break rooms while leaving the Employer's in place.",
        SUMMARY,
    ),
    (5, C.CAPTIVE_AUDIENCE, "The Employer again held mandatory anti-union meetings.", SUMMARY),
    (
        6,
        C.INTERROGATION,
        "Managers questioned and polled employees about their support for the Union.",
        SUMMARY,
    ),
    (7, C.SURVEILLANCE, "Managers kept Union supporters under surveillance at the facility.", SUMMARY),
    (8, C.THREATS, "Employees were told the facility could close if the Union won.", SUMMARY),
    (9, C.THREATS, "Employees were told they would lose benefits if the Union won.", INVENTED),
    (
        10,
        C.MAIL_BALLOT,
        "The collection box, though moved, remained where employees associated it with the Employer.",
        INVENTED,
    ),
    (
        11,
        C.PROMISES_OR_BENEFITS,
        "The Employer announced a pay increase during the critical period.",
        INVENTED,
    ),
    (
        12,
        C.MISREPRESENTATION,
        "Employer materials misstated the effect of a contract on existing benefits.",
        INVENTED,
    ),
    (
        13,
        C.ELECTIONEERING,
        "Anti-union messaging was displayed on screens throughout the facility during "
        "the mail-ballot period.",
        INVENTED,
    ),
    (14, C.INTERROGATION, "Supervisors asked employees whether they had mailed their ballots.", INVENTED),
    (15, C.VOTER_LIST, "The voter list omitted employees hired before the eligibility date.", INVENTED),
    (16, C.MAIL_BALLOT, "Ballots were delivered late to employees on some routes.", INVENTED),
    (17, C.THREATS, "A manager told employees that organizing would cost them their jobs.", INVENTED),
    (
        18,
        C.CAPTIVE_AUDIENCE,
        "Supervisors kept employees in one-on-one meetings about the election.",
        INVENTED,
    ),
    (19, C.SURVEILLANCE, "Managers photographed employees talking with Union organizers.", INVENTED),
    (
        20,
        C.OTHER,
        "A Union supporter's schedule was changed after the supporter campaigned openly.",
        INVENTED,
    ),
    (
        21,
        C.OTHER,
        "The conduct above, taken together, destroyed the laboratory conditions of the election.",
        INVENTED,
    ),
]
# Sent to the hearing by the RD's 2023 order: 14 of 21 (which ones: not in the record; chosen for the demo).
HEARD_RWDSU_2022 = {1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 14, 17, 19, 20}
SUSTAINED_BY_ALJ_2022 = {4, 8}  # 2 of the 14; which two is UNVERIFIED

AMAZON_2022: list[tuple[int, str, str, str]] = [
    (
        1,
        C.UNION_CONDUCT,
        "Union agents visited employees' homes and pressed them about their votes.",
        SUMMARY,
    ),
    (2, C.UNION_CONDUCT, "The Union urged employees not to vote at all, suppressing turnout.", SUMMARY),
    (3, C.SURVEILLANCE, "The Union created the impression that it watched how employees voted.", SUMMARY),
    (4, C.UNION_CONDUCT, "Union agents offered to collect employees' mail ballots.", INVENTED),
    (
        5,
        C.MISREPRESENTATION,
        "Union flyers misstated the Board's findings about the first election.",
        INVENTED,
    ),
    (
        6,
        C.THIRD_PARTY_CONDUCT,
        "Outside supporters of the Union confronted employees at the facility's entrance.",
        INVENTED,
    ),
    (
        7,
        C.BOARD_AGENT_CONDUCT,
        "The Region's handling of ballot envelopes at the count raised doubt about the election's integrity.",
        INVENTED,
    ),
    (8, C.ELECTIONEERING, "The Union campaigned near the collection box during the voting period.", INVENTED),
]
HEARD_AMAZON_2022 = {1, 2, 3, 4, 5, 6, 8}

HO_REPORT = date(2021, 8, 2)
RD_DECISION_2021 = date(2021, 11, 29)
RD_ORDER_2023 = date(2023, 6, 1)
ALJ_DECISION = date(2024, 11, 5)


def _file(
    election: Election, party: Party, rows: list[tuple[int, str, str, str]], filed_on: date, actor: object
) -> dict[int, Objection]:
    existing = {o.number: o for o in Objection.objects.filter(election=election, filed_by=party)}
    for number, category, statement, marker in rows:
        if number in existing:
            continue
        filed_at = datetime(filed_on.year, filed_on.month, filed_on.day, 12, 0, tzinfo=EASTERN)
        existing[number] = services.objection_file(
            election=election,
            filed_by=party,
            category=category,
            statement=statement + marker,
            filed_at=filed_at,
            offer_of_proof_filed_at=filed_at,
            received_at=filed_at,  # the story's filing time, not the day the demo is loaded
            number=number,
            actor=actor,  # type: ignore[arg-type]
            notify=False,
        )
    return existing


def _report(plan: dict[Objection, str], *, level: str, decided_on: date, note: str, actor: object) -> None:
    """Record one report's rulings on the objections that do not have them yet."""
    done = set(
        Ruling.objects.filter(objection__in=list(plan), level=level, decided_on=decided_on).values_list(
            "objection_id", flat=True
        )
    )
    todo = {o: d for o, d in plan.items() if o.pk not in done and o.status != Objection.Status.WITHDRAWN}
    if todo:
        services.rulings_record_batch(
            objections_dispositions=todo,
            level=level,
            decided_on=decided_on,
            note=note,
            actor=actor,  # type: ignore[arg-type]
            notify=False,
        )


@transaction.atomic
def load(case: Case) -> None:
    staff = get_user_model().objects.get(username="staff")
    union = case.parties.get(name=RWDSU)
    employer = case.parties.get(name=AMAZON)
    first = case.elections.filter(sequence=1).first()
    if first is not None and first.tallies.exists():
        filed = _file(first, union, RWDSU_2021, date(2021, 4, 16), staff)
        _report(
            {
                o: rules.RECOMMEND_SUSTAIN if n in SUSTAINED_2021 else rules.RECOMMEND_OVERRULE
                for n, o in filed.items()
            },
            level=Level.HEARING_OFFICER,
            decided_on=HO_REPORT,
            note="Hearing Officer Kerstin Meyers's report (about 61 pages): sustain the mailbox and the "
            '"vote no" paraphernalia/polling objections, overrule the others, and hold a second election.',
            actor=staff,
        )
        _report(
            {o: rules.SUSTAINED if n in SUSTAINED_2021 else rules.OVERRULED for n, o in filed.items()},
            level=Level.REGIONAL_DIRECTOR,
            decided_on=RD_DECISION_2021,
            note="Regional Director Lisa Henderson's decision (20 pages) adopting the hearing officer's "
            "rulings and ordering a second election.",
            actor=staff,
        )

    second = case.elections.filter(sequence=2).first()
    if second is None or not second.tallies.exists():
        return
    rwdsu = _file(second, union, RWDSU_2022, date(2022, 4, 7), staff)
    amazon = _file(second, employer, AMAZON_2022, date(2022, 4, 7), staff)
    heard = {o for n, o in rwdsu.items() if n in HEARD_RWDSU_2022} | {
        o for n, o in amazon.items() if n in HEARD_AMAZON_2022
    }
    everyone = [*rwdsu.values(), *amazon.values()]
    _report(
        {o: rules.SET_FOR_HEARING if o in heard else rules.OVERRULED for o in everyone},
        level=Level.REGIONAL_DIRECTOR,
        decided_on=RD_ORDER_2023,
        note="Regional Director's order consolidating 14 of RWDSU's 21 and 7 of Amazon's 8 objections (and the "
        "challenged ballots) with the ULP complaint for hearing before an ALJ, set for 2023-09-25. Date of "
        "the order UNVERIFIED (about June 2023). Which objections went forward is not in the record; those "
        "that did not are recorded as overruled — an inference (they may have been withdrawn).",
        actor=staff,
    )
    _report(
        {
            o: rules.RECOMMEND_SUSTAIN
            if o.filed_by_id == union.pk and o.number in SUSTAINED_BY_ALJ_2022
            else rules.RECOMMEND_OVERRULE
            for o in heard
        },
        level=Level.ADMINISTRATIVE_LAW_JUDGE,
        decided_on=ALJ_DECISION,
        note="ALJ Michael Silverstein's decision (87 pages): 2 RWDSU objections sustained (which two is "
        "UNVERIFIED), the 2022 election set aside and a third election directed; both parties said they "
        "would take exceptions to the Board.",
        actor=staff,
    )
