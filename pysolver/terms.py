"""The terms nested in decoded atoms, declared once each (pysolver.predicates).

A field that holds a term of one shape is typed with its class's decoder where
it is read: ``match(PrintedAbility, term)`` gives the record, or None when the
term has another shape (an ability term is ``ab(Card, I)``, ``effect_ab(Card,
I)``, ``granted(G, I)``, ``intrinsic(Subtype)`` or a keyword's constant).
"""

from __future__ import annotations

from typing import NamedTuple

from clingo import Function, Symbol

from pysolver.errors import QueryError
from pysolver.predicates import Name, match, term


@term("ab")
class PrintedAbility(NamedTuple):
    """ab(Card, I): the card's ability I (from 0, in the order of its definition)."""

    card: str
    position: int


@term("effect_ab")
class EffectAbility(NamedTuple):
    """effect_ab(Card, I): the effect I of a resolved spell's card."""

    card: str
    position: int


@term("granted")
class GrantedAbility(NamedTuple):
    """granted(G, I): the ability I that the ability term G grants."""

    grant: Symbol
    position: int


def printed_trigger(ability: Symbol, source: str = "") -> PrintedAbility:
    """The printed triggered ability ab(Card, I) a trigger or a stack item names; a triggered
    ability an Aura, Equipment or other permanent grants (granted(G, I), CR 613.1f) is refused
    with the place, where the caller follows only printed ones (next's cast action names a granted
    one by its granting ability: ``stack_trigger``, CR 603.3)."""
    printed = match(PrintedAbility, ability)
    if printed is not None:
        return printed
    granted = match(GrantedAbility, ability)
    assert granted is not None, f"a triggered ability is ab(Card, I) or granted(G, I): {ability}"
    granter = match(PrintedAbility, granted.grant)
    by = f"{granter.card}'s ability {granter.position + 1}" if granter is not None else str(granted.grant)
    holder = f"{source}'s " if source else "a "
    raise QueryError(f"{holder}triggered ability granted by {by} would trigger: a granted triggered ability "
                     "isn't followed on the stack yet (CR 613.1f, 603.3)")


def stack_trigger(ability: Symbol, source: str = "") -> tuple[PrintedAbility, int | None]:
    """The printed ability a triggered ability a stack item can name is: ab(Card, I) itself, with no grant, or
    for a triggered ability a printed static ability grants (granted(ab(Card, I), J), CR 613.1f), that static
    ability and J + 1, the place among its grants a stack item's ``granted`` names (from 1).  A grant of
    another kind is refused (``printed_trigger``)."""
    granted = match(GrantedAbility, ability)
    granter = match(PrintedAbility, granted.grant) if granted is not None else None
    if granted is None or granter is None:
        return printed_trigger(ability, source), None
    return granter, granted.position + 1


@term("intrinsic")
class IntrinsicAbility(NamedTuple):
    """intrinsic(Subtype): a basic land type's mana ability (CR 305.6)."""

    subtype: str


@term("by")
class AddedBy(NamedTuple):
    """by(Source, A): a step added by Source's ability A (turn.lp's origin of a step)."""

    source: str
    ability: Symbol


@term("ev")
class Event(NamedTuple):
    """ev(O, A): the mana production event of object O's ability A."""

    obj: str
    ability: Symbol


@term("act")
class Activation(NamedTuple):
    """act(O, A, Choice): activating O's ability A with a cost choice."""

    obj: str
    ability: Symbol
    choice: Symbol


@term("sac")
class Sacrificing(NamedTuple):
    """sac(O): a cost choice that sacrifices O."""

    obj: Symbol


@term("flip")
class Flipping(NamedTuple):
    """flip(R): the result of the coin flip of an activation, won or lost (CR 705.1)."""

    result: Name


@term("sac_x")
class SacrificingX(NamedTuple):
    """sac_x(X, S): a cost choice that sacrifices X permanents, the set S (asp/mana_activation.lp)."""

    x: int
    set: int


@term("r")
class ReplacementTerm(NamedTuple):
    """r(Source, A): the replacement effect of Source's ability A."""

    source: str
    ability: Symbol


@term("t")
class TriggerTerm(NamedTuple):
    """t(Source, A): the triggered mana ability A of Source."""

    source: str
    ability: Symbol


# Reasons can-activate adds beside the rules' own when the payment search decides the mana
# of a cost (query/activation.py): the same terms as cannot/4's mana and together.  Not facts:
# these never reach clingo.
MANA_REASON = Function("mana", [])
TOGETHER_REASON = Function("together", [])


@term("obj")
class ObjectTarget(NamedTuple):
    """obj(O): permanent O as a target (asp/targets.lp, CR 115.1)."""

    id: str


@term("player")
class PlayerTarget(NamedTuple):
    """player(P): player P as a target (CR 115.1)."""

    name: str
