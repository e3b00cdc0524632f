from django.apps import AppConfig


class ProceedingsConfig(AppConfig):
    name = "proceedings"
    verbose_name = "Appeal ladder and deadlines"

    def ready(self) -> None:
        # The apps below announce their changes; the ladder listens (dependencies run downhill).
        from core.api import conditional
        from elections import bodies
        from elections import events as election_events
        from objections import events as objection_events
        from proceedings import receivers, selectors

        # A case's answers change when one of its deadlines falls due, with no write at all.
        conditional.register_time_bucket("deadlines", selectors.deadline_passed)
        conditional.register_time_bucket("party_deadlines", selectors.party_deadline_passed)
        # Built after every write under the case, before they are read (elections/bodies.py).
        for name in ("case-status", "case-timeline", "case-deadlines"):
            bodies.register_case_read(name)

        election_events.tally_to_record.connect(
            receivers.refuse_tally, dispatch_uid="proceedings.refuse_tally"
        )
        election_events.tally_recorded.connect(receivers.tally_recorded, dispatch_uid="proceedings.tally")
        election_events.elections_created.connect(
            receivers.elections_created, dispatch_uid="proceedings.elections"
        )
        for signal, uid in (
            (objection_events.objection_filed, "filed"),
            (objection_events.objection_withdrawn, "withdrawn"),
            (objection_events.offer_of_proof_filed, "offer-filed"),
        ):
            # Not ruling_recorded: a ruling never files or withdraws an objection, so the deadlines do
            # not change (and a report's batch of rulings would refresh them once per objection).
            signal.connect(receivers.objections_changed, dispatch_uid=f"proceedings.objection.{uid}")
        objection_events.offer_of_proof_extended.connect(
            receivers.offer_of_proof_extended, dispatch_uid="proceedings.objection.offer"
        )
