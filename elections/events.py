"""Domain events of the ground floor. Apps above subscribe in their ``AppConfig.ready``; receivers run
synchronously inside the sender's transaction, so what they write commits or rolls back with it.

This is the one way a lower app sets off something above it (house-style: never import upward)."""

from django.dispatch import Signal

# kwargs: tally, actor — a tally of ballots or a revised tally was recorded.
tally_recorded = Signal()

# kwargs: elections, actor — elections were added to their cases (one, or an import's batch).
elections_created = Signal()
