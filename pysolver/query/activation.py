"""Can an activated ability be activated now (CR 602)?

The costs other than mana are judged by asp/activation.lp in one grounding,
without search.  The facts a board gives beyond facts.board_facts (life, hand,
mana pool, graveyard, the order of each player's permanents) are added here.

Ability numbers: ``ability`` N (from 1) counts every activated ability of the
permanent, mana abilities included, in this order: the abilities printed on
its card (or the copied card) in printed order, then the intrinsic mana
abilities of its basic land types (W, U, B, R, G order, CR 305.6), then the
abilities other objects grant it.

The mana in a cost is judged by the payment search `pay` uses
(pysolver.query.payment): the player's pool and every sequence of their mana
abilities (mana in their costs, sacrifices, {Q}, triggered mana, replacement
effects), the ability's own {T} or {Q} still payable, and its other costs
(permanents to tap or untap, life) paid together with it (601.2h).  A cost
that search doesn't model keeps the rules' one-pass check (asp/activation.lp).
"""

from __future__ import annotations

import re

from dataclasses import dataclass, replace
from typing import NamedTuple, TypeVar

from clingo import Symbol

from pysolver import activations, addressing, describe, solver
from pysolver.board import Board
from pysolver.errors import LimitExceeded, QueryError
from pysolver.facts import queries as facts
from pysolver.facts.players import mana_pool_counts, player_facts, pool_vector  # noqa: F401 (were defined here)
from pysolver.predicates import Name, match, predicate, read, term
from pysolver.terms import MANA_REASON, TOGETHER_REASON
from pysolver.query import bounds
from pysolver.query.abilities import (NUMBERING_DECODES, ActivatedAbility, AffectsAbilities, EffectMember,
                                      ExcludedSelf, Kind, NumberedAbility, choose, numbered)
from pysolver.query.registry import Query, register
from pysolver.words import article, card_of, plural

T = TypeVar("T")


# ------------------------------------------------------------ the atoms read
@predicate("cannot")
class Cannot(NamedTuple):
    obj: str
    ability: Symbol
    rule: str
    why: Symbol  # the condition that fails: one Reasons.sentence words (a checked/4 condition)


@predicate("cost_text")
class CostText(NamedTuple):
    ability: Symbol
    text: str


@predicate("activation_unknown")
class ActivationUnknown(NamedTuple):
    obj: str
    ability: Symbol
    text: str


@predicate("mana_unknown")
class ManaUnknown(NamedTuple):
    obj: str
    ability: Symbol


class _FilterValue(NamedTuple):
    filter: Symbol
    value: Symbol  # a color constant, or a type's string


@predicate("filter_color")
class FilterColor(_FilterValue):
    pass


@predicate("filter_type")
class FilterType(_FilterValue):
    pass


@predicate("filter_subtype")
class FilterSubtype(_FilterValue):
    pass


@predicate("filter_supertype")
class FilterSupertype(_FilterValue):
    pass


@predicate("filter_tapped")
class FilterTapped(NamedTuple):
    filter: Symbol
    status: Name  # tapped or untapped (CR 110.5)


@predicate("filter_other")
class FilterOther(NamedTuple):
    filter: Symbol  # "another Elf": one other than the ability's source (CR 109.1)


@predicate("taps_or_untaps")
class TapsOrUntaps(NamedTuple):
    ability: Symbol


@predicate("self_excluded")
class SelfExcluded(NamedTuple):
    obj: str
    ability: Symbol


# The conditions (checked/4's Check, and cannot/4's Why when one fails), by shape.
@term("counters")
class CounterCost(NamedTuple):
    kind: str
    needed: int
    held: int


@term("life")
class LifeCost(NamedTuple):
    needed: int
    held: int


@term("discard")
class DiscardCost(NamedTuple):
    needed: int
    held: int


@term("exile_graveyard")
class ExileGraveyardCost(NamedTuple):
    needed: int
    held: int  # the cards of the graveyard that fit (CR 701.11a)


@term("sacrifice")
class SacrificeCost(NamedTuple):
    filter: Symbol


@term("only_if")
class OnlyIf(NamedTuple):
    condition: Symbol  # controls(F, N), self_is(F), entered or self_counters(Kind, N) (CR 602.1b)
    found: Symbol  # how many were found, or yes / no


@term("controls")
class OnlyIfControls(NamedTuple):
    filter: Symbol
    needed: int


@term("self_is")
class OnlyIfSelfIs(NamedTuple):
    filter: Symbol


