"""Service of a party's papers on the other parties — plain Python, no Django.

Every paper a party files in a representation case is served on the other parties, and a statement (a
certificate) of that service is filed with it. The tracker does not refuse a paper served on no one: the
Region decides what an unserved paper is worth. It *flags* it — on the paper, in the notice to the other
side and at the staff work queue — so nobody reads an unserved paper as served.

The words of the rules (29 CFR, current text in docs/cfr/part102-current.md):

- 102.2(c): "Requests for extension of time must be in writing and must be served simultaneously on the
  other parties."
- 102.69(a)(8): "The party filing the objections shall serve a copy of the objections, including the short
  statement of reasons therefor, but not the written offer of proof, on each of the other parties to the
  case, and include a certificate of such service with the objections."
- 102.69(g): "The party filing the request for an extension of time shall serve a copy thereof on the other
  parties [...]. A statement of such service shall be filed with the document."
- 102.69(c)(1)(iii): exceptions and answering briefs "shall immediately be served on the other parties and
  a statement of service filed with the Regional Director."
- 102.67(i)(2): a request for review, an opposition or a brief on review — "shall serve a copy thereof on the
  other parties [...]. A certificate of service shall be filed with the Board together with the document."
- 102.65(a): a motion "shall immediately be served on the other parties to the proceeding."
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from core.law.labelled import LabelledEnum, labels_by_value


class ServiceMethod(LabelledEnum):
    E_FILE = "e_file", "E-filed"
    EMAIL = "email", "E-mail"
    MAIL = "mail", "Mail"
    HAND = "hand", "Hand delivery"


METHOD_LABELS: Mapping[str, str] = labels_by_value(ServiceMethod)

NOT_SERVED: Final = "not served"

# What a paper is (a filing kind, or "objections") → the rule that requires its service.
SERVICE_RULE: Mapping[str, str] = MappingProxyType(
    {
        "objections": "29 CFR 102.69(a)(8)",
        "extension_request": "29 CFR 102.2(c), 102.69(g), 102.67(i)(3)",
        "exceptions": "29 CFR 102.69(c)(1)(iii)",
        "answering_brief": "29 CFR 102.69(c)(1)(iii)",
        "request_for_review": "29 CFR 102.67(i)(2)",
        "opposition": "29 CFR 102.67(i)(2)",
        "brief_on_review": "29 CFR 102.67(i)(2)",
        "motion": "29 CFR 102.65(a)",
    }
)
DEFAULT_RULE: Final = "29 CFR 102.2(c), 102.65(a), 102.69"


@dataclass(frozen=True)
class Service:
    """Whom a paper was served on, among the other parties of its case."""

    served: frozenset[int]
    unserved: frozenset[int]
    certificate: bool
    rule: str

    @property
    def complete(self) -> bool:
        return not self.unserved

    @property
    def none(self) -> bool:
        return not self.served


def service_of(
    paper: str, *, filer: int, parties: Iterable[int], served_on: Iterable[int], certificate: bool = True
) -> Service:
    """``paper``'s service: the other parties (every party of the case but the ``filer``) served and not."""
    others = frozenset(parties) - {filer}
    served = frozenset(served_on) & others
    return Service(
        served=served,
        unserved=others - served,
        certificate=certificate,
        rule=SERVICE_RULE.get(paper, DEFAULT_RULE),
    )


def flag(service: Service, names: Mapping[int, str]) -> str:
    """The words that go on the paper, in the notice and at the queue; "" when served on every other party
    with a certificate."""
    if service.none:
        return f"Not served on any other party ({service.rule})."
    parts = []
    if service.unserved:
        missing = ", ".join(sorted(names.get(pk, f"party {pk}") for pk in service.unserved))
        parts.append(f"Not served on {missing} ({service.rule}).")
    if not service.certificate:
        parts.append(f"No certificate of service filed ({service.rule}).")
    return " ".join(parts)
