"""Domain events of the ground floor. Apps above subscribe in their ``AppConfig.ready``; receivers run
synchronously inside the sender's transaction, so what they write commits or rolls back with it.

This is the one way a lower app sets off something above it (house-style: never import upward)."""

from django.dispatch import Signal

# kwargs: tally — asked by ``services.tally_record`` (and ``tallies_add`` when it announces) before a tally
# is written; the tally is built, not saved (its election and revision are set). A receiver refuses it by
# raising a ``core.errors`` DomainError, and nothing of the tally is written. The ladder's refusals answer it:
# ``proceedings.receivers.refuse_tally`` (a certified election's count is settled; a blocked election has no
# tally).
tally_to_record = Signal()

# kwargs: tally, actor — a tally of ballots or a revised tally was recorded.
tally_recorded = Signal()

# kwargs: elections, actor — elections were added to their cases (one, or an import's batch).
elections_created = Signal()