@term("self_attached_to")
class OnlyIfAttachedTo(NamedTuple):
    filter: Symbol  # CR 702.151a: what it is attached to


@term("self_counters")
class OnlyIfCounters(NamedTuple):
    kind: str
    needed: int


@term("graveyard_cards")
class OnlyIfGraveyard(NamedTuple):
    filter: Symbol  # CR 602.5b, 404.2: cards of its controller's graveyard that match
    needed: int


@term("life")
class OnlyIfLife(NamedTuple):
    bound: Symbol  # least or most
    needed: int


@term("hand")
class OnlyIfHand(NamedTuple):
    bound: Symbol  # least or most
    needed: int


@term("designation")
class OnlyIfDesignation(NamedTuple):
    designation: Name  # monarch, initiative, city_blessing or completed_dungeon (CR 722.1, 723.1, 702.131c, 309.7)


@term("level")
class OnlyIfLevel(NamedTuple):
    level: int  # the source's level must be this (a class level bar, CR 716.2a)


# What a player is or has, in words (OnlyIfDesignation).
DESIGNATION_WORDS = {"monarch": ("is the monarch", "isn't the monarch"),
                     "initiative": ("has the initiative", "doesn't have the initiative"),
                     "city_blessing": ("has the city's blessing", "doesn't have the city's blessing"),
                     "completed_dungeon": ("has completed a dungeon", "hasn't completed a dungeon")}


@term("target")
class TargetCheck(NamedTuple):
    target: int  # the target's position among the ability's targets, from 0


@term("limit")
class Limit(NamedTuple):
    times: int  # at most this many activations (CR 602.5b)
    period: Name  # turn or game
    so_far: int


@term("graveyard")
class GraveyardCheck(NamedTuple):
    needed: int  # "if there are N or more cards in your graveyard" (CR 602.5b)
    held: int


@term("during")
class During(NamedTuple):
    when: Name  # your_turn, opponent_turn or your_upkeep (CR 602.1b)


@term("forbidden")
class Forbidden(NamedTuple):
    source: str  # the permanent whose static ability forbids it (CR 602.5)


@term("forbidden_attached")
class ForbiddenAttached(NamedTuple):
    source: str  # the Aura or Equipment attached to it, or the source of a group's ban, that forbids it (CR 602.5)
    which: Name  # all (every activated ability) or tap (those with {T} in their costs)


class _Others(NamedTuple):
    needed: int
    found: int
    filter: Symbol


@term("tap_others")
class TapOthers(_Others):
    pass


@term("untap_others")
class UntapOthers(_Others):
    pass


class _SelfState(NamedTuple):
    label: Symbol  # first, or the cost item's position from 0
    state: Name


@term("tap")
class TapCheck(_SelfState):
    pass


@term("untap")
class UntapCheck(_SelfState):
    pass


@term("creature")
class CreatureCheck(NamedTuple):
    state: Name  # controlled, haste or sick


@predicate("checked")
class Checked(NamedTuple):
    obj: str
    ability: Symbol
    rule: str
    check: Symbol  # one of the conditions Reasons.check_text words


CAN_ACTIVATE_DECODES = NUMBERING_DECODES + (Cannot, CostText, ActivationUnknown, ManaUnknown, FilterColor,
                                            FilterType, FilterSubtype, FilterSupertype, FilterOther, FilterTapped,
                                            TapsOrUntaps, SelfExcluded)
CAN_ACTIVATE_EXPLAIN_DECODES = (Checked,)


# --------------------------------------------------------------- abilities
def ability_spec(board: Board, term: Symbol) -> dict | None:
    """The card data of an ability term (pysolver.describe, the one reader of ability terms)."""
    return describe.ability_spec(board.library, term)


COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def ability_body(board: Board, term: Symbol) -> dict:
    """The fields of an ability's definition (cost, targets...), {} if unknown."""
    spec = ability_spec(board, term)
    if not spec:
        return {}
    (_, body), = spec.items()
    return body


@dataclass(frozen=True)
class Ability:
    number: int  # from 1, as query/abilities.py numbers them
    term: Symbol
    kind: str  # mana or activated
    cost: str  # the cost as its text words it (what precedes the colon, CR 602.1a)
    text: str = ""  # the whole ability in words (pysolver.describe: its Oracle line if printed)


