"""Every distinct result of activating one mana ability now (CR 602, 605, 106.12, 616.1).

The rules (asp/mana_activation.lp, asp/mana_triggers.lp on top of
asp/mana_replacement.lp) compute, in the grounder, every reachable state of
the mana production event and every result after triggered mana abilities.
This module reads those atoms, groups results that are the same for the
player (mana added, restricted part, side effects), and derives one witness
per outcome by walking the reachable-state edges backwards (next/6 for
replacement effects, tstep/7 for triggered mana abilities): one path, never
an enumeration of orders.

Ability numbers (``--ability N``) are the one numbering of every query
(query/abilities.py): all activated abilities, mana or not, counted from 1;
``--ability`` also takes an ability's text or cost.

Costs: {T}, {Q}, counters, life, sacrifices and "activate only if" are
checked by asp/legality.lp, the rules can-activate reads too (an ability
whose costs can't be paid now has no outcome, and ``cannot_activate`` says
why, in can-activate's words); mana in a cost ({2}, {3}) is judged as
can-activate judges it, by the payment search (``_mana_in_cost``), and an ability
that adds the mana left in the pool after its cost is paid (Doubling Cube) is
refused: next activate gives each way of paying it.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache, partial
from typing import Any, NamedTuple, TypeVar

from clingo import Symbol

from pysolver import activations, addressing, chance, describe, limits, solver, triggered_mana, words
from pysolver.chance import RandomAmong
from pysolver.board import Board, slug
from pysolver.errors import LimitExceeded, QueryError
from pysolver.facts import queries as facts
from pysolver.mana import TYPES, vector_symbols
from pysolver.query import activation, bounds
from pysolver.query.activation import (ActivationUnknown, CostText, FilterColor, FilterOther, FilterSubtype,
                                       FilterSupertype, FilterTapped, FilterType, SelfExcluded, TapsOrUntaps)
from pysolver.predicates import Reader, decode, match, predicate, term, texts, vector
from pysolver.query.abilities import (NUMBERING_DECODES, ActivatedAbility, AffectsAbilities, EffectMember,
                                      ExcludedSelf, Kind, NumberedAbility, choose, numbered,
                                      split_cost)
from pysolver.query.registry import Query, register
from pysolver.side_effects import SideEffect
from pysolver.terms import (Activation, Event, Flipping, PrintedAbility, ReplacementTerm, Sacrificing,
                            SacrificingX, TriggerTerm)


# "Sacrifice X ...": the most candidates whose sets are enumerated (asp/mana_activation.lp's
# max_sacrifice_x; a test keeps the two equal).
MAX_SACRIFICE_X = 10

# ------------------------------------------------------------ the atoms read
# (Ev: the event, ev(O, A) or act(O, A, Choice); V, Acc, T: m(W, U, B, R, G, C) vectors;
# R: a replacement r(S, A); Tr: a triggered mana ability t(S, A); asp/mana_*.lp.)
R = TypeVar("R")  # a record type (pysolver.predicates)

@predicate("activation")
class ActivationAtom(NamedTuple):
    event: Symbol
    obj: str
    ability: Symbol


@predicate("restricted_mana")
class RestrictedMana(NamedTuple):
    event: Symbol  # the mana of this event is restricted (CR 106.6)


@predicate("side_effect")
class SideEffectAtom(NamedTuple):
    event: Symbol
    effect: Symbol


@predicate("trigger_effect")
class TriggerEffect(NamedTuple):
    event: Symbol
    vector: Symbol
    effect: Symbol


@predicate("witness_final")
class WitnessFinal(NamedTuple):
    event: Symbol
    vector: Symbol
    state: int


@predicate("path_edge")
class PathEdge(NamedTuple):
    event: Symbol
    state: int
    vector: Symbol
    replacement: Symbol
    position: int  # the replacement's bit in the set of those applied
    after: Symbol


@predicate("path_skip")
class PathSkip(NamedTuple):
    """A replacement effect that doesn't exist, passed over on the witness path: no step."""
    event: Symbol
    state: int
    vector: Symbol
    position: int


@predicate("tstep")
class TriggerStep(NamedTuple):
    """One place of a chain of triggered mana abilities: its mana added (before, after) to a
    result of a profile (the types it holds), asp/mana_triggers.lp."""
    chain: Symbol
    profile: Symbol
    position: int
    before: Symbol
    trigger: Symbol
    added: Symbol
    after: Symbol


@term("p")
class Profile(NamedTuple):
    """p(W, U, B, R, G, C): which types a result holds, 1 or 0 each (asp/mana_triggers.lp)."""
    w: int
    u: int
    b: int
    r: int
    g: int
    c: int


@predicate("profile")
class VectorProfile(NamedTuple):
    """profile(V, P): the types result V holds, the key of its chain (asp/mana_triggers.lp)."""
    vector: Symbol
    profile: Symbol


@predicate("chain_of")
class ChainOf(NamedTuple):
    event: Symbol
    chain: Symbol


@predicate("cost_gone")
class CostGone(NamedTuple):
    """A permanent the event's cost sacrificed (asp/mana_activation.lp)."""
    event: Symbol
    obj: str


@predicate("fired")
class Fired(NamedTuple):
    event: Symbol
    vector: Symbol
    trigger: Symbol


@predicate("declined")
class Declined(NamedTuple):
    """An optional triggered mana ability that fired on a result ("may add", CR 603.5)."""
    event: Symbol
    vector: Symbol
    trigger: Symbol


