"""A spell's total cost (CR 601.2f, 118.7): its mana cost and additional mana costs, plus
cost increases, minus cost reductions, then the effects that directly affect the total
(Trinisphere).  The rules are asp/cost_changes.lp; this module asks them and writes the
result back as mana symbols.  ``pysolver pay --spell`` and ``pysolver next cast`` call
:func:`total_cost` (one function for both)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from clingo import Symbol

from pysolver import solver
from pysolver.board import Board
from pysolver.errors import LimitExceeded
from pysolver.facts import cost as cost_facts
from pysolver.predicates import predicate, read


@predicate("total_generic")
class TotalGeneric(NamedTuple):
    x: int
    generic: int


@predicate("cost_change_on")
class CostChangeOn(NamedTuple):
    source: str
    ability: Symbol


@predicate("cost_change_unknown")
class CostChangeUnknown(NamedTuple):
    source: str
    per: Symbol  # what the change counts, which the board doesn't record


@predicate("own_change")
class OwnChange(NamedTuple):
    card: str
    generic: int  # the spell's own ability: this much generic mana more (less if negative)


@predicate("cost_more_colored")
class CostMoreColored(NamedTuple):
    type: Symbol  # w, u, b, r, g or c
    amount: int  # that much mana of the type added (CR 601.2f)


@predicate("cost_floor_applied")
class CostFloorApplied(NamedTuple):
    x: int


@predicate("alternative_unmet")
class AlternativeUnmet(NamedTuple):
    card: str
    position: int  # its alternative cost at that position, whose condition doesn't hold (CR 118.9)


@predicate("alternative_granted")
class AlternativeGranted(NamedTuple):
    source: str
    ability: Symbol  # its ability that gives the caster an alternative cost for the spell (CR 118.9)


DECODES = (TotalGeneric, CostChangeOn, CostChangeUnknown, CostFloorApplied, OwnChange, AlternativeUnmet,
           CostMoreColored, AlternativeGranted)


@dataclass(frozen=True)
class TotalCost:
    """The total mana cost for each value of X asked (the generic part as one number first),
    and the permanents whose abilities changed it (CR 601.2f), then the spell's card when its
    own ability did (CR 113.6d)."""

    symbols: dict[int, tuple[str, ...]]
    changed_by: tuple[str, ...]


def _generic_and_other(symbols: Sequence[str], x: int) -> tuple[int, list[str]]:
    generic = sum(int(s) for s in symbols if s.isdigit()) + x * symbols.count("X")
    return generic, [s for s in symbols if not s.isdigit() and s != "X"]


def total_cost(board: Board, player: str, card: str, symbols: Sequence[str],
               xs: Sequence[int] = (0,), zone: str | None = "hand", paid: Sequence[str] = (),
               targets: Sequence[str] | None = None, cast_now: bool = False,
               paid_count: int | None = None) -> TotalCost:
    """The total cost of ``card`` cast by ``player`` whose cost before changes is ``symbols``
    (its mana cost and additional mana costs: "{X}{R}", "{4}"), for each X in ``xs`` (X is
    paid as generic mana, CR 107.3).  A cost with {2/W} or Phyrexian symbols under a
    minimum total (601.2f) is refused: which half is paid changes the total.  ``zone``: the zone the
    spell is cast from (601.2a), None when not known (a change that reads it is then refused);
    ``paid``: the optional costs paid (601.2b: bargain); ``targets``: the permanents it targets,
    chosen before (601.2c), or None when none were chosen (a change that reads them is then refused);
    ``cast_now``: the card is being cast, not a spell on the stack (the spells cast this turn before it
    are then known, 601.2i)."""
    parts = []
    for x in xs:
        generic, other = _generic_and_other(symbols, x)
        parts.append((x, generic, len(other)))
    grounded = solver.ground(list(cost_facts.total_cost(board, player, card, parts, zone, paid, targets, cast_now,
                                                        paid_count)), solver.entry("cost"))
    totals = {a.x: a.generic for a in read(grounded, TotalGeneric)}
    changed = sorted({a.source for a in read(grounded, CostChangeOn)})
    changed += sorted({a.card for a in read(grounded, OwnChange)})  # its own ability (CR 113.6d)
    for unknown in read(grounded, CostChangeUnknown):
        if str(unknown.per) == "zone":
            raise LimitExceeded(f"incomplete: {unknown.source} changes the cost of spells cast from some zones, and "
                                f"the board doesn't say where {card} was cast from (CR 601.2a)", file=board.name)
        if str(unknown.per) == "targets":
            raise LimitExceeded(f"incomplete: {card}'s own ability changes its cost when it targets some "
                                "permanents (CR 601.2f), and its targets, chosen as it is cast (601.2c), are "
                                "not given here: next cast judges it on the targets it chooses", file=board.name)
        if str(unknown.per) == "self_targeted":
            raise LimitExceeded(f"incomplete: {unknown.source} changes the cost of spells that target it (CR 601.2f), "
                                f"and {card}'s targets, chosen as it is cast (601.2c), are not given here: next cast "
                                "judges it on the targets it chooses", file=board.name)
        if str(unknown.per) == "target_count":
            raise LimitExceeded(f"incomplete: {card}'s own ability adds to its cost for each target beyond the first "
                                "(CR 601.2f), and its targets, chosen as it is cast (601.2c), are not given here: "
                                "next cast counts the targets it chooses", file=board.name)
        if str(unknown.per) == "spells_cast":
            raise LimitExceeded(f"incomplete: {card}'s cost counts the spells cast this turn before it (CR 601.2f, "
                                f"601.2i), and {card} is already on the stack, counted in the board's "
                                "spells_cast_this_turn", file=board.name)
        if str(unknown.per) == "unjudged":  # asp/cost_changes.lp: the card's own_cost names what it reads
            own = board.library.get(card).data["own_cost"] if board.library is not None else {}
            clause = own.get("if", own.get("per", {})).get("unjudged", "")
            raise LimitExceeded(f"incomplete: {card}'s own ability changes its cost {clause} (CR 601.2f), which "
                                "the board doesn't record", file=board.name)
        if str(unknown.per) == "paid_count":
            raise LimitExceeded(f"incomplete: {card}'s own ability changes its cost for each permanent or card its "
                                "additional cost pays (CR 601.2b, 601.2f), which pay determines for each number paid "
                                "only as the card is cast, with X given (--x)", file=board.name)
        if str(unknown.per) == "x_mana_value":
            raise LimitExceeded(f"incomplete: {unknown.source} changes the cost of spells of a mana value, and "
                                f"{card}'s mana value on the stack counts the X chosen (CR 202.3e), which pay "
                                "does not judge", file=board.name)
        raise LimitExceeded(f"incomplete: {unknown.source} changes the cost for each "
                            f"{str(unknown.per).replace('_', ' ')}, which the board doesn't "
                            "record (CR 601.2f)", file=board.name)
    floored = {a.x for a in read(grounded, CostFloorApplied)}
    result = {}
    for x in xs:
        generic, other = _generic_and_other(symbols, x)
        if x in floored and any(s.endswith("/P") or s.split("/")[0].isdigit() for s in other if "/" in s):
            raise LimitExceeded(f"incomplete: {card}'s cost has monocolored hybrid or Phyrexian symbols and a "
                                "minimum total cost applies (CR 601.2f); which half is paid changes "
                                "the total, which pay does not model", file=board.name)
        added = [str(a.type).upper() for a in read(grounded, CostMoreColored) for _ in range(a.amount)]
        result[x] = tuple(([str(totals[x])] if totals[x] else []) + other + sorted(added, key="WUBRGC".index))
    return TotalCost(result, tuple(changed))



def alternatives_unmet(board: Board, player: str, card: str) -> frozenset[int]:
    """The alternative costs of ``card`` (their indexes) whose condition doesn't hold for
    ``player`` now ("If you control a Forest, ...": CR 118.9; asp/alternative_costs.lp)."""
    grounded = solver.ground(list(cost_facts.total_cost(board, player, card, [(0, 0, 0)])), solver.entry("cost"))
    return frozenset(a.position for a in read(grounded, AlternativeUnmet) if a.card == card)


GRANT = "alternative_cost_grant"


def grants_alternatives(board: Board) -> bool:
    """Whether a card on the battlefield may give spells an alternative cost (CR 118.9: its ability
    ``alternative_cost_grant``, or one granting it): only then is :func:`alternatives_granted` asked."""
    library = board.library
    return library is not None and any(
        GRANT in str(card.data) for card in (library.get(p.card_name) for p in board.battlefield) if card is not None)


def alternatives_granted(board: Board, player: str, card: str) -> list[tuple[str, list]]:
    """The alternative costs the abilities of permanents give ``player`` for ``card`` ("You may pay
    {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast": CR 118.9,
    asp/alternative_costs.lp), each (its source, its cost items), in the order of their sources."""
    from pysolver.describe import ability_spec
    grounded = solver.ground(list(cost_facts.total_cost(board, player, card, [(0, 0, 0)])), solver.entry("cost"))
    found = []
    for granted in sorted(read(grounded, AlternativeGranted), key=lambda a: (a.source, str(a.ability))):
        spec = ability_spec(board.library, granted.ability)
        if spec is not None and GRANT in spec:
            found.append((granted.source, list(spec[GRANT]["cost"])))
    return found


def changes_with_targets(board: Board) -> bool:
    """Whether a card on the battlefield changes the cost of spells that target it (CR 601.2c, 601.2f:
    ``if_targets_self``): only then does next cast determine a spell's cost for each choice of targets."""
    library = board.library
    return library is not None and any(
        "if_targets_self" in str(card.data)
        for card in (library.get(p.card_name) for p in board.battlefield) if card is not None)