def abilities_of(board: Board, grounded: solver.Grounded, permanent_id: str) -> list[Ability]:
    """The permanent's activated abilities in the one numbering (query/abilities.py)."""
    kinds = {str(a.ability): a.kind for a in read(grounded, Kind)}
    terms = [(a.ability, kinds.get(str(a.ability), "activated"))
             for a in read(grounded, ActivatedAbility) if a.obj == permanent_id]
    found = numbered(board, permanent_id, terms, read(grounded, AffectsAbilities),
                     read(grounded, EffectMember), read(grounded, ExcludedSelf))
    return [Ability(a.number, a.term, a.kind, a.cost, a.text) for a in found]


# ----------------------------------------------------------------- reasons
class Reasons:
    """Turns cannot(O, A, Rule, Why) atoms into sentences."""

    def __init__(self, board: Board, grounded: solver.Grounded, permanent_id: str, ability: Ability):
        self.board = board
        self.permanent = board.permanent(permanent_id)
        self.ability = ability
        self.grounded = grounded
        self.filters = self._filters()
        # "other than" the source only when it can't be one of the permanents counted: its
        # own cost taps or untaps it (taps_or_untaps), or asp/activation.lp's self_excluded
        # left it out; otherwise (Grand Architect's cost) it counts like any other.
        excluded = any(a.ability == ability.term for a in read(grounded, TapsOrUntaps)) \
            or any(a.obj == permanent_id and a.ability == ability.term
                   for a in read(grounded, SelfExcluded))
        self.others = f" other than {self.permanent.card_name}" if excluded else ""

    def _filters(self) -> dict[str, str]:
        """A short description of every filter term ("red Creature")."""
        words: dict[str, list[str]] = {}
        for cls in (FilterSupertype, FilterColor, FilterType, FilterSubtype):
            for atom in read(self.grounded, cls):
                value = atom.value
                text = (describe.COLOR_WORDS.get(value.name.upper(), "") if value.type.name == "Function"
                        else value.string.lower())
                words.setdefault(str(atom.filter), []).append(text)
        for status in read(self.grounded, FilterTapped):  # "an untapped land" (CR 110.5)
            if str(status.filter) in words:
                words[str(status.filter)].insert(0, status.status)
        for other in read(self.grounded, FilterOther):  # "another Elf": words of "other" first
            if str(other.filter) in words:
                words[str(other.filter)].insert(0, "other")
        return {key: " ".join(value) for key, value in words.items()}

    def sentence(self, rule: str, why: Symbol) -> str:
        name = self.permanent.card_name
        player = self.permanent.controller
        if (self_state := match(TapCheck, why) or match(UntapCheck, why)) is not None:
            label = self_state.label
            state: str = self_state.state
            symbol = "{T}" if why.name == "tap" else "{Q}"
            if label.type.name == "Function" and label.name == "first":
                return f"{rule}: {name} is {state}, so {symbol} can't be paid"
            return (f"{rule}: {name} would already be {state} when the {symbol} of cost item "
                    f"{label.number + 1} is paid")
        if match(CreatureCheck, why) is not None:  # creature(sick), CR 302.6
            return (f"{rule}: {name} has not been under {player}'s control continuously since "
                    f"{player}'s most recent turn began")
        if (counters := match(CounterCost, why)) is not None:
            kind, needed, held = counters
            return f"{rule}: {name} has {held} {kind} counter{'s' * (held != 1)}; {needed} must be removed"
        if (life := match(LifeCost, why)) is not None:
            return f"{rule}: {player} has {life.held} life and can't pay {life.needed} life"
        if (sacrifice := match(SacrificeCost, why)) is not None:
            return f"{rule}: {player} controls no {self.describe(sacrifice.filter)} to sacrifice"
        if (discard := match(DiscardCost, why)) is not None:
            needed, held = discard
            return f"{rule}: {player} has {held} card{'s' * (held != 1)} in hand; {needed} must be discarded"
        if (exiled := match(ExileGraveyardCost, why)) is not None:
            needed, held = exiled
            return (f"{rule}: {player}'s graveyard has {held} card{'s' * (held != 1)} the cost can exile; "
                    f"{needed} must be exiled")
        if (only_if := match(OnlyIf, why)) is not None:
            return f"{rule}: {self.only_if_failed(only_if)} (activate only if)"
        if (target := match(TargetCheck, why)) is not None:
            return f"{rule}: no legal target for {name}'s ability ({self.target_text(target.target)})"
        if (others := match(TapOthers, why) or match(UntapOthers, why)) is not None:
            verb, state = ("tap", "untapped") if why.name == "tap_others" else ("untap", "tapped")
            needed, found = others.needed, others.found
            what = self.describe(others.filter)
            return (f"{rule}: {player} has {found} {state} {what}{'s' * (found != 1)}{self.others} "
                    f"to {verb}; {needed} needed")
        if why.match("mana", 0):
            return (f"{rule}: {player} can't produce {self.mana_cost()} with {player}'s mana pool "
                    f"and the mana abilities {player} can activate now")
        if why.match("sorcery_timing", 0):
            return (f"{rule}: {name}'s ability can be activated only as a sorcery: in "
                    f"{player}'s main phase with an empty stack")
        if why.match("split_second", 0):
            return f"{rule}: a spell with split second is on the stack: only mana abilities can be activated"
        if why.match("together", 0):
            return f"{rule}: {player} can't pay all of the costs ({self.ability.cost}) together"
        if (limit := match(Limit, why)) is not None:
            return f"{rule}: {name}'s ability {self.limit_text(limit)}"
        if (cards := match(GraveyardCheck, why)) is not None:
            return (f"{rule}: {name}'s ability can be activated only if there are {cards.needed} or more "
                    f"cards in {player}'s graveyard; there {'is' if cards.held == 1 else 'are'} {cards.held}")
        if (during := match(During, why)) is not None:
            now = f"{self.board.active_player}'s {self.board.step.replace('_', ' ')}"
            return f"{rule}: {name}'s ability can be activated only {self.during(during)}; it is {now}"
        if (forbidden := match(Forbidden, why)) is not None:
            return (f"{rule}: {self.named(forbidden.source)} says {name}'s activated abilities can't be "
                    "activated unless they're mana abilities")
        if (attached := match(ForbiddenAttached, why)) is not None:
            return (f"{rule}: {self.named(attached.source)} says {name}'s activated abilities"
                    f"{self.tap_only(attached)} can't be activated")
        return f"{rule}: {why}"

    @staticmethod
    def tap_only(attached: ForbiddenAttached) -> str:
        """CR 602.5: " with {T} in their costs" when only those can't be activated."""
        return " with {T} in their costs" if attached.which == "tap" else ""

    def checks(self) -> tuple[Check, ...]:
        """Every checked/4 atom of the ability (the conditions asp/legality.lp and
        asp/activation.lp decide by), worded; failed when the same condition is a cannot/4 atom."""
        def mine(a: Checked | Cannot) -> bool:
            return a.obj == self.permanent.id and a.ability == self.ability.term

        failed = {(a.rule, str(a.why)) for a in read(self.grounded, Cannot) if mine(a)}
        found = [Check(a.rule, self.check_text(a.check), (a.rule, str(a.check)) in failed)
                 for a in read(self.grounded, Checked) if mine(a)]
        return tuple(sorted(found, key=lambda c: (not c.failed, c.rule, c.text)))

    def check_text(self, check: Symbol) -> str:
        name, player = self.permanent.card_name, self.permanent.controller
        if (self_state := match(TapCheck, check) or match(UntapCheck, check)) is not None:
            symbol = "{T}" if check.name == "tap" else "{Q}"
            label = self_state.label
            where = "" if label.type.name == "Function" and label.name == "first" else \
                f" (cost item {label.number + 1})"
            return f"{symbol}{where}: {name} is {self_state.state} before it is paid"
        if (creature := match(CreatureCheck, check)) is not None:
            return {"controlled": f"{name} is a creature; {player} has controlled it continuously "
                                  f"since their most recent turn began",
                    "haste": f"{name} is a creature that came under {player}'s control this turn, "
                             f"but it has haste or may be activated as though it had (702.10c)",
                    "sick": f"{name} is a creature that has not been under {player}'s control "
                            f"continuously since their most recent turn began, without haste"}[creature.state]
        if check.match("not_creature", 0):
            return f"{name} is not a creature, so summoning sickness doesn't apply"
        if (counters := match(CounterCost, check)) is not None:
            kind, needed, held = counters
            return f"remove {needed} {kind} counter{'s' * (needed != 1)}: {name} has {held}"
        if (life := match(LifeCost, check)) is not None:
            return f"pay {life.needed} life: {player} has {life.held}"
        if (sacrifice := match(SacrificeCost, check)) is not None:
            return f"sacrifice a {self.describe(sacrifice.filter)}: one {player} controls"
        if check.match("sacrifice_self", 0):
            return f"sacrifice {name}: {player} controls it on the battlefield"
        if (discard := match(DiscardCost, check)) is not None:
            return f"discard {discard.needed}: {player} has {discard.held} in hand"
        if (exiled := match(ExileGraveyardCost, check)) is not None:
            return f"exile {exiled.needed} from the graveyard: {player}'s has {exiled.held} that fit"
        if (only_if := match(OnlyIf, check)) is not None:
            return f"activate only if {self.only_if_text(only_if)}"
        if check.match("sorcery_timing", 0):
            return f"activate only as a sorcery: {player}'s main phase, empty stack (307.1)"
        if check.match("split_second", 0):
            return "no spell with split second on the stack (702.61a)"
        if (target := match(TargetCheck, check)) is not None:
            return f"a legal target: {self.target_text(target.target)}"
        if (during := match(During, check)) is not None:
            return f"activate only {self.during(during)}"
        if (forbidden := match(Forbidden, check)) is not None:
            return f"{self.named(forbidden.source)} forbids activating {name}'s abilities but mana abilities"
        if (attached := match(ForbiddenAttached, check)) is not None:
            return f"{self.named(attached.source)} forbids activating {name}'s abilities{self.tap_only(attached)}"
        if (cards := match(GraveyardCheck, check)) is not None:
            return f"activate only if {player}'s graveyard has {cards.needed} or more cards: it has {cards.held}"
        if (limit := match(Limit, check)) is not None:
            return f"{name}'s ability {self.limit_text(limit)}"
        if (others := match(TapOthers, check) or match(UntapOthers, check)) is not None:
            verb, state = ("tap", "untapped") if check.name == "tap_others" else ("untap", "tapped")
            needed, found = others.needed, others.found
            what = self.describe(others.filter)
            if needed == 0 and re.search(rf"\b{verb.capitalize()} X\b", self.ability.cost):
                return (f"{verb} X {state} {what}s{self.others}, X may be 0 (107.3a): "
                        f"{player} has {found}")
            return (f"{verb} {needed} {state} {what}{'s' * (needed != 1)}{self.others}: "
                    f"{player} has {found}")
        if check.match("mana", 0):
            return (f"pay {self.mana_cost()} from {player}'s mana pool and the mana abilities "
                    f"{player} can activate now (601.2g)")
        if check.match("together", 0):
            return f"all of the costs ({self.ability.cost}) paid together"
        return str(check)

    def only_if_text(self, only_if: OnlyIf) -> str:
        """An "Activate only if" condition in words, with what was found (CR 602.1b)."""
        name, player = self.permanent.card_name, self.permanent.controller
        condition, found = only_if
        if (controls := match(OnlyIfControls, condition)) is not None:
            what = self.describe(controls.filter)
            if controls.needed == 1:
                return f"{player} controls a {what}"
            return f"{player} controls {controls.needed} or more {what}s: {player} controls {found.number}"
        if (self_is := match(OnlyIfSelfIs, condition)) is not None:
            return f"{name} is a {self.describe(self_is.filter)}"
        if (attached := match(OnlyIfAttachedTo, condition)) is not None:
            return f"{name} is attached to {article(self.describe(attached.filter))}"
        if (cards := match(OnlyIfGraveyard, condition)) is not None:
            return (f"{player}'s graveyard has {cards.needed} or more {self.card_words(cards.filter)}s: "
                    f"it has {found.number}")
        if (counters := match(OnlyIfCounters, condition)) is not None:
            return f"{name} has {counters.needed} or more {counters.kind} counters: it has {found.number}"
        if (life := match(OnlyIfLife, condition)) is not None:
            return f"{player} has {life.needed} or {self.bound(life.bound, 'life')}: {player} has {found.number}"
        if (designated := match(OnlyIfDesignation, condition)) is not None:
            return f"{player} {DESIGNATION_WORDS[designated.designation][0]}"
        if (level := match(OnlyIfLevel, condition)) is not None:
            return f"{name} is level {level.level}: it is level {found.number}"
        if (hand := match(OnlyIfHand, condition)) is not None:
            wanted = "no cards" if hand.needed == 0 and hand.bound.name == "most" else \
                f"{hand.needed} or {self.bound(hand.bound, 'cards')}"
            return f"{player} has {wanted} in hand: {player} has {found.number}"
        return f"{name} entered this turn"

    @staticmethod
    def bound(bound: Symbol, noun: str) -> str:
        """'more life', 'less life', 'more cards', 'fewer cards'."""
        if bound.name == "least":
            return f"more {noun}"
        return f"{'less' if noun == 'life' else 'fewer'} {noun}"

    def only_if_failed(self, only_if: OnlyIf) -> str:
        """Why an "Activate only if" condition fails, in words (CR 602.1b)."""
        name, player = self.permanent.card_name, self.permanent.controller
        condition, found = only_if
        if (controls := match(OnlyIfControls, condition)) is not None:
            what, needed = self.describe(controls.filter), controls.needed
            if needed == 1:
                return f"{player} controls no {what}"
            return f"{player} controls {found.number} {what}{'s' * (found.number != 1)}; {needed} or more needed"
        if (self_is := match(OnlyIfSelfIs, condition)) is not None:
            return f"{name} is not a {self.describe(self_is.filter)}"
        if (attached := match(OnlyIfAttachedTo, condition)) is not None:
            return f"{name} is not attached to {article(self.describe(attached.filter))}"
        if (cards := match(OnlyIfGraveyard, condition)) is not None:
            return (f"{player}'s graveyard has {plural(found.number, self.card_words(cards.filter))}; "
                    f"{cards.needed} or more needed")
        if (counters := match(OnlyIfCounters, condition)) is not None:
            return (f"{name} has {found.number} {counters.kind} counter{'s' * (found.number != 1)}; "
                    f"{counters.needed} or more needed")
        if (life := match(OnlyIfLife, condition)) is not None:
            return f"{player} has {found.number} life; {life.needed} or {self.bound(life.bound, 'life')} needed"
        if (designated := match(OnlyIfDesignation, condition)) is not None:
            return f"{player} {DESIGNATION_WORDS[designated.designation][1]}"
        if (level := match(OnlyIfLevel, condition)) is not None:
            return f"{name} is level {found.number}; level {level.level} needed"
        if (hand := match(OnlyIfHand, condition)) is not None:
            held = f"{player} has {found.number} card{'s' * (found.number != 1)} in hand"
            if hand.needed == 0 and hand.bound.name == "most":
                return f"{held}; none allowed"
            return f"{held}; {hand.needed} or {self.bound(hand.bound, 'cards')} needed"
        return f"{name} did not enter this turn"

    def named(self, permanent_id: str) -> str:
        """A permanent of the board as "Card (id)"."""
        permanent = self.board.permanent(permanent_id)
        return f"{permanent.card_name} ({permanent_id})" if permanent is not None else permanent_id

    def during(self, during: During) -> str:
        """When a during(W) restriction lets the ability be activated (CR 602.1b)."""
        player = self.permanent.controller
        return {"your_turn": f"during {player}'s turn", "opponent_turn": "during an opponent's turn",
                "your_upkeep": f"during {player}'s upkeep"}[during.when]

    @staticmethod
    def limit_text(limit: Limit) -> str:
        """A limit(N, turn|game, K) check in words (CR 602.5b)."""
        times, when, so_far = limit.times, limit.period, limit.so_far
        period = "each turn" if when == "turn" else "in the game"
        already = "this turn" if when == "turn" else "so far"
        return (f"can be activated at most {times} time{'s' * (times != 1)} {period}; it was activated "
                f"{so_far} time{'s' * (so_far != 1)} {already}")

    def target_text(self, index: int) -> str:
        """The words of the ability's target ``index`` (from 0)."""
        targets = ability_body(self.board, self.ability.term).get("targets", [])
        return targets[index].get("text", "target") if index < len(targets) else "target"

    def describe(self, filter_term: Symbol) -> str:
        return self.filters.get(str(filter_term), "") or "permanent"

    def card_words(self, filter_term: Symbol) -> str:
        """A card filter in words: "creature card", or "card" for any."""
        return " ".join(filter(None, (self.filters.get(str(filter_term), ""), "card")))

    def mana_cost(self) -> str:
        body = ability_body(self.board, self.ability.term)
        return "".join(i for i in body.get("cost", []) if isinstance(i, str) and i.startswith("{")
                       and i not in ("{T}", "{Q}"))


