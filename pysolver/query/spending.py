"""Which mana a player may spend on which symbol (CR 609.4b, 107.4c), as asp/spending.lp derives it.

The Python payment search (pysolver/query/payment.py) reads the relation from the grounding of
query/mana.lp, so it and asp/pool_payment.lp pay by the one rule.  ``Spending`` maps each mana
type to the symbols (a color or C) it may pay; generic mana takes any mana (107.4b).
"""

from __future__ import annotations

from typing import NamedTuple

from pysolver.predicates import Name, predicate, read

TYPES = "WUBRGC"
COLORS = "WUBRG"


@predicate("may_pay_with")
class MayPayWith(NamedTuple):
    player: str
    mana: Name  # the type of the mana spent
    symbol: Name  # the symbol it may pay (a color, or c for {C})


@predicate("spends_otherwise")
class SpendsOtherwise(NamedTuple):
    player: str
    source: str  # the permanent whose ability changes how the player spends mana


DECODES = (MayPayWith, SpendsOtherwise)

# Without any such effect: each type pays its own symbol (CR 107.4, 106.1).
PLAIN: dict[str, frozenset[str]] = {t: frozenset(t) for t in TYPES}


class Spending(NamedTuple):
    """The symbols each type of mana may pay, and the permanents that changed that."""

    pays: dict[str, frozenset[str]]
    sources: frozenset[str] = frozenset()

    @property
    def plain(self) -> bool:
        return self.pays == PLAIN

    def any_pays(self, kind: str) -> bool:
        """Whether mana of some color ({Any} may become it) pays a symbol of this kind."""
        return any(kind in self.pays[color] for color in COLORS)


NO_EFFECT = Spending(PLAIN)


def spending_of(grounded, player: str) -> Spending:
    """The player's relation, from a grounding of an entry program that shows asp/spending.lp's atoms."""
    pays: dict[str, set[str]] = {t: set() for t in TYPES}
    for atom in read(grounded, MayPayWith):
        if atom.player == player:
            pays[atom.mana.upper()].add(atom.symbol.upper())
    sources = frozenset(a.source for a in read(grounded, SpendsOtherwise) if a.player == player)
    return Spending({t: frozenset(s) for t, s in pays.items()}, sources)
