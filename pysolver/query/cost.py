"""A spell's total cost (CR 601.2f, 118.7): its mana cost and additional mana costs, plus
cost increases, minus cost reductions, then the effects that directly affect the total
(Trinisphere).  The rules are asp/cost_changes.lp; this module asks them and writes the
result back as mana symbols.  ``pysolver pay --spell`` and ``pysolver next cast`` call
:func:`total_cost` (one function for both)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from clingo import Function, Number, String

from pysolver import facts, solver
from pysolver.board import Board
from pysolver.cards import card_facts
from pysolver.errors import LimitExceeded
from pysolver.facts.players import player_facts


@dataclass(frozen=True)
class TotalCost:
    """The total mana cost for each value of X asked (the generic part as one number first),
    and the permanents whose abilities changed it (CR 601.2f)."""

    symbols: dict[int, tuple[str, ...]]
    changed_by: tuple[str, ...]


def _generic_and_other(symbols: Sequence[str], x: int) -> tuple[int, list[str]]:
    generic = sum(int(s) for s in symbols if s.isdigit()) + x * symbols.count("X")
    return generic, [s for s in symbols if not s.isdigit() and s != "X"]


def total_cost(board: Board, player: str, card: str, symbols: Sequence[str],
               xs: Sequence[int] = (0,)) -> TotalCost:
    """The total cost of ``card`` cast by ``player`` whose cost before changes is ``symbols``
    (its mana cost and additional mana costs: "{X}{R}", "{4}"), for each X in ``xs`` (X is
    paid as generic mana, CR 107.3).  A cost with {2/W} or Phyrexian symbols under a
    minimum total (601.2f) is refused: which half is paid changes the total."""
    library = board.library
    extra = [Function("total_cost_of", [String(player), String(card)])]
    for x in xs:
        generic, other = _generic_and_other(symbols, x)
        extra.append(Function("total_cost_mana", [Number(x), Number(generic), Number(len(other))]))
    spell_card = library.get(card) if library else None
    card_symbols = list(card_facts(spell_card)) if spell_card is not None else []
    grounded = solver.ground([*facts.board_facts(board), *player_facts(board), *card_symbols, *extra],
                             solver.entry("cost"))
    totals = {a.arguments[0].number: a.arguments[1].number for a in grounded.atoms("total_generic", 2) or []}
    changed = sorted({a.arguments[0].string for a in grounded.atoms("cost_change_on", 2) or []})
    for atom in grounded.atoms("cost_change_unknown", 2) or []:
        raise LimitExceeded(f"incomplete: {atom.arguments[0].string} changes the cost for each "
                            f"{str(atom.arguments[1]).replace('_', ' ')}, which the board doesn't "
                            "record (CR 601.2f)", file=board.name)
    floored = {a.arguments[0].number for a in grounded.atoms("cost_floor_applied", 1) or []}
    result = {}
    for x in xs:
        generic, other = _generic_and_other(symbols, x)
        if x in floored and any(s.endswith("/P") or s.split("/")[0].isdigit() for s in other if "/" in s):
            raise LimitExceeded(f"incomplete: {card}'s cost has monocolored hybrid or Phyrexian symbols and a "
                                "minimum total cost applies (CR 601.2f); which half is paid changes "
                                "the total, which pay does not model", file=board.name)
        result[x] = tuple(([str(totals[x])] if totals[x] else []) + other)
    return TotalCost(result, tuple(changed))