# ------------------------------------------------------------ can-activate
@dataclass(frozen=True)
class Check:
    """One condition checked (a checked/4 atom of asp/activation.lp)."""

    rule: str
    text: str
    failed: bool

    def line(self) -> str:
        return f"{'FAIL' if self.failed else 'ok':4}  {self.rule}: {self.text}"

    def to_json(self) -> dict:
        return {"rule": self.rule, "text": self.text, "failed": self.failed}


@dataclass(frozen=True)
class CanActivate:
    id: str
    card: str
    controller: str
    ability: int
    cost: str
    can_activate: bool
    reasons: tuple[str, ...]
    checks: tuple[Check, ...] | None = None  # with an explanation only
    text: str = ""  # the ability in words, as printed (pysolver.describe)
    shown: str = ""  # the card in prose: a copy with what it copies (pysolver.words)

    def to_json(self) -> dict:
        out = {"id": self.id, "card": self.card, "controller": self.controller,
               "ability": self.ability, "cost": self.cost,
               "can_activate": self.can_activate, "reasons": list(self.reasons)}
        if self.text:
            out["text"] = self.text
        if self.checks is not None:
            out["checks"] = [c.to_json() for c in self.checks]
        return out


def check_permanent(board: Board, permanent_id: str) -> str:
    """The id of the permanent named (by id, or by card name: pysolver.addressing)."""
    return addressing.object_id(board, permanent_id, "argument PERMANENT")


