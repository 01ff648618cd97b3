"""Numbers beyond clingo's 32-bit integers: refused, never wrapped (issue 11).

asp/mana_replacement.lp follows at most ``replacement_bound`` (30) replacement
effects per mana event (their set is a bit set in one integer) and computes an
amount only up to ``amount_cap`` (2,000,000,000 mana from one ability).  Past
either bound it says so (effects_beyond/1, amount_beyond/1) instead of
wrapping; this module turns those atoms into the "incomplete" limit error
(exit 3) for every query whose answer depends on them.
"""

from __future__ import annotations

from collections.abc import Callable

from clingo import Symbol

from pysolver import solver
from pysolver.errors import LimitExceeded

REPLACEMENT_BOUND = 30
AMOUNT_CAP = 2_000_000_000


def _possible(grounded: solver.Grounded, name: str) -> list[Symbol]:
    """Every atom name/1 the grounding holds (decided or not: a possible one counts)."""
    return [a.symbol for a in grounded.control.symbolic_atoms.by_signature(name, 1)]


def check(grounded: solver.Grounded, file: str | None, amounts: bool = True,
          wanted: Callable[[Symbol], bool] = lambda event: True) -> None:
    """Refuse when an event ``wanted`` selects went past a bound.  ``amounts``: the answer
    depends on how much mana (mana, available, can-activate), not only on its types."""
    if any(wanted(a.arguments[0]) for a in _possible(grounded, "effects_beyond")):
        raise LimitExceeded(f"incomplete: more than {REPLACEMENT_BOUND} replacement effects could "
                            "apply to one mana production event; that many are not followed", file=file)
    if amounts and any(wanted(a.arguments[0]) for a in _possible(grounded, "amount_beyond")):
        raise LimitExceeded(f"incomplete: an ability would produce more than {AMOUNT_CAP:,} mana after "
                            "replacement effects; amounts that large are not computed", file=file)


INT_MAX = 2**31 - 1


def check_sums(grounded: solver.Grounded, file: str | None) -> None:
    """available and can-activate add up what each permanent can produce (mana_option/3 of
    asp/activation.lp) and the pools: refuse if the sum could pass clingo's integers."""
    best: dict[Symbol, int] = {}
    for atom in _possible_n(grounded, "mana_option", 3):
        total = sum(n.number for n in atom.arguments[1].arguments)
        best[atom.arguments[0]] = max(best.get(atom.arguments[0], 0), total)
    pools = [sum(n.number for n in a.arguments[1].arguments) for a in _possible_n(grounded, "mana_pool", 2)]
    if sum(best.values()) + max(pools, default=0) > INT_MAX:
        raise LimitExceeded(f"incomplete: the mana of the player's permanents together could pass "
                            f"{INT_MAX:,}; amounts that large are not computed", file=file)


def _possible_n(grounded: solver.Grounded, name: str, arity: int) -> list[Symbol]:
    return [a.symbol for a in grounded.control.symbolic_atoms.by_signature(name, arity)]
