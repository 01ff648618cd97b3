"""Objects named on the command line or in a ruling case's args: by id, or by card name
when exactly one object is that card (issue 14, item 3).

An id always wins: ``forest`` is the permanent with id ``forest``.  Otherwise a card name
(any case; a copy answers to its own card and to the card it copies) picks the one object
that is that card; two or more refuse with a one-line error listing their ids.
"""

from __future__ import annotations

from pysolver.board import Board
from pysolver.errors import QueryError


def _is(card: str, *names: str | None) -> bool:
    return any(name is not None and name.casefold() == card.casefold() for name in names)


def object_id(board: Board, given: str, place: str, stack: bool = False) -> str:
    """The id of the permanent (or, with ``stack``, the spell or permanent) ``given`` names."""
    ids = [p.id for p in board.battlefield] + ([s.id for s in board.stack] if stack else [])
    if given in ids:
        return given
    matches = [p.id for p in board.battlefield if _is(given, p.card, p.copy_of)]
    if stack:
        matches += [s.id for s in board.stack if _is(given, s.card, s.copy_of)]
    if len(matches) == 1:
        return matches[0]
    what = "spells or permanents" if stack else "permanents"
    if matches:
        raise QueryError(f"{given!r} names {len(matches)} {what} ({', '.join(matches)}); "
                         "give one of their ids", file=board.name, place=place)
    known = ", ".join(sorted(ids)) or "none"
    if stack:
        raise QueryError(f"no spell or permanent with id {given!r} (ids: {known})",
                         file=board.name, place=place)
    raise QueryError(f"no permanent with id {given!r} on the battlefield (ids: {known})",
                     file=board.name, place=place)