def paid_by_the_search(why: Symbol) -> bool:
    """Whether a reason an ability can't be activated is its mana or its costs paid together, which the payment
    search judges (CR 601.2g-h), not the rules alone: the others fail on their own (602.2b, 601.2h)."""
    return why.match("mana", 0) or why.match("together", 0)


def can_activate(board: Board, permanent_id: str, ability: int | str | None = None,
                 explain: bool = False) -> CanActivate:
    """Whether the permanent's ability number ``ability`` (from 1) can be activated now, and why
    not; with ``explain``, every condition checked (``checks``), the failed ones marked."""
    permanent_id = check_permanent(board, permanent_id)
    permanent = board.permanent(permanent_id)
    # Read only: the grounding of these facts is shared with the permanent's other
    # abilities' questions (solver.ground_shared).
    grounded = solver.ground_shared(facts.can_activate(board, permanent_id),
                                    solver.entry("can_activate_explain" if explain else "can_activate"))
    bounds.check(grounded, board.name)
    bounds.check_sums(grounded, board.name)
    abilities = abilities_of(board, grounded, permanent_id)
    chosen = choose_ability(board, permanent, abilities, ability)
    # CR 602.5b: a limited ability's count must be on the board to answer (pysolver.activations).
    activations.refuse_unrecorded(permanent.id, chosen.number, chosen.term, ability_body(board, chosen.term),
                                  chosen.kind, board.name)
    unmodelled = [a.text for a in read(grounded, CostText) if a.ability == chosen.term]
    words = Reasons(board, grounded, permanent_id, chosen)
    found = [(atom.rule, atom.why) for atom in read(grounded, Cannot)
             if atom.obj == permanent_id and atom.ability == chosen.term]
    unknown = [a.text for a in read(grounded, ActivationUnknown) if a.obj == permanent_id and a.ability == chosen.term]
    # CR 602.2b, 601.2h: a cost that can't be paid or a restriction that fails on its own (not
    # the mana, which the payment search judges below) makes the answer no, whatever is unknown
    certain = [(rule, why) for rule, why in found if not paid_by_the_search(why)]

    def answer(reasons: list[str], checks: tuple[Check, ...] | None) -> CanActivate:
        return CanActivate(permanent.id, permanent.card_name, permanent.controller, chosen.number,
                           chosen.cost, not reasons, tuple(reasons), checks, chosen.text,
                           card_of(board, permanent.id) or permanent.card_name)

    if (unmodelled or unknown) and certain:
        left = f"the cost {unmodelled[0]!r}" if unmodelled else repr(unknown[0])
        return answer([*sorted({words.sentence(rule, why) for rule, why in certain}),
                       f"not judged, as the answer is no without it: {left}"], words.checks() if explain else None)
    if unmodelled:
        raise QueryError(f"{permanent.id} ({permanent.card_name}) ability {chosen.number}: the cost "
                         f"{unmodelled[0]!r} is not modelled, so whether it can be paid is unknown",
                         file=board.name, place="--ability")
    if unknown:  # CR 602.1b, 602.5, 601.2f
        raise QueryError(f"{permanent.id} ({permanent.card_name}) ability {chosen.number}: {unknown[0]!r} is not "
                         "modelled, so whether it can be activated now is unknown", file=board.name, place="--ability")
    checks = words.checks() if explain else None
    # The mana in the cost: the payment search over every sequence of the controller's mana
    # abilities (pysolver.query.payment, the one `pay` uses), not the rules' one-pass chain.
    paid = _payment_verdict(board, permanent, chosen)
    if paid is None and any(a.obj == permanent_id and a.ability == chosen.term for a in read(grounded, ManaUnknown)):
        raise LimitExceeded(f"incomplete: {permanent.id} ({permanent.card_name}) ability {chosen.number}: whether its "
                            f"mana can be paid is unknown: a mana ability of {permanent.controller}'s has a cost the "
                            "payment search does not model (CR 601.2g-h, 118.3)", file=board.name)
    if paid is not None:
        mana_ok, joint_ok = paid
        found = [(rule, why) for rule, why in found if not paid_by_the_search(why)]
        # A cost the rules find short alone (CR 118.3) is no "together" reason (601.2h).
        others_short = any(why.match("tap_others", 3) or why.match("untap_others", 3)
                           or why.match("sacrifice", 1) or why.match("discard", 2)
                           or why.match("exile_graveyard", 2) for _, why in found)
        together = mana_ok and not joint_ok and not others_short
        if not mana_ok:
            found.append(("118.3", MANA_REASON))
        elif together:
            found.append(("601.2h", TOGETHER_REASON))
        if checks is not None:
            verdicts = {words.check_text(MANA_REASON): not mana_ok,
                        words.check_text(TOGETHER_REASON): together}
            # The payment search's verdict, even where the rules' one-pass chain checked none.
            missing = [Check(rule, words.check_text(why), True) for rule, why, failed in
                       (("118.3", MANA_REASON, not mana_ok), ("601.2h", TOGETHER_REASON, together))
                       if failed and words.check_text(why) not in {c.text for c in checks}]
            checks = tuple(sorted([*(replace(c, failed=verdicts[c.text]) if c.text in verdicts else c
                                     for c in checks), *missing], key=lambda c: (not c.failed, c.rule, c.text)))
    return answer(sorted({words.sentence(rule, why) for rule, why in found}), checks)


