"""Domain events of objections and rulings, for the apps above (the appeal ladder subscribes to them in its
``AppConfig.ready`` to mark deadlines met and to build the timeline).

Receivers run synchronously inside the sender's transaction (like ``elections.events``): what they write
commits or rolls back with the change, and an exception in a receiver aborts the change. Every signal is
sent with ``sender=Objection`` (or ``Ruling``) and keyword arguments only.
"""

from django.dispatch import Signal

# kwargs: objection (Objection, saved, with ``due_at``/``timely`` set), actor (the user who filed or recorded
# it, or None). Sent once per objection filed, including late filings recorded by staff (``timely=False``).
objection_filed = Signal()

# kwargs: objection (Objection, status now ``withdrawn``, ``withdrawn_at`` set), previous_status (str),
# actor.
objection_withdrawn = Signal()

# kwargs: ruling (Ruling, saved), objection (Objection, its ``status`` already re-derived), previous_status
# (str), actor, batch (tuple of the ids of every Ruling recorded together from one report, this one
# included; a single ruling gives a 1-tuple). Sent once per ruling, in the order of ``batch``.
ruling_recorded = Signal()

# kwargs: objection (Objection, ``offer_of_proof_due_at`` now the extended time), previous_due_at (datetime or
# None), reason (str), actor. The objections themselves are never extended (29 CFR 102.69(a)(8)).
offer_of_proof_extended = Signal()

# kwargs: objection (Objection, ``offer_of_proof_filed_at`` now set), actor. Sent when the offer of proof is
# filed after its objections (an offer filed with them comes with ``objection_filed``).
offer_of_proof_filed = Signal()
