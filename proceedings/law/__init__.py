"""The appeal ladder's law as plain Python: no Django import (house style), mypy --strict."""