def _payment_verdict(board: Board, permanent, chosen: Ability) -> tuple[bool, bool] | None:
    """(its mana can be paid, all its costs can be paid together) by the payment search, for
    an ability with mana in its cost; None without mana in it or for a cost it doesn't model."""
    from pysolver.query.payment import ability_payable  # payment reads this module's helpers

    body = ability_body(board, chosen.term)
    if not any(isinstance(i, str) and i not in ("{T}", "{Q}", "sacrifice_self") for i in body.get("cost", [])):
        return None
    return ability_payable(board, permanent, body)


def activated_abilities(board: Board, permanent_id: str) -> list[Ability]:
    """The permanent's activated abilities, numbered as ``can_activate`` numbers them."""
    permanent_id = check_permanent(board, permanent_id)
    grounded = solver.ground_shared(facts.can_activate(board, permanent_id), solver.entry("can_activate"))
    return abilities_of(board, grounded, permanent_id)


def choose_ability(board: Board, permanent, abilities: list[Ability], wanted: int | str | None) -> Ability:
    """The ability ``wanted`` names: a number, a whole text or a cost (query/abilities.py)."""
    if not abilities:
        raise QueryError(f"{permanent.id} ({permanent.card_name}) has no activated ability",
                         file=board.name, place="argument PERMANENT")
    shared = [NumberedAbility(a.number, a.term, a.kind, a.text, "") for a in abilities]
    chosen = choose(board, permanent.id, permanent.card_name, shared, wanted)
    return next(a for a in abilities if a.number == chosen.number)


# ------------------------------------------------------------------ players
def check_player(board: Board, player: str) -> None:
    if player not in board.player_names():
        raise QueryError(f"no player named {player!r} in the game "
                         f"(players: {', '.join(board.player_names())})",
                         file=board.name, place="argument PLAYER")


__all__ = ["CanActivate", "can_activate", "check_player"]


def answer_can_activate(board: Board, permanent: str, ability: int | str | None = None) -> dict:
    """Canonical answer: {"can_activate": bool, "reasons": [rule-cited reasons, sorted]}."""
    result = can_activate(board, permanent, ability)
    return {"can_activate": result.can_activate, "reasons": list(result.reasons)}


def _run_can_activate(board: Board, permanent: str, ability: int | str | None = None,
                      explain: bool = False) -> CanActivate:
    return can_activate(board, permanent, ability, explain)


register(Query.described(
    "can-activate", program="can_activate", explain_program="can_activate_explain",
    facts=facts.can_activate, run=_run_can_activate, answer=answer_can_activate,
    counted="reasons", count=lambda answer: len(answer.reasons),
    schema="can-activate",
    decodes=CAN_ACTIVATE_DECODES, explain_decodes=CAN_ACTIVATE_EXPLAIN_DECODES))