@predicate("restricted_trigger")
class RestrictedTrigger(NamedTuple):
    """A fired triggered mana ability whose mana carries a spending restriction (CR 106.6)."""
    event: Symbol
    vector: Symbol
    trigger: Symbol
    restriction: str


@predicate("trig_total")
class TriggerTotal(NamedTuple):
    event: Symbol
    number: int


@predicate("not_for_event")
class NotForEvent(NamedTuple):
    event: Symbol
    replacement: Symbol


@predicate("taps_for_mana")
class TapsForMana(NamedTuple):
    ability: Symbol


@predicate("replacement_count")
class ReplacementCount(NamedTuple):
    number: int


@predicate("outcome")
class OutcomeAtom(NamedTuple):
    event: Symbol
    vector: Symbol
    total: Symbol


@predicate("blocked")
class Blocked(NamedTuple):
    obj: str
    ability: Symbol
    rule: str
    why: Symbol


@predicate("untap_unjudged")
class UntapUnjudged(NamedTuple):
    obj: str
    ability: Symbol


@predicate("read_after_cost_unjudged")
class ReadAfterCostUnjudged(NamedTuple):
    obj: str
    ability: Symbol


@predicate("amount_of")
class AmountOf(NamedTuple):
    obj: str
    ability: Symbol
    amount: int


@term("ability")
class AbilityEffect(NamedTuple):
    """ability(Source, A): the triggered ability A of Source, whose effect is text."""

    source: Symbol
    ability: Symbol


@term("left")
class LeftEffect(NamedTuple):
    """left(Source, A): the ability A of Source a permanent leaving the battlefield triggered
    (CR 603.10a; asp/zone_change.lp), its effect as text."""

    source: Symbol
    ability: Symbol


@term("tapped")
class TappedEffect(NamedTuple):
    """tapped(Source, A): the ability A of Source that the activation's {T} cost triggered ("whenever
    ~ becomes tapped", "when enchanted land becomes tapped"; CR 603.2e, asp/tapping.lp): it goes on the
    stack after the activation (605.5a)."""

    source: Symbol
    ability: Symbol


@term("untapped")
class UntappedEffect(NamedTuple):
    """untapped(Source, A): the ability A of Source that the activation's {Q} cost triggered ("whenever
    ~ becomes untapped"; CR 603.2, asp/tapping.lp): it goes on the stack after the activation (605.5a)."""

    source: Symbol
    ability: Symbol


@term("trigger")
class TriggeredEffect(NamedTuple):
    """trigger(E): a side effect E of a triggered mana ability."""

    effect: Symbol


@term("may_trigger")
class MayTriggerEffect(NamedTuple):
    """may_trigger(E): a side effect E (tapped/2, untapped/2) that the permanents a cost taps or
    untaps, the controller's choice, may trigger (CR 603.2, 118.3; asp/mana_activation.lp)."""

    effect: Symbol


@predicate("too_many_sacrifice_sets")
class TooManySacrificeSets(NamedTuple):
    """"Sacrifice X ...": more candidates than asp/mana_activation.lp builds the sets of."""

    obj: str
    ability: Symbol
    candidates: int


DECODES = NUMBERING_DECODES + (TooManySacrificeSets, ActivationAtom, RestrictedMana, SideEffectAtom, TriggerEffect,
                               WitnessFinal, PathEdge, PathSkip, TriggerStep, VectorProfile, ChainOf, CostGone, Fired,
                               TriggerTotal, NotForEvent, Declined, RestrictedTrigger,
                               TapsForMana, ReplacementCount, OutcomeAtom, Blocked, AmountOf, FilterColor, FilterType,
                               FilterSubtype, FilterSupertype, FilterOther, FilterTapped, TapsOrUntaps, SelfExcluded,
                               RandomAmong, UntapUnjudged, ReadAfterCostUnjudged, ActivationUnknown, CostText)



# ------------------------------------------------------------------ results
@dataclass(frozen=True)
class ManaAbility:
    """One activated ability of the permanent, numbered as every query numbers them."""

    index: int
    text: str
    origin: str  # "printed", "intrinsic (Forest)", "granted by <id>"
    term: Symbol = field(repr=False, compare=False)
    kind: str = "mana"  # mana or activated (only mana abilities have outcomes)

    def to_json(self) -> dict:
        return {"index": self.index, "text": self.text, "origin": self.origin}


@dataclass(frozen=True)
class Step:
    """One step of a witness: what happens, the mana so far, the rules applied."""

    action: str
    mana: str
    rules: tuple[str, ...]

    def to_json(self) -> dict:
        return {"action": self.action, "mana": self.mana, "rules": list(self.rules)}

    def __str__(self) -> str:
        return f"{self.action}  [CR {', '.join(self.rules)}]"


