"""The law of filings as plain Python: which papers a party files, what each answers, extensions of time."""
