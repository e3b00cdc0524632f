"""What to expect, as plain Python: the stages read from the record, fiscal years, merged Regions and the
percentiles (no Django import; mypy --strict)."""