@dataclass(frozen=True)
class Outcome:
    """One distinct result: the mana added, its restricted part, the side effects."""

    mana: tuple[tuple[str, int], ...]  # (type, count) in WUBRGC order, counts > 0
    restricted: tuple[tuple[str, int], ...] | None  # the part carrying the ability's restriction
    effects: tuple[SideEffect, ...]  # each a str: its wording
    # Its witness, made when first read (the payment search reads few of the outcomes it keeps)
    steps_of: Callable[[], tuple[Step, ...]] = field(compare=False, repr=False)
    # CR 705: the chance of the random results that lead to it (None: no random result)
    probability: Fraction | None = None
    # CR 106.6: the restriction its restricted part carries when a triggered mana ability's
    # restriction gave it ("": the ability's own, or none)
    restriction: str = ""
    # The sources of the triggered mana abilities that fired on a way to it (CR 106.3: the source of
    # the mana they add, not the permanent tapped; the payment search reads whether they are snow)
    trigger_sources: tuple[str, ...] = field(default=(), compare=False)

    @cached_property
    def witness(self) -> tuple[Step, ...]:
        """The steps and rules that lead to it."""
        return self.steps_of()

    @property
    def symbols(self) -> str:
        return vector_symbols(dict(self.mana))

    def canonical(self) -> dict[str, Any]:
        data: dict[str, Any] = {"mana": self.symbols}
        if self.restricted is not None:
            data["restricted"] = vector_symbols(dict(self.restricted))
        if self.effects:
            data["effects"] = [str(e) for e in self.effects]
        if self.probability is not None:
            data["probability"] = str(self.probability)
        return data

    def to_json(self) -> dict:
        data = self.canonical()
        data["amounts"] = dict(self.mana)
        data["effects"] = [str(e) for e in self.effects]
        data["witness"] = [s.to_json() for s in self.witness]
        if self.restriction:
            data["restriction"] = self.restriction
        return data


@dataclass(frozen=True)
class ManaResult:
    """The answer: which ability, whether it can be activated, every outcome."""

    permanent: str
    card: str
    controller: str
    ability: ManaAbility
    abilities: tuple[ManaAbility, ...]
    triggers: bool
    cannot_activate: tuple[str, ...]  # why the costs can't be paid now (empty: they can)
    outcomes: tuple[Outcome, ...]
    shown: str = ""  # the card in prose: a copy with what it copies (pysolver.words)

    def canonical(self) -> list[dict[str, Any]]:
        return [o.canonical() for o in self.outcomes]

    def to_json(self) -> dict:
        return {"permanent": self.permanent, "card": self.card, "controller": self.controller,
                "ability": self.ability.to_json(), "triggers": self.triggers,
                "cannot_activate": list(self.cannot_activate),
                "outcomes": [o.to_json() for o in self.outcomes]}


# ------------------------------------------------------------------ helpers
_vector = lru_cache(maxsize=65536)(vector)


def _amounts(vector: tuple[int, ...]) -> tuple[tuple[str, int], ...]:
    return tuple((t, n) for t, n in zip(TYPES, vector, strict=True) if n > 0)


@lru_cache(maxsize=65536)
def _show(vector: tuple[int, ...]) -> str:
    return _symbols(vector) or "no mana"


@lru_cache(maxsize=65536)
def _symbols(vector: tuple[int, ...]) -> str:
    return vector_symbols(dict(_amounts(vector)))


def _term_text(own: tuple[int, ...], added: tuple[int, ...]) -> str:
    """The total of two vectors as clingo writes the term m(W, U, B, R, G, C)."""
    return f"m({','.join(str(a + b) for a, b in zip(own, added, strict=True))})"


def _text(term: Symbol) -> str:
    """A string's text, a number's digits, any other term as clingo writes it."""
    return term.string if term.type.name == "String" else str(term)


