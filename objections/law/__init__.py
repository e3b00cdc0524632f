"""The law of objections, in plain Python: the objections deadline and how rulings decide their status."""
