"""Typed errors of pysolver's public API.

Every error carries a one-line message that names the file and the place in it
(``board.yaml:12:5: battlefield[2].card: unknown card 'Forrest' (did you mean
Forest?)``).  The CLI prints that line and exits with status 2 (3 for a limit).
"""

from __future__ import annotations


def printable(text: str) -> str:
    """``text`` with every control, format, surrogate or unassigned character written
    as an escape (``\\n``, ``\\x1b``, ``\\u202e``): a message is one line that a terminal
    or a log shows as it is, whatever names it quotes."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() or c == " " else ascii(c)[1:-1] for c in text)


class PysolverError(Exception):
    """Base class: bad input of any kind."""

    exit_code = 2

    def __init__(self, message: str, *, file: str | None = None, place: str | None = None):
        message = printable(message)
        file = printable(file) if file else file
        place = printable(place) if place else place
        self.file = file
        self.place = place
        self.detail = message
        prefix = ": ".join(p for p in (file, place) if p)
        super().__init__(f"{prefix}: {message}" if prefix else message)


class BoardError(PysolverError):
    """A board file that is malformed, unknown in a field or contradictory."""


class CardError(PysolverError):
    """A card definition or card file that can't be used, or an unknown card."""


class QueryError(PysolverError):
    """A query about something the board doesn't have (an id, a player, an ability)."""


class Unavailable(QueryError):
    """An action the board it is taken on doesn't allow (nothing on the stack to resolve, no such
    card in hand, no such permanent, costs the payment search finds no way to pay, a game that has
    ended): ``pysolver next`` stops a branch of a chain there (the others go on) and refuses only
    when no branch can take the action."""


class LimitExceeded(PysolverError):
    """A time or size limit was hit; the result would be incomplete."""

    exit_code = 3


class EncodingError(PysolverError):
    """The rules encodings themselves failed to parse or ground (a bug)."""