# ------------------------------------------------------------------- query
class _Query:
    def __init__(self, board: Board, permanent_id: str, triggers: bool):
        self.permanent = board.permanent(permanent_id)
        self.triggers = triggers
        # Read only: one grounding answers every ability of the permanent (solver.ground_shared).
        self._setup(board, solver.ground_shared(facts.mana(board, permanent_id, triggers), solver.entry("mana")))

    def _setup(self, board: Board, grounded: solver.Grounded) -> None:
        self.board = board
        self.grounded = grounded
        self.read = Reader(grounded)
        self._names: dict = {}
        self.names = {p.id: p.card for p in board.battlefield}
        self.names.update({e.id: e.card for e in board.effects})
        self.timestamps = {p.id: p.timestamp for p in board.battlefield}
        self.timestamps.update({e.id: e.timestamp for e in board.effects})

    def name(self, obj: Symbol | str) -> str:
        if obj not in self._names:
            self._names[obj] = self._name(obj)
        return self._names[obj]

    def _name(self, obj: Symbol | str) -> str:
        ident = obj if isinstance(obj, str) else _text(obj)
        card = self.names.get(ident)
        if card is None or slug(card) == ident:
            return card or ident
        return f"{card} ({ident})"

    # -- abilities
    def abilities(self) -> list[ManaAbility]:
        """Every activated ability of the permanent, in the one numbering (query/abilities.py)."""
        kinds = {str(a.ability): a.kind for a in self.read(Kind)}
        terms = [(a.ability, kinds.get(str(a.ability), "activated"))
                 for a in self.read.by(ActivatedAbility, "obj").get(self.permanent.id, ())]
        found = numbered(self.board, self.permanent.id, terms, self.read(AffectsAbilities),
                         self.read(EffectMember), self.read(ExcludedSelf))
        return [ManaAbility(a.number, a.text, a.origin, a.term, a.kind) for a in found]

    # -- outcomes
    def run(self, ability: ManaAbility, lazy: bool = False) -> tuple[tuple[str, ...], tuple[Outcome, ...]]:
        """Why the ability can't be activated, else its outcomes; ``lazy``: each witness made
        when first read (the outcomes then hold this query and its grounding)."""
        read = self.read
        term = ability.term
        # CR 602.2b, 601.2h: a cost kept as text ("Pay {E}", "Mill a card", "Put a -0/-1 counter on ~"): whether
        # it can be paid, and what paying it does, are unknown (can-activate refuses it alike)
        unknown = [f"the cost {c.text!r}" for c in read(CostText) if c.ability == term]
        unknown += [u.text for u in read(ActivationUnknown) if u.obj == self.permanent.id and u.ability == term]
        if unknown and not any(b.obj == self.permanent.id and b.ability == term
                               and not activation.paid_by_the_search(b.why) for b in read(Blocked)):
            # CR 602.1b, 601.2f: unless it can't be activated whatever its cost (a cost or restriction that fails
            # on its own, as can-activate judges), what activating it takes is unknown
            what = unknown[0] if unknown[0].startswith("the cost ") else repr(unknown[0])
            raise QueryError(f"{self.permanent.id} ({self.permanent.card}) ability {ability.index}: {what} "
                             "is not modelled, so whether it can be activated now, and what activating it pays, are "
                             "unknown (CR 601.2f, 602.2b)", file=self.board.name, place="PERMANENT")
        reasons = self.reasons(ability)
        if reasons:
            return reasons, ()
        if any(u.obj == self.permanent.id and u.ability == term for u in read(ReadAfterCostUnjudged)):
            raise LimitExceeded(f"incomplete: {self.permanent.id}'s mana ability {ability.index} pays a cost that "
                                "changes what it reads from the board for what it adds (a sacrifice, a tap or "
                                "untap, life, cards, counters), which it does as it resolves, after the cost "
                                "(CR 601.2h, 608.2h): not modelled", file=self.board.name)
        for too_many in read(TooManySacrificeSets):
            if too_many.obj == self.permanent.id and too_many.ability == term:
                sets = 2 ** too_many.candidates
                raise LimitExceeded(f"incomplete: ability {ability.index} of {self.permanent.id} may sacrifice "
                                    f"any set of the {too_many.candidates} permanents that fit its cost: "
                                    f"{sets:,} sets, more than the {2 ** MAX_SACRIFICE_X:,} enumerated "
                                    "(CR 107.3a)", file=self.board.name)
        events = [a.event for a in read.by(ActivationAtom, "obj").get(self.permanent.id, ()) if a.ability == term]
        wanted = set(events)

        def mine(cls: type[R]) -> list[R]:
            """The records of ``cls`` about the wanted events (each event's in their order)."""
            index = read.by(cls, "event")
            return [record for event in events for record in index.get(event, ())]

        bounds.check(self.grounded, self.board.name, amounts=False)
        bounds.check(self.grounded, self.board.name, wanted=wanted.__contains__)
        restricted = bool(mine(RestrictedMana))
        self.side: dict[Any, Any] = {}
        for side in mine(SideEffectAtom):
            self.side.setdefault(side.event, []).append(side.effect)
        self.trig_side: dict[tuple, list] = {}
        for trig in mine(TriggerEffect):
            self.trig_side.setdefault((trig.event, trig.vector), []).append(trig.effect)
        self.finals: dict[tuple, int] = {}
        for final in mine(WitnessFinal):
            self.finals[(final.event, final.vector)] = final.state
        self.back: dict[tuple, tuple] = {}
        for edge in mine(PathEdge):
            self.back[(edge.event, edge.state + 2 ** edge.position, edge.after)] = \
                (edge.state, edge.vector, edge.replacement)
        for skip in mine(PathSkip):
            self.back[(skip.event, skip.state + 2 ** skip.position, skip.vector)] = (skip.state, skip.vector, None)
        # Each event's chain of triggered mana abilities, one for each ability and profile of
        # its result (asp/mana_triggers.lp): the places that follow a step (it passes over the
        # triggered mana abilities that could trigger on the event and don't).
        self.chain_of = {c.event: c.chain for c in mine(ChainOf)}
        by_chain = read.by(TriggerStep, "chain")
        self.tpreds: dict[tuple, list] = {}
        self.tdepth: dict[tuple, int] = {}
        for tstep in (step for chain in set(self.chain_of.values()) for step in by_chain.get(chain, ())):
            profile = tuple(decode(Profile, tstep.profile))
            self.tpreds.setdefault((tstep.chain, profile, tstep.position + 1, _vector(tstep.after)), []).append(
                (_vector(tstep.before), tstep.trigger, tstep.added))
            chain = (tstep.chain, profile)
            self.tdepth[chain] = max(self.tdepth.get(chain, 0), tstep.position + 1)
        self.fired: dict[tuple, list] = {}
        for fired in mine(Fired):
            self.fired.setdefault((fired.event, fired.vector), []).append(fired.trigger)
        self.declined = {(d.event, d.vector, d.trigger) for d in mine(Declined)}
        trigger_restrictions: dict[tuple, dict[Symbol, str]] = {}
        for kept in mine(RestrictedTrigger):
            trigger_restrictions.setdefault((kept.event, kept.vector), {})[kept.trigger] = kept.restriction
        self.trig_for: dict[Symbol, int] = {}
        for total in mine(TriggerTotal):  # read for the wanted events only (_witness)
            self.trig_for[total.event] = total.number
        self.gone: dict[Symbol, set[str]] = {}
        for gone in mine(CostGone):
            self.gone.setdefault(gone.event, set()).add(gone.obj)
        self.excluded: dict[Symbol, list] = {}
        for excluded in mine(NotForEvent):
            self.excluded.setdefault(excluded.event, []).append(excluded.replacement)
        self.taps = any(a.ability == term for a in read(TapsForMana))
        self.replacements = sum(a.number for a in read(ReplacementCount))

        # CR 705: the random choices of each event (a coin flip); paths to one result add.
        randoms: dict[Any, list[int]] = {}
        for among in read(RandomAmong):
            if among.at in wanted:
                randoms.setdefault(among.at, []).append(among.candidates)
        best: dict[tuple, tuple] = {}
        reached: dict[tuple, set] = {}
        sources: dict[tuple, set[str]] = {}
        for outcome in mine(OutcomeAtom):
            ev, v, acc = outcome
            effects = tuple(sorted(self._effect(e) for e in
                                   self.side.get(ev, []) + self.trig_side.get((ev, v), [])))
            carried = self._trigger_restriction(ability, ev, v, restricted, trigger_restrictions)
            if carried:  # CR 106.6: the mana the triggers added carries their restriction
                part = tuple(a - b for a, b in zip(_vector(acc), _vector(v), strict=True))
                key = (_vector(acc), part if any(part) else None, effects, carried if any(part) else "")
            else:
                key = (_vector(acc), _vector(v) if restricted else None, effects, "")
            reached.setdefault(key, set()).add(ev)
            sources.setdefault(key, set()).update(decode(TriggerTerm, tr).source for tr in self.fired.get((ev, v), ()))
            candidate = (str(ev), str(v), ev, v, acc)
            if key not in best or candidate[:2] < best[key][:2]:
                best[key] = candidate
        outcomes = []
        # A lazy witness reads this run's tables: a copy keeps them (the next run makes new ones).
        reader = copy.copy(self) if lazy else self
        for key, (_, _, ev, v, acc) in best.items():
            added, land, effects, restriction = key
            probability = None
            if randoms:
                counts: dict[int, int] = {}
                for event in reached[key]:
                    d = chance.denominator(randoms.get(event, ()))
                    counts[d] = counts.get(d, 0) + 1
                probability = chance.total(counts)
            steps_of: Callable[[], tuple[Step, ...]] = partial(reader._witness, ev, v, acc)
            if not lazy:  # a result that outlives the grounding holds its steps, not the query
                steps_of = partial(tuple, steps_of())
            outcomes.append(Outcome(_amounts(added), _amounts(land) if land is not None else None,
                                    effects, steps_of, probability, restriction, tuple(sorted(sources[key]))))
        outcomes.sort(key=lambda o: (sum(n for _, n in o.mana), [-dict(o.mana).get(t, 0) for t in TYPES],
                                     o.restricted or (), o.effects))
        return (), tuple(outcomes)

    def _trigger_restriction(self, ability: ManaAbility, ev: Symbol, v: Symbol, restricted: bool,
                             restrictions: dict[tuple, dict[Symbol, str]]) -> str:
        """CR 106.6: the restriction the mana the triggered mana abilities added to result ``v``
        carries ("": none).  Kept apart as one part only when every fired one that may add mana
        carries the same restriction and the ability's own mana carries none: otherwise refused."""
        kept = restrictions.get((ev, v), {})
        if not kept:
            return ""
        texts_kept = set(kept.values())
        if restricted or len(texts_kept) > 1 or set(self.fired.get((ev, v), [])) - set(kept):
            raise QueryError(f"{self.permanent.id} ({self.permanent.card}) ability {ability.index}: triggered "
                             "mana abilities add mana with a spending restriction beside mana without it or "
                             "with another (CR 106.6), which mana doesn't keep apart",
                             file=self.board.name, place="PERMANENT")
        return texts_kept.pop()

    def refuse_unjudged_untap(self, ability: ManaAbility) -> None:
        """CR 601.2g: a cost that untaps tapped permanents its controller may control may untap
        one tapped for mana first, which only can-activate's mana search follows: asp/legality.lp
        doesn't judge it there (untap_unjudged/2), so it is refused."""
        if any(u.obj == self.permanent.id and u.ability == ability.term for u in self.read(UntapUnjudged)):
            raise QueryError(f"{self.permanent.id} ({self.permanent.card}) ability {ability.index}: its cost "
                             "untaps tapped permanents its controller may control, which may first be tapped "
                             "for mana (CR 601.2g); mana doesn't judge that cost: ask can-activate",
                             file=self.board.name, place="PERMANENT")

    def reasons(self, ability: ManaAbility) -> tuple[str, ...]:
        """Why the ability can't be activated now: the blocked/4 atoms of asp/legality.lp,
        worded as can-activate words them."""
        shared = activation.Ability(ability.index, ability.term, ability.kind, split_cost(ability.text),
                                    ability.text)
        words = activation.Reasons(self.board, self.grounded, self.permanent.id, shared)
        return tuple(sorted({words.sentence(a.rule, a.why) for a in self.read(Blocked)
                             if a.obj == self.permanent.id and a.ability == ability.term}))

    def _effect(self, term: Symbol) -> SideEffect:
        """A side effect worded, with its parts (pysolver.side_effects: nothing reads the words back)."""
        triggered = match(TriggeredEffect, term)
        if triggered is not None:
            inner = self._effect(triggered.effect)
            return SideEffect(f"trigger: {inner}", "trigger", inner=inner)
        may = match(MayTriggerEffect, term)
        if may is not None:  # which permanents the cost taps or untaps is the controller's choice
            inner = self._effect(may.effect)
            return SideEffect(f"may trigger, as the cost chooses: {inner}", "may_trigger", inner=inner)
        left = match(LeftEffect, term)
        if left is not None:  # CR 603.10a: put on the stack after the activation (605.5a)
            source = _text(left.source)
            return SideEffect(f"leaves-the-battlefield {source}'s ability: {self._trigger_text(left.ability)}",
                              "left", source=source)
        tapped = match(TappedEffect, term)
        if tapped is not None:  # CR 603.2e: put on the stack after the activation (605.5a)
            source = _text(tapped.source)
            return SideEffect(f"becomes-tapped {source}'s ability: {self._trigger_text(tapped.ability)}",
                              "tapped", source=source)
        untapped = match(UntappedEffect, term)
        if untapped is not None:  # CR 603.2: put on the stack after the activation (605.5a)
            source = _text(untapped.source)
            return SideEffect(f"becomes-untapped {source}'s ability: {self._trigger_text(untapped.ability)}",
                              "untapped", source=source)
        effect = match(AbilityEffect, term)
        if effect is not None:  # a trigger whose effect is text (CR 603.2, 605.5a)
            source = _text(effect.source)
            return SideEffect(f"{source}'s ability: {self._trigger_text(effect.ability)}", "ability", source=source)
        args = texts(term)
        kind = term.name
        if kind == "pay_life":
            return SideEffect(f"{args[0]} pays {args[1]} life", kind, who=args[0], amount=int(args[1]))
        if kind == "remove_counters":
            count = args[2]
            return SideEffect(f"remove {count} {args[1]} counter{'' if count == '1' else 's'} from {args[0]}", kind,
                              who=args[0], counter=args[1], amount=int(count))
        if kind == "sacrifice":
            return SideEffect(f"sacrifice {args[0]}", kind, who=args[0])
        if kind == "untap":  # the permanent the cost untapped (CR 118.3)
            return SideEffect(f"untap {args[0]}", kind, who=args[0])
        if kind == "exile_from_graveyard":  # CR 701.11a: which cards is its controller's choice
            count = args[1]
            return SideEffect(f"{args[0]} exiles {count} card{'' if count == '1' else 's'} of their graveyard "
                              "(their choice)", kind, who=args[0], amount=int(count))
        if kind == "gain_life":
            return SideEffect(f"{args[0]} gains {args[1]} life", kind, who=args[0], amount=int(args[1]))
        if kind == "damage":
            return SideEffect(f"{args[0]} deals {args[2]} damage to {args[1]}", kind, source=args[0], who=args[1],
                              amount=int(args[2]))
        if kind == "damage_prevented":  # CR 615.1a: all of it prevented (asp/damage.lp)
            return SideEffect(f"the damage {args[0]} would deal to {args[1]} is prevented", kind, source=args[0],
                              who=args[1])
        if kind == "poison":  # CR 120.3b: damage from a source with infect (asp/damage.lp)
            count = args[2]
            return SideEffect(f"{args[0]} deals {count} damage to {args[1]}: {args[1]} gets {count} poison "
                              f"counter{'' if count == '1' else 's'} (infect)", kind, source=args[0], who=args[1],
                              amount=int(count))
        if kind == "lifelink":  # CR 120.3f: its damage's life gain, after replacements (asp/damage.lp)
            return SideEffect(f"{args[0]}'s lifelink: {args[1]} gains {args[2]} life", kind, source=args[0],
                              who=args[1], amount=int(args[2]))
        if kind == "doesnt_untap":
            return SideEffect(f"{args[0]} doesn't untap during its controller's next untap step", kind, who=args[0])
        if kind == "mana_to_each":
            return SideEffect(f"{args[0]} adds the same mana (each player adds it)", kind, who=args[0])
        if kind == "mana_to_chosen":
            return SideEffect(f"the mana goes to a player {args[0]} chooses", kind, who=args[0])
        if kind in ("paid_instead", "none_paid"):  # CR 608.2d
            who = "a player" if args[0] == "any" else "an opponent"
            if kind == "paid_instead":
                return SideEffect(f"{who} pays {args[1]}: it adds no mana", kind, who=args[0])
            return SideEffect(f"no {'player' if args[0] == 'any' else 'opponent'} pays {args[1]}", kind, who=args[0])
        if kind == "unmodelled":  # an effect kept as text (asp/mana_activation.lp)
            source = args[0]
            sentence = args[1].replace("~", self.names.get(source, source))
            return SideEffect(f"{source}: {sentence} (not modelled)", kind, source=source, sentence=sentence)
        return SideEffect(str(term), kind)  # pragma: no cover

    def _trigger_text(self, ability: Symbol) -> str:
        """The text of triggered ability ab(Card, I) of the board's library, or of one granted
        (granted(G, I), CR 613.1f)."""
        spec = (describe.ability_spec(self.board.library, ability) or {}).get("triggered", {})
        return str(spec.get("text", ability))

    def _source(self, replacement: Symbol) -> str:
        """The name of a replacement effect's source, with the ability's number when its card
        has more than one replacement effect (Naked Singularity's one per land type)."""
        term = decode(ReplacementTerm, replacement)
        printed = match(PrintedAbility, term.ability)
        card = self.board.library.get(printed.card) if printed is not None and self.board.library else None
        if card is not None and sum("replacement" in a for a in card.abilities()) > 1:
            return f"{self.name(term.source)} (its ability {printed.position + 1})"
        return self.name(term.source)

    def _amount_zero(self, ev: Symbol) -> bool:
        """The activation's ability has an amount, and it is 0 (amount_of, mana_production.lp)."""
        event = match(Event, ev) or match(Activation, ev)
        if event is None:
            return False
        return any(a.obj == event.obj and a.ability == event.ability and a.amount == 0
                   for a in self.read(AmountOf))

    def _witness(self, ev: Symbol, v: Symbol, acc: Symbol) -> tuple[Step, ...]:
        steps: list[Step] = []
        activated = match(Activation, ev)
        choice = activated.choice if activated is not None else None
        # Replacement path: walk back from the witness's final state to a start
        # (S = 0) along the path edges the rules chose.
        state = (self.finals.get((ev, v), 0), v)  # none: no mana (106.5)
        path = []
        while state[0] != 0:
            s_prev, v_prev, r = self.back[(ev, state[0], state[1])]
            if r is not None:  # None: an effect that doesn't exist, passed over
                path.append((r, v_prev, state[1]))
            state = (s_prev, v_prev)
        path.reverse()
        start = _vector(state[1])
        cost = "activate it"
        sacrificing = match(Sacrificing, choice) if choice is not None else None
        if sacrificing is not None:
            cost = f"activate it, sacrificing {self.name(sacrificing.obj)} to pay its cost"
        sacrificing_x = match(SacrificingX, choice) if choice is not None else None
        if sacrificing_x is not None:  # CR 107.3a: X announced, then that many sacrificed
            sacrificed = sorted(self.name(texts(e)[0]) for e in self.side.get(ev, []) if e.name == "sacrifice")
            cost = (f"activate it with X = {sacrificing_x.x}"
                    + (f", sacrificing {words.listing(sacrificed)} to pay its cost" if sacrificed else ""))
        flipping = match(Flipping, choice) if choice is not None else None
        if flipping is not None:  # CR 705.1, 705.2
            result = "win" if flipping.result == "won" else "lose"
            cost = f"activate it and flip a coin: you {result} the flip (probability 1/2)"
        if choice is not None and str(choice) == "paid":  # CR 608.2d
            steps.append(Step("activate it: a player pays what it asks, so it adds no mana", "",
                              ("602.2", "608.2d")))
        elif sum(start) == 0 and flipping is not None:
            steps.append(Step(f"{cost}: it adds no mana on this result", "", ("602.2", "705.1")))
        elif sum(start) == 0 and self._amount_zero(ev):
            # "Add {G} for each creature you control" with none: a defined amount, 0 (not 106.5).
            steps.append(Step(f"{cost}: it adds no mana: the amount it adds is 0 now", "", ("602.2",)))
        elif sum(start) == 0:
            steps.append(Step(f"{cost}: it produces no mana (no type or amount can be defined)",
                              "", ("602.2", "106.5")))
        else:
            steps.append(Step(f"{cost}: it would produce {_show(start)}", _symbols(start), ("602.2", "605.3b")))
        for r in sorted(self.excluded.get(ev, []), key=lambda r: self._source(r)):
            if decode(ReplacementTerm, r).source in self.gone.get(ev, ()):
                steps.append(Step(f"the replacement effect of {self._source(r)} doesn't apply: its source was "
                                  "sacrificed to pay the cost", _symbols(start), ("601.2h", "603.10", "106.12b")))
            elif self.taps:
                steps.append(Step(f"the replacement effect of {self._source(r)} doesn't apply "
                                  "to this permanent or player", _symbols(start), ("106.12b", "614.1a")))
            else:
                steps.append(Step(f"the replacement effect of {self._source(r)} doesn't apply: "
                                  "this ability doesn't tap the permanent for mana", _symbols(start),
                                  ("106.12", "106.12b")))
        for position, (r, before, after) in enumerate(path):
            rules = ("616.1e", "614.5") if position == 0 else ("616.1f", "614.5")
            steps.append(Step(f"apply the replacement effect of {self._source(r)}: "
                              f"{_show(_vector(before))} becomes {_show(_vector(after))}",
                              _symbols(_vector(after)), rules))
        if self.replacements > len(self.excluded.get(ev, [])) and not path:
            steps.append(Step("no replacement effect applies to this event", _symbols(_vector(v)),
                              ("106.12", "106.12b", "616.1")))
        elif path:
            steps.append(Step("no other replacement effect applies: the ability produces "
                              f"{_show(_vector(v))}", _symbols(_vector(v)), ("616.1f",)))
        # Triggered mana abilities: walk back along tstep edges.
        count = self.trig_for.get(ev, 0)
        fired = self.fired.get((ev, v), [])
        if count and not fired and not any(_vector(v)):
            steps.append(Step("no triggered mana ability triggers: no mana was produced",
                              _symbols(_vector(v)), ("106.12a", "106.5")))
        elif count and not fired:  # "tapped for {C}", "mana of the chosen color": a type it doesn't hold
            steps.append(Step("no triggered mana ability triggers: the mana produced holds no type one triggers on",
                              _symbols(_vector(v)), ("106.12a",)))
        trail: list[tuple[Symbol, Symbol, tuple[int, ...]]] = []
        produced = _vector(v)
        profiles = self.read.by(VectorProfile, "vector").get(v, ())
        chain = (self.chain_of.get(ev), tuple(decode(Profile, profiles[0].profile)) if profiles else None)
        # The chain holds the mana the triggers add: the total less the permanent's own.
        current = tuple(total - own for total, own in zip(_vector(acc), produced, strict=True))
        for i in range(self.tdepth.get(chain, 0), 0, -1):
            # An edge leads here iff the trigger at index i-1 gave mana; else it passed.
            options = self.tpreds.get((*chain, i, current), [])
            if options:
                # the same witness as when the chain held the totals (clingo's order of their terms)
                prev, tr, t = min(options, key=lambda o: (_term_text(produced, o[0]), str(o[1]), str(o[2])))
                trail.append((tr, t, current))
                current = prev
        trail.reverse()
        gave = set()
        for tr, t, so_far in trail:
            gave.add(tr)
            added = _symbols(_vector(t)) if t.name == "m" else f"{{{t.name.upper()}}}"  # a vector: several types
            total = tuple(own + more for own, more in zip(produced, so_far, strict=True))
            steps.append(Step(f"the triggered mana ability of {self.name(decode(TriggerTerm, tr).source)} adds {added}",
                              _symbols(total), ("605.1b", "605.4a", "106.12a")))
        for tr in sorted(set(fired) - gave, key=str):
            if (ev, v, tr) in self.declined:  # CR 603.5: "may add", chosen as it resolves
                steps.append(Step(f"the triggered mana ability of {self.name(decode(TriggerTerm, tr).source)} "
                                  "resolves: its controller chooses to add no mana", _symbols(_vector(acc)),
                                  ("605.1b", "603.5")))
                continue
            steps.append(Step(f"the triggered mana ability of {self.name(decode(TriggerTerm, tr).source)} triggers "
                              "but adds no mana (no type can be defined)", _symbols(_vector(acc)),
                              ("605.1b", "106.5")))
        return tuple(steps)


