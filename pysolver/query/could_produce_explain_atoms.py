"""The atoms could-produce's explanation reads (asp/explain/could_produce.lp), as typed
predicates: declared apart from the module that words them (could_produce_explain.py),
so that the could-produce query names what its explanation decodes (``explain_atoms``:
this module, imported only when asked) without importing either (issue 16: a query
imports what it runs)."""

from __future__ import annotations

from typing import NamedTuple

from clingo import Symbol

from pysolver.predicates import Name, predicate


@predicate("ex_level")
class ExLevel(NamedTuple):
    obj: str
    type: Name
    level: int  # the well-founded level of could_produce(obj, type)


@predicate("ex_base")
class ExBase(NamedTuple):
    obj: str
    type: Name
    ability: Symbol
    start: Symbol  # the mana it would produce: m(W, U, B, R, G, C)


@predicate("ex_via")
class ExVia(NamedTuple):
    obj: str
    type: Name
    ability: Symbol
    reflected: Name
    start: Symbol
    level: int


@predicate("ex_supporter")
class ExSupporter(NamedTuple):
    obj: str
    type: Name
    ability: Symbol
    reflected: Name
    supporter: str


@predicate("ex_step")
class ExStep(NamedTuple):
    event: Symbol
    start: Symbol
    applied: int
    mana: Symbol
    replacement: Symbol
    applied_after: int
    mana_after: Symbol


@predicate("ex_skip")
class ExSkip(NamedTuple):
    """An effect that doesn't exist, passed over (no step): its bit set, the mana unchanged."""
    event: Symbol
    start: Symbol
    applied: int
    mana: Symbol
    applied_after: int


@predicate("ex_final")
class ExFinal(NamedTuple):
    event: Symbol
    start: Symbol
    applied: int
    mana: Symbol


@predicate("ex_no_mana_ability")
class ExNoManaAbility(NamedTuple):
    obj: str


@predicate("ex_types_set_by")
class ExTypesSetBy(NamedTuple):
    obj: str
    setter: str


@predicate("ex_lost_mana_ability")
class ExLostManaAbility(NamedTuple):
    obj: str
    ability: Symbol


@predicate("ex_lost_all")
class ExLostAll(NamedTuple):
    obj: str
    ability: Symbol
    remover: str


@predicate("ex_nothing_to_see")
class ExNothingToSee(NamedTuple):
    obj: str
    ability: Symbol


@predicate("ex_sees_no_type")
class ExSeesNoType(NamedTuple):
    obj: str
    ability: Symbol
    seen: Symbol


@predicate("ex_colorless_left_out")
class ExColorlessLeftOut(NamedTuple):
    obj: str
    ability: Symbol


@predicate("ex_lost_static")
class ExLostStatic(NamedTuple):
    source: str
    ability: Symbol
    setter: str


@predicate("ex_would_add")
class ExWouldAdd(NamedTuple):
    obj: str
    source: str
    ability: Symbol
    type: Symbol


@predicate("ex_undefined")
class ExUndefined(NamedTuple):
    obj: str
    ability: Symbol


@predicate("ex_zero")
class ExZero(NamedTuple):
    obj: str
    ability: Symbol
    type: Name  # a type, or none


@predicate("ex_replaced_by")
class ExReplacedBy(NamedTuple):
    obj: str
    ability: Symbol
    type: Name
    replacement: Symbol


@predicate("ex_replaced_away")
class ExReplacedAway(NamedTuple):
    obj: str
    ability: Symbol
    type: Name


EXPLAIN_DECODES = (ExLevel, ExBase, ExVia, ExSupporter, ExStep, ExSkip, ExFinal, ExNoManaAbility,
                   ExTypesSetBy, ExLostManaAbility, ExLostAll, ExNothingToSee, ExSeesNoType,
                   ExColorlessLeftOut, ExUndefined, ExZero, ExReplacedBy, ExReplacedAway,
                   ExLostStatic, ExWouldAdd)
