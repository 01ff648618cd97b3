"""Abilities that trigger on damage (CR 603.2, 120), which pysolver next refuses (issue 13).

Which damage event triggers which such ability isn't modelled (asp/damage_triggers.lp), so an
action that deals damage while one is on the battlefield is refused with the abilities named,
rather than answered without them: a resolving spell or ability's damage to its targets, a
rider's damage to a player.  A mana ability's damage shows the ability among its effects, as not
modelled (asp/mana_activation.lp), which `mana` prints and next refuses to apply."""

from __future__ import annotations

from typing import NamedTuple

from clingo import Symbol

from pysolver import solver
from pysolver.board import Board
from pysolver.errors import QueryError
from pysolver.facts import board_facts
from pysolver.predicates import Reader, predicate

RULES = solver.entry("next_damage")


@predicate("damage_trigger")
class DamageTrigger(NamedTuple):
    obj: str
    ability: Symbol


def refuse_damage_triggers(board: Board, what: str) -> None:
    """CR 603.2, 120: refuse an action that deals damage on ``board`` (the board as the damage is
    dealt) when a permanent has an ability that triggers on damage."""
    read = Reader(solver.ground(list(board_facts(board)), RULES))
    waiting = sorted({trigger.obj for trigger in read(DamageTrigger)})
    if waiting:
        raise QueryError(f"{what}: damage is dealt while {', '.join(waiting)} "
                         f"{'has' if len(waiting) == 1 else 'have'} an ability that triggers on damage (CR 603.2, "
                         "120), which next doesn't model", file=board.name)