def mana_outcomes(board: Board, permanent_id: str, ability: int | str | None = None,
                  triggers: bool = True, max_outcomes: int | None = None,
                  mana_judged: bool = False) -> ManaResult:
    """Every distinct result of activating a mana ability of ``permanent_id`` now.

    ``ability`` names one of the permanent's activated abilities by its number
    (query/abilities.py), its text or its cost; None picks the only mana ability.
    ``triggers=False`` leaves out triggered mana abilities.  More than
    ``max_outcomes`` outcomes raise LimitExceeded rather than return a list
    presented as complete.  ``mana_judged`` (the mana query): the mana in its cost is
    judged as can-activate judges it (``_mana_in_cost``); without it (the payment search's
    and next's own readings) that mana is taken as paid from other sources, the pool being
    the mana left as it resolves.
    """
    permanent_id = addressing.object_id(board, permanent_id, "PERMANENT")
    permanent = board.permanent(permanent_id)
    assert permanent is not None
    query = _Query(board, permanent_id, triggers)
    abilities = query.abilities()
    if not any(a.kind == "mana" for a in abilities):
        raise QueryError(f"{permanent_id} ({permanent.card}) has no mana ability now",
                         file=board.name, place="PERMANENT")
    shared = [NumberedAbility(a.index, a.term, a.kind, a.text, a.origin) for a in abilities]
    number = choose(board, permanent.id, permanent.card, shared, ability, ("mana",)).number
    chosen = next(a for a in abilities if a.index == number)
    # CR 602.5b: a limited ability's count must be on the board to answer (pysolver.activations).
    body = activation.ability_body(board, chosen.term)
    triggered_mana.refuse(board, permanent.controller, body)  # CR 605.1b: a triggered mana ability kept as text
    activations.refuse_unrecorded(permanent.id, chosen.index, chosen.term, body, "mana", board.name)
    query.refuse_unjudged_untap(chosen)
    reasons, outcomes = query.run(chosen)
    if mana_judged and not reasons:
        reasons, outcomes = _mana_in_cost(board, permanent_id, chosen, body, outcomes)
    limits.check_outcomes(len(outcomes), max_outcomes, file=board.name)
    return ManaResult(permanent.id, permanent.card, permanent.controller, chosen, tuple(abilities),
                      triggers, reasons, outcomes, words.card_of(board, permanent.id) or permanent.card)


