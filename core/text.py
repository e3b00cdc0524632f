"""One line of text: what a party types that ends up in an e-mail's subject, a header or a file name.

A header may not hold a line break (Django raises ``BadHeaderError`` for ``\\n`` or ``\\r``, and a mail
server reads what follows one as another header), and a control character has no business in one. Two
defences, both here:

- ``refuse_breaks`` at input: a single-line field (a filing's title, an e-filing confirmation number) that
  holds a line break or a control character is refused with a 400 naming the field;
- ``one_line`` on output: every subject is made one line where the outbox writes it (``core.outbox``) and
  again where the mail is handed over (``core.mail``), so a notice survives any text a party can type,
  including rows written before the refusal existed.
"""

from __future__ import annotations

import unicodedata

from core.errors import RuleViolation

# Cc: C0 and C1 controls (\n, \r, \t, \x00, \x85, ...); Zl, Zp: the Unicode line and paragraph separators.
_BREAKING = frozenset({"Cc", "Zl", "Zp"})


def _breaking(character: str) -> bool:
    return unicodedata.category(character) in _BREAKING


def one_line(text: str) -> str:
    """``text`` as one line: every line break or control character made a space, runs of space made one."""
    return " ".join("".join(" " if _breaking(c) else c for c in text).split())


def refuse_breaks(field: str, text: str) -> str:
    """``text`` unchanged, or a ``RuleViolation`` on ``field`` if it holds a line break or a control
    character (a tab included): the field is one line, and it may reach an e-mail's subject."""
    bad = next((c for c in text if _breaking(c)), None)
    if bad is not None:
        raise RuleViolation(
            field, f"Give one line: no line breaks or control characters (found U+{ord(bad):04X})."
        )
    return text
