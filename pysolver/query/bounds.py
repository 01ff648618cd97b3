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
from typing import NamedTuple, TypeVar

from clingo import Symbol

from pysolver import solver
from pysolver.errors import LimitExceeded
from pysolver.predicates import Vector, decode, predicate, signature

T = TypeVar("T")

REPLACEMENT_BOUND = 30
AMOUNT_CAP = 2_000_000_000


@predicate("effects_beyond", kind="grounding")
class EffectsBeyond(NamedTuple):
    event: Symbol


@predicate("amount_beyond", kind="grounding")
class AmountBeyond(NamedTuple):
    event: Symbol


@predicate("mana_option", kind="grounding")
class ManaOption(NamedTuple):
    obj: Symbol
    vector: Vector
    state: Symbol


@predicate("mana_pool", kind="grounding")
class ManaPool(NamedTuple):
    player: Symbol
    vector: Vector


def _possible(grounded: solver.Grounded, cls: type[T]) -> list[T]:
    """Every atom of ``cls`` the grounding holds (decided or not: a possible one counts).
    These are read before solving, whether or not the entry program shows them."""
    name, arity = signature(cls)
    return [decode(cls, a.symbol) for a in grounded.control.symbolic_atoms.by_signature(name, arity)]


def check(grounded: solver.Grounded, file: str | None, amounts: bool = True,
          wanted: Callable[[Symbol], bool] = lambda event: True) -> None:
    """Refuse when an event ``wanted`` selects went past a bound.  ``amounts``: the answer
    depends on how much mana (mana, available, can-activate), not only on its types."""
    if any(wanted(a.event) for a in _possible(grounded, EffectsBeyond)):
        raise LimitExceeded(f"incomplete: more than {REPLACEMENT_BOUND} replacement effects could "
                            "apply to one mana production event; that many are not followed", file=file)
    if amounts and any(wanted(a.event) for a in _possible(grounded, AmountBeyond)):
        raise LimitExceeded(f"incomplete: an ability would produce more than {AMOUNT_CAP:,} mana after "
                            "replacement effects; amounts that large are not computed", file=file)


INT_MAX = 2**31 - 1


def check_sums(grounded: solver.Grounded, file: str | None) -> None:
    """available and can-activate add up what each permanent can produce (mana_option/3 of
    asp/activation.lp) and the pools: refuse if the sum could pass clingo's integers."""
    best: dict[Symbol, int] = {}
    for option in _possible(grounded, ManaOption):
        best[option.obj] = max(best.get(option.obj, 0), sum(option.vector))
    pools = [sum(pool.vector) for pool in _possible(grounded, ManaPool)]
    if sum(best.values()) + max(pools, default=0) > INT_MAX:
        raise LimitExceeded(f"incomplete: the mana of the player's permanents together could pass "
                            f"{INT_MAX:,}; amounts that large are not computed", file=file)