def _mana_in_cost(board: Board, permanent_id: str, chosen: ManaAbility, body: dict,
                  outcomes: tuple[Outcome, ...]) -> tuple[tuple[str, ...], tuple[Outcome, ...]]:
    """CR 601.2g-h, 602.2b: the mana in a mana ability's cost is paid now, from the pool and the
    player's other mana abilities, as can-activate judges it (its payment search, the one pay
    uses): an ability it can't pay has no outcome, and can-activate's reasons say why.  One
    whose mana is what is left in the pool (Doubling Cube, CR 701.9f) adds what its cost's
    payment leaves, which depends on the way it is paid: refused (next activate gives each way)."""
    if not any(isinstance(item, str) and item not in ("{T}", "{Q}", "sacrifice_self")
               for item in body.get("cost", [])):
        return (), outcomes
    verdict = activation.can_activate(board, permanent_id, chosen.index)
    if not verdict.can_activate:
        return verdict.reasons, ()
    if "double_pool" in body.get("add", {}):
        raise QueryError(f"{permanent_id}'s ability {chosen.index} adds the mana left in the pool once its cost is "
                         "paid (CR 601.2g-h, 701.9f), which depends on the way the cost is paid: pysolver next "
                         f"BOARD activate {permanent_id} {chosen.index} gives each way", file=board.name)
    return (), outcomes


def answer(board: Board, permanent: str, ability: int | str | None = None,
           triggers: bool = True) -> list[dict[str, Any]]:
    """Canonical answer: sorted outcomes of activating a mana ability: {mana, restricted?, effects?}."""
    return mana_outcomes(board, permanent, ability, triggers, mana_judged=True).canonical()


def _run(board: Board, permanent: str, ability: int | str | None = None, triggers: bool = True,
         max_outcomes: int | None = None) -> ManaResult:
    return mana_outcomes(board, permanent, ability, triggers, max_outcomes, mana_judged=True)


register(Query.described(
    "mana", program="mana", facts=facts.mana, run=_run, answer=answer,
    schema="mana", decodes=DECODES))
