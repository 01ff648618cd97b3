"""The spells on the stack as facts (CR 107.3, 707.10): announced X and copies (their cards are the
board's facts)."""

from __future__ import annotations

from collections.abc import Iterator

from clingo import Function, Number, String, Symbol

from pysolver.board import Board
from pysolver.errors import BoardError


def _place(board: Board, path: tuple) -> str | None:
    return board.document.place(path) if board.document else None


def stack_facts(board: Board) -> Iterator[Symbol]:
    """What the x query and next's resolution read of the spells on the stack beside their cards (the board's
    facts: spell_card/2, pysolver.facts.board_facts): announced X, copies, casting."""
    ids = {item.id for item in board.stack}
    permanents = {p.id for p in board.battlefield}
    for index, item in enumerate(board.stack):
        if item.source is not None:  # a triggered ability, not a spell
            continue
        spell = String(item.id)
        yield Function("spell_controller", [spell, String(item.controller)])
        if item.x is not None:
            yield Function("spell_announced_x", [spell, Number(item.x)])
        if item.cast and not item.copy:
            yield Function("spell_cast", [spell])
        if item.without_paying_mana_cost:
            yield Function("spell_free", [spell])
        if item.copy:
            yield Function("spell_copy", [spell])
            if item.copy_of is not None:
                if item.copy_of not in ids or item.copy_of == item.id:
                    raise BoardError(f"copy_of names {item.copy_of!r}, which is not another spell on "
                                     f"the stack", file=board.name,
                                     place=_place(board, ("stack", index, "copy_of")))
                yield Function("spell_copy_of", [spell, String(item.copy_of)])
        if item.enters_as_copy_of is not None:
            if item.enters_as_copy_of not in permanents:
                raise BoardError(f"enters_as_copy_of names {item.enters_as_copy_of!r}, which is not a "
                                 f"permanent on the battlefield", file=board.name,
                                 place=_place(board, ("stack", index, "enters_as_copy_of")))
            yield Function("spell_enters_as_copy_of", [spell, String(item.enters_as_copy_of)])
