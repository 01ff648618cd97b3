"""The spells on the stack as facts (CR 107.3, 707.10): their cards, announced X,
copies, and the cards they name."""

from __future__ import annotations

from collections.abc import Iterator

from clingo import Function, Number, String, Symbol

from pysolver.board import Board
from pysolver.facts.cards import card_facts
from pysolver.errors import BoardError


def _place(board: Board, path: tuple) -> str | None:
    return board.document.place(path) if board.document else None


def stack_facts(board: Board) -> Iterator[Symbol]:
    """The spells on the stack, and the cards they and their copies name."""
    ids = {item.id for item in board.stack}
    permanents = {p.id for p in board.battlefield}
    known = {p.card_name for p in board.battlefield} | {e.card for e in board.effects}
    needed: set[str] = set()
    for index, item in enumerate(board.stack):
        if item.source is not None:  # a triggered ability, not a spell
            continue
        spell = String(item.id)
        yield Function("spell_card", [spell, String(item.card_name)])  # face down: CR 708.4
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
        if item.card_name not in known:
            needed.add(item.card_name)
    for name in sorted(needed):
        card = board.library.get(name) if board.library else None
        if card is not None:
            yield from card_facts(card)
