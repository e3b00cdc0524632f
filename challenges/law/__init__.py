"""The law of challenged ballots, in plain Python: what a challenge's status says."""
