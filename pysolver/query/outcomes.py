"""What happens next and every distinct outcome, with exact probabilities (asp/outcomes.lp).

The choices of players and the random choices are enumerated by clingo, one
answer set per path; a path's probability is the product of 1/N over its
random choices (random_among(K, N): uniform among N candidates).  Paths with
the same choices and the same events are one outcome; their probabilities add.
Choices that give the same outcomes with the same probabilities (such as the
order of identical triggers) are shown once, and the answer says the choice
makes no difference.

Events, choices and notes are data (dicts, see docs/json-output.md); the text
output words them (``Outcome.words``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import prod
from typing import Any, Callable, Iterable, NamedTuple

from clingo import Symbol

from pysolver import chance, player_triggers, solver, state_based
from pysolver import counters as counter_rules
from pysolver.chance import RandomAmong
from pysolver.board import Board
from pysolver.errors import LimitExceeded, QueryError
from pysolver.events import effect_place
from pysolver.facts import queries as facts
from pysolver.predicates import ModelAtoms, Name, decode, match, predicate, spec
from pysolver.query.registry import Query, register
from pysolver.life_gain_order import refuse_unjudged_gains
from pysolver.targets import GainOrderUnjudged, GainUnbounded
from pysolver.query.resolve_atoms import (AgeDue, Creates, Declines, Emptied, GainsLife, LeftTrigger, LosesLife,
                                          MayChoose, NoTokens, Paid, Pays, PutAge, PutsSelf, RemovesSelf, ReturnsSelf,
                                          Sacrificed,
                                          SacrificesSelf, ShieldUnjudged, TokensAddedUnjudged, UmbraUnfollowed,
                                          UpkeepUnpayable, WithCounter,
                                          _stage_of)
from pysolver.query.resolve_atoms import DECODES as RESOLVE_DECODES
from pysolver.query.resolve_atoms import EFFECT_OF
from pysolver.terms import PrintedAbility, printed_trigger, stack_trigger
from pysolver.words import article, card_of, named, plural

WITNESSES = ("one", "all")

Item = dict[str, Any]  # an event, a choice or a note, as in --json
Frozen = tuple  # an Item made hashable (_freeze)


def _freeze(item: Item) -> Frozen:
    return tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in item.items()))


HEADS = ("event", "choice", "note")


def _thaw(frozen: Frozen) -> Item:
    """The JSON form: its kind first ("event", "choice" or "note"), then the rest by name."""
    items = sorted(frozen, key=lambda kv: (kv[0] not in HEADS, kv[0]))
    return {k: list(v) if isinstance(v, tuple) else v for k, v in items}


@lru_cache(maxsize=1 << 16)
def _order(frozen: Frozen) -> tuple:
    """An item's place: by kind, then by its JSON text (a tuple is written as its list);
    computed once per distinct item, which recurs across the models of a search."""
    item = dict(frozen)
    return (item.get("event") or item.get("choice") or item.get("note"),
            json.dumps(item, sort_keys=True))


def _sorted(items: list[Item]) -> tuple[Frozen, ...]:
    return tuple(sorted(map(_freeze, items), key=_order))


def event_words(board: Board, event: Item) -> str:
    """One event in words (docs/json-output.md lists them)."""
    kind = event["event"]
    if kind == "destroy":
        return f"{named(board, event['object'])} is destroyed (at random)"
    if kind == "shield":
        return (f"{named(board, event['object'])} isn't destroyed (chosen at random): a shield counter is removed "
                "from it instead (CR 122.1c)")
    if kind == "counter" and event.get("count", 1) > 1:
        return f"{plural(event['count'], event['kind'] + ' counter')} are put on {named(board, event['object'])}"
    if kind == "remove_counter":  # CR 122.1
        return f"{article(event['kind'])} counter is removed from {named(board, event['object'])}"
    if kind == "counter" and "total" not in event:
        return f"{article(event['kind'])} counter is put on {named(board, event['object'])}"
    if kind == "no_effect" and event["reason"] == "if_false":
        return (f"{event['card']} does nothing: its intervening \"if\" is false as it resolves "
                "(CR 603.4)")
    if kind == "no_effect":
        return (f"{event['card']} destroys nothing: no permanent with {article(event['kind'])} "
                "counter can be destroyed (CR 609.3)")
    cost = {"echo": "echo (CR 702.30a)", "cumulative_upkeep": "cumulative upkeep (CR 702.24a)"}
    if kind == "pay":
        return (f"{event['player']} pays {event['mana'] or 'nothing'} from the mana pool for the "
                f"{cost[event['for']]} of {named(board, event['source'])}")
    if kind == "sacrifice" and event["cause"] == "effect":
        return f"{named(board, event['object'])} is sacrificed (CR 701.17a)"
    if kind == "sacrifice":
        return f"{named(board, event['object'])} is sacrificed: its {cost[event['cause']]} isn't paid"
    if kind == "life" and "loses" in event:
        return f"{event['player']} loses {event['loses']} life (CR 119.3)"
    if kind == "life":
        return f"{event['player']} gains {event['gains']} life (CR 119.3)"
    if kind == "return":
        return f"{named(board, event['object'])} returns to its owner's hand (CR 400.7)"
    if kind == "counter" and "total" in event:
        return (f"an age counter is put on {named(board, event['object'])} "
                f"({event['total']} in all)")
    if kind == "create" and event.get("reason"):
        return f"no {event['token']} token is created: there is none to count"
    if kind == "create":
        many = "token is" if event["count"] == 1 else "tokens are"
        return f"{event['count']} {event['token']} {many} created"
    return f"{event['card']}: {event['text']} (not modelled)"


def choice_words(board: Board, choice: Item) -> str:
    """One player's choice in words."""
    player = choice["player"]
    if choice["choice"] in ("echo", "cumulative_upkeep"):
        whose = named(board, choice["source"])
        cost = choice["choice"].replace("_", " ")
        if choice.get("makes_no_difference"):
            return f"{player} pays the {cost} cost of {whose} or not: the choice makes no difference"
        verb = "pays" if choice["pays"] else "doesn't pay"
        return f"{player} {verb} the {cost} cost of {whose}"
    if choice["choice"] == "order":
        if choice.get("makes_no_difference"):
            return f"{player} orders the triggers: the choice makes no difference (CR 603.3b)"
        steps = [named(board, key.rsplit(":", 1)[0], key) for key in choice["order"]]
        return f"{player} orders the triggers to resolve: {', then '.join(steps)} (CR 603.3b)"
    ability = named(board, choice["ability"].rsplit(":", 1)[0], choice["ability"])
    if choice.get("makes_no_difference"):
        return f"{player} chooses for {ability}: the choice makes no difference"
    if choice["choice"] == "may":  # CR 603.5
        return f"{player} chooses {'to apply' if choice['applies'] else 'not to apply'} {ability}'s effect"
    chosen = ", ".join(named(board, o) for o in choice["objects"]) or "nothing"
    return f"{player} chooses for {ability}: {chosen}"


def note_words(board: Board, note: Item) -> str:
    if note["note"] in ("echo_unpayable", "upkeep_unpayable"):
        key = note["ability"]
        return (f"{named(board, key.rsplit(':', 1)[0], key)}: the mana pool can't pay the cost; "
                "mana abilities activated first would add to it (CR 605.3a)")
    return (f"{named(board, note['object'])} was destroyed as the ability resolved; no player "
            "could act between the random choice and the destruction, so it couldn't be tapped "
            "for mana first (CR 608.2, 117.3b)")


@dataclass
class Outcome:
    probability: Fraction
    choices: tuple[Item, ...]
    events: tuple[Item, ...]
    notes: tuple[Item, ...] = ()
    words: dict[str, list[str]] = field(default_factory=dict, compare=False, repr=False)

    def to_json(self) -> dict:
        return {"probability": str(self.probability), "choices": list(self.choices),
                "events": list(self.events), "notes": list(self.notes)}

    def canonical(self) -> dict:
        out: dict = {"probability": str(self.probability)}
        if self.choices:
            out["choices"] = list(self.choices)
        out["events"] = list(self.events)
        if self.notes:
            out["notes"] = list(self.notes)
        return out


@dataclass
class Resolution:
    """What resolves, in order, and the outcomes."""

    resolving: list[str]  # "source:ability" of each ability that resolves (orders: see choices)
    outcomes: list[Outcome] = field(default_factory=list)
    paths: int = 0
    explained: list[str] | None = None  # with explain: read from asp/explain/outcomes.lp
    resolving_words: list[str] = field(default_factory=list)

    def explanation(self) -> list[str]:
        """How each outcome and its probability arise (outcomes(..., explain=True))."""
        if self.explained is None:
            raise QueryError("no explanation: call outcomes(board, explain=True)")
        return list(self.explained)


# ---------------------------------------------------------------- the atoms read
@predicate("resolving")
class Resolving(NamedTuple):
    stage: int
    source: str
    ability: Symbol  # ab(Card, I) or echo
    controller: str


@predicate("if_fails")
class IfFails(NamedTuple):
    stage: int


@predicate("put")
class Put(NamedTuple):
    stage: int
    obj: str
    kind: str


@predicate("nothing_destroyed")
class NothingDestroyed(NamedTuple):
    stage: int


@predicate("changes_state")
class ChangesState(NamedTuple):
    ability: Symbol


@predicate("partly_applied")
class PartlyApplied(NamedTuple):
    """An ability resolving at stage with an effect outcomes doesn't apply beside others it does."""
    stage: int
    ability: Symbol
    effect: Symbol  # draw, pump_self


@predicate("chooser")
class Chooser(NamedTuple):
    stage: int
    player: str


@predicate("orders")
class Orders(NamedTuple):
    player: str


@predicate("destroyed")
class Destroyed(NamedTuple):
    stage: int
    obj: str


@predicate("shield_spent")
class ShieldSpent(NamedTuple):
    """obj, picked at random to be destroyed, has a shield counter: one is removed from it
    instead (CR 122.1c, 614.1a; asp/outcomes.lp)."""
    stage: int
    obj: str


@predicate("no_response")
class NoResponse(NamedTuple):
    stage: int
    obj: str


@predicate("echo_unpayable")
class EchoUnpayable(NamedTuple):
    stage: int


@predicate("ex_resolves")
class ExResolves(NamedTuple):
    stage: int
    source: str
    ability: Symbol
    player: str
    why: Name  # top, ordered, fixed


@predicate("ex_orders")
class ExOrders(NamedTuple):
    player: str
    number: int


@predicate("ex_if")
class ExIf(NamedTuple):
    stage: int
    condition: Symbol  # with_counter(Whose, Kind, N) or self_tapped
    found: Symbol  # a count, or tapped/untapped
    held: Name  # yes or no


@predicate("ex_choose")
class ExChoose(NamedTuple):
    stage: int
    player: str
    kind: str
    wanted: int
    chosen: int
    eligible: int


@predicate("ex_chose")
class ExChose(NamedTuple):
    stage: int
    player: str
    obj: str
    kind: str


@predicate("ex_random")
class ExRandom(NamedTuple):
    stage: int
    candidates: int


@predicate("ex_candidate")
class ExCandidate(NamedTuple):
    stage: int
    obj: str


@predicate("ex_excluded")
class ExExcluded(NamedTuple):
    stage: int
    obj: str
    reason: Name


@predicate("ex_picked")
class ExPicked(NamedTuple):
    stage: int
    obj: str


@predicate("ex_shield")
class ExShield(NamedTuple):
    stage: int
    obj: str


@predicate("ex_nothing")
class ExNothing(NamedTuple):
    stage: int


@predicate("ex_none_resolves")
class ExNoneResolves(NamedTuple):
    pass


@predicate("random_destroy")
class RandomDestroy(NamedTuple):
    stage: int
    player: str
    whose: Symbol
    kind: str


@predicate("to_choose")
class ToChoose(NamedTuple):
    stage: int
    kind: str
    number: int


@predicate("ex_not_triggered")
class ExNotTriggered(NamedTuple):
    source: str
    ability: Symbol
    condition: Symbol
    found: Symbol


DECODES = (Resolving, RandomAmong, IfFails, Put, NothingDestroyed, ChangesState, PartlyApplied, Chooser, Orders,
           Destroyed, ShieldSpent, NoResponse, EchoUnpayable, RandomDestroy, ToChoose) + RESOLVE_DECODES
EXPLAIN_DECODES = (ExResolves, ExOrders, ExIf, ExChoose, ExChose, ExRandom, ExCandidate,
                   ExExcluded, ExPicked, ExShield, ExNothing, ExNoneResolves, ExNotTriggered)


# The triggered abilities of keywords (no index among the card's abilities).
KEYWORD_TRIGGERS = {
    "echo": "sacrifice it unless its controller pays its echo cost (CR 702.30a)",
    "cumulative_upkeep": "put an age counter on it, then sacrifice it unless its controller pays its "
                         "cumulative upkeep cost for each age counter (CR 702.24a)",
}


def _printed(ability: Symbol, source: str = "") -> PrintedAbility:
    """A resolving or triggering ability's ab(Card, I) (a granted one is refused, naming ``source``)."""
    return printed_trigger(ability, source)


def refuse_granted_triggers(board: Board, query: str) -> None:
    """CR 613.1f, 603.3: a permanent whose static ability grants a triggered ability ('Enchanted
    creature has "At the beginning of your upkeep, ..."') is refused by the queries that put
    triggered abilities on the stack: their checks of what they don't follow read printed ones.  One that
    triggers only on casting (``_at_cast_only``) is followed: next's cast action puts it on the stack, a stack
    item naming it by its granting ability (``granted``, terms.stack_trigger)."""
    for permanent in board.battlefield if board.library is not None else ():
        card = board.library.get(permanent.card_name)
        for number, ability in enumerate(card.abilities() if card else (), start=1):
            static = ability.get("static") if isinstance(ability, dict) else None
            if isinstance(static, dict) and any("triggered" in granted and not _at_cast_only(granted["triggered"])
                                                for granted in static.get("grant", [])):
                raise QueryError(f"{permanent.id}'s ability {number} grants a triggered ability (CR 613.1f), which "
                                 f"{query} doesn't follow on the stack yet", file=board.name)


def _at_cast_only(spec: dict) -> bool:
    """CR 601.2i, 603.2: a granted ability that triggers only as its controller casts a spell of some card
    types (prowess, 702.108a): no board state, no resolution and no step triggers it, only a spell becoming
    cast, which next judges in its cast action (asp/actions.lp cast_trigger, every ability the permanent
    has, granted ones too) and puts on the stack, named by its granting ability (terms.stack_trigger, the
    stack item's ``granted``)."""
    when = spec.get("when", {})
    filters = [when.get("filter", {})] + when.get("filter", {}).get("any_of", [])
    return (when.get("event") == "cast" and set(when) <= {"event", "filter", "whose"}
            and all(set(each) <= {"types", "not_types", "any_of"} for each in filters)
            and set(spec) <= {"when", "do", "text"})


def _key(source: str | Symbol, ability: Symbol) -> str:
    name = source if isinstance(source, str) else source.string
    if ability.name in KEYWORD_TRIGGERS:
        return f"{name}:{ability.name}"
    printed, granted = stack_trigger(ability, name)  # from 1 (pysolver/query/abilities.py); granted: 613.1f
    return f"{name}:{printed.position + 1}" + (f".{granted}" if granted is not None else "")


def _text(board: Board, ability: Symbol) -> str:
    if ability.name in KEYWORD_TRIGGERS:
        return KEYWORD_TRIGGERS[ability.name]
    printed, granted = stack_trigger(ability)
    card = board.library.get(printed.card)
    assert card is not None, "a validated board's cards are in its library"
    return card.ability(printed.position + 1, granted)["triggered"]["text"]


_WHOSE = {"you": "{p} controls", "opponent": "{p}'s opponents control", "any": "on the battlefield"}


def _by_stage(records: Iterable[Any]) -> dict[int, list]:
    """Records whose first field is a stage, by stage."""
    found: dict[int, list] = {}
    for record in records:
        found.setdefault(record.stage, []).append(record)
    return found


def _way(board: Board, read: ModelAtoms, atoms: dict[str, list[Symbol]]) -> tuple[list[str], list[int]]:
    """One path's ex_* atoms (asp/explain/outcomes.lp), worded stage by stage, and the
    number of candidates of each random choice on it (its probability: 1/N each).  ``read``
    gives the path's atoms as records (each distinct atom decoded once per search: those that
    repeat on every path, one per permanent, are decoded once); ``atoms`` the same atoms by name."""
    def names(ids) -> str:
        return ", ".join(named(board, o) for o in sorted(ids)) or "none"

    orders = {a.player: a.number for a in read(ExOrders)}
    resolves, ifs, choose, random = (_by_stage(read(ExResolves)), _by_stage(read(ExIf)),
                                     _by_stage(read(ExChoose)), _by_stage(read(ExRandom)))
    chose, candidates = _by_stage(read(ExChose)), _by_stage(read(ExCandidate))
    excluded, picked, nothing = _by_stage(read(ExExcluded)), _by_stage(read(ExPicked)), _by_stage(read(ExNothing))
    shielded = _by_stage(read(ExShield))
    lines: list[str] = []
    factors: list[int] = []
    if read(ExNoneResolves):
        lines.append("nothing resolves: the stack is empty and no ability triggered as the step "
                     "began (CR 405.5, 603.2)")
    for atom in sorted(atoms.get("ex_not_triggered", []), key=str):
        source, ability, condition, found = decode(ExNotTriggered, atom)
        who = dict(_plain_controllers(board)).get(source, "")
        named_ = named(board, source, _key(source, ability))
        counter = match(WithCounter, condition)
        if counter is not None:
            where = _WHOSE[counter.whose].format(p=who)
            why = (f"{plural(found.number, 'permanent')} {where} with {article(counter.kind)} counter, "
                   f"at least {counter.needed} needed")
        else:
            why = f"{named(board, source)} is {found.name}"
        lines.append(f"{who}'s {named_} didn't trigger as the step began: its intervening \"if\" "
                     f"was false: {why} (CR 603.4)")
    for stage in sorted(resolves):
        (_, source, ability, who, why), = resolves[stage]
        head = f"{stage}. {who}'s {named(board, source, _key(source, ability))}"
        if why == "top":
            lines.append(f"{head} resolves: it is the top of the stack (CR 405.5)")
        elif why == "ordered" and who in orders:
            lines.append(f"{head} resolves: it triggered as the step began; triggers go on the stack in "
                         f"APNAP order, {who} ordering their {orders[who]} as they chose (CR 603.3b)")
        elif why == "ordered":
            lines.append(f"{head} resolves: it triggered as the step began; triggers go on the stack in "
                         "APNAP order (CR 603.3b)")
        else:
            lines.append(f"{head} resolves: it triggered as the step began; its effect changes nothing "
                         "modelled here, so where it resolves doesn't matter (CR 603.3b)")
        for _, condition, found, held in ifs.get(stage, []):
            verdict, then = (("holds", "") if held == "yes"
                             else ("doesn't hold", ", so it does nothing"))
            counter = match(WithCounter, condition)
            if counter is not None:
                where = _WHOSE[counter.whose].format(p=who)
                lines.append(f"{head}: its intervening \"if\" {verdict} as it resolves: "
                             f"{plural(found.number, 'permanent')} {where} with "
                             f"{article(counter.kind)} counter, at least {counter.needed} needed{then} "
                             "(CR 603.4)")
            else:
                lines.append(f"{head}: its intervening \"if\" {verdict} as it resolves: "
                             f"{named(board, source)} is {found.name}{then} (CR 603.4)")
        for _, _, kind, wanted, count, eligible in choose.get(stage, []):
            chosen = [c.obj for c in chose.get(stage, []) if c.kind == kind]
            fewer = (f", as many as possible of {wanted} (CR 609.3)"
                     if count < wanted else "")
            lines.append(f"{head}: {who} chooses {count} of the "
                         f"{plural(eligible, 'eligible permanent')} for "
                         f"{article(kind)} counter each{fewer}: {names(chosen)}; "
                         "they aren't targeted (CR 115.10a)")
        for (_, n) in random.get(stage, []):
            factors.append(n)
            among = names(c.obj for c in candidates.get(stage, []))
            chosen_ = names(c.obj for c in picked.get(stage, []))
            instead = (": it has a shield counter, so it isn't destroyed and a shield counter is removed from "
                       "it instead (CR 122.1c, 614.1a)" if shielded.get(stage) else " is destroyed (CR 701.7a)")
            lines.append(f"{head}: a random choice among {plural(n, 'candidate')}, {among}, each "
                         f"with probability 1/{n}: {chosen_}{instead}")
        for obj, reason in sorted((e.obj, e.reason) for e in excluded.get(stage, [])):
            lines.append(f"{head}: {named(board, obj)} is no candidate: it has {reason} (CR 702.12b)")
        if stage in nothing:
            lines.append(f"{head}: no candidate, so nothing is destroyed (CR 609.3)")
    return lines, factors


def _plain_controllers(board: Board) -> list[tuple[str, str]]:
    return [(p.id, p.controller) for p in board.battlefield]


Way = tuple[list[int], list[str]]


def _ways_lines(probability: Fraction, ways: list[Way], every: bool, indent: str) -> list[str]:
    """The ways (paths) that lead to one outcome of one choice: each its product of 1/N."""
    lines: list[str] = []
    terms = []
    shown = ways if every else ways[:1]
    for index, (factors, steps) in enumerate(shown, 1):
        product = Fraction(1)
        for n in factors:
            product /= n
        chance = (f"{' * '.join(f'1/{n}' for n in factors)} = {product}" if len(factors) > 1
                  else f"{product}")
        if not factors:
            chance += " (no random choice)"
        terms.append(str(product))
        lines.append(f"{indent}way {index} of {len(ways)}, probability {chance}:")
        lines.extend(f"{indent}  {step}" for step in steps)
    if len(ways) > 1 and every:
        lines.append(f"{indent}{probability} = {' + '.join(terms)}: the sum over its ways")
    elif len(ways) > 1:
        lines.append(f"{indent}{probability} is the sum over its {len(ways)} ways; "
                     "--witnesses all shows every way")
    return lines


@dataclass
class _Row:
    probability: Fraction
    choices: tuple[Frozen, ...]
    events: tuple[Frozen, ...]
    notes: tuple[Frozen, ...]
    members: list[tuple[Frozen, ...]]  # the choices it stands for (several: no difference)


def _component(choice: Frozen) -> tuple:
    item = dict(choice)
    return (item["choice"], item["player"], item.get("ability") or item.get("source"), item.get("kind"))


def _merge(group: list[tuple[Frozen, ...]], every_value: dict[tuple, set]) -> tuple[Frozen, ...] | None:
    """Choices with the same outcomes: one choice list with 'makes_no_difference' for each
    choice that varies, when the group is every combination of every value of those choices
    (otherwise None: they are listed one by one)."""
    shapes = {tuple(_component(c) for c in member) for member in group}
    if len(shapes) != 1:
        return None
    shape = shapes.pop()
    values = [{member[i] for member in group} for i in range(len(shape))]
    varying = [i for i, v in enumerate(values) if len(v) > 1]
    if not varying or prod(len(values[i]) for i in varying) != len(group):
        return None
    if any(values[i] != every_value[shape[i]] for i in varying):
        return None
    merged = []
    for i, component in enumerate(shape):
        if i in varying:
            kind, player, ability, counter = component
            item: Item = {"choice": kind, "player": player}
            if kind in ("echo", "cumulative_upkeep"):
                item["source"] = ability
            elif ability is not None:
                item.update(ability=ability, **({"kind": counter} if counter is not None else {}))
            item["makes_no_difference"] = True
            merged.append(_freeze(item))
        else:
            merged.append(group[0][i])
    return tuple(merged)


def _rows(per_choice: dict[tuple, dict[tuple, Fraction]],
          notes: dict[tuple, tuple]) -> list[_Row]:
    """Group the choices by the outcomes they give (with their probabilities)."""
    every_value: dict[tuple, set] = {}
    for choices in per_choice:
        for c in choices:
            every_value.setdefault(_component(c), set()).add(c)
    groups: dict[frozenset, list[tuple]] = {}
    for choices, results in per_choice.items():
        spread = frozenset((events, p, notes[choices, events]) for events, p in results.items())
        groups.setdefault(spread, []).append(choices)
    rows: list[_Row] = []
    for spread, members in groups.items():
        members.sort()
        merged = _merge(members, every_value) if len(members) > 1 else members[0]
        for shown, stands_for in ([(merged, members)] if merged is not None
                                  else [(m, [m]) for m in members]):
            for events, p, outcome_notes in spread:
                rows.append(_Row(p, shown, events, outcome_notes, stands_for))
    rows.sort(key=lambda r: (r.choices, r.events))
    return rows


def _echo_and_tokens_items(read: ModelAtoms, stages: dict[int, Resolving],
                           choices: list[Item]) -> list[Item]:
    """Echo and cumulative upkeep paid or not (CR 702.30a, 702.24a), age counters, as data:
    events, and the choices (the same atoms as `next` words; the tokens are _LOCAL's)."""
    events: list[Item] = []
    paid: dict[int | None, list[tuple[str, int]]] = {}
    for atom in read(Paid):
        paid.setdefault(_stage_of(atom.key), []).append((atom.type.upper(), atom.amount))
    for age in read(PutAge):
        ages = [a.total for a in read(AgeDue) if a.stage == age.stage]
        events.append({"event": "counter", "kind": "age", "object": age.source, "total": ages[0]})
    for pays in read(Pays):
        stage = _stage_of(pays.key)
        assert stage is not None, f"a cost paid as an ability resolves is echo(K) or age(K): {pays.key}"
        _, source, ability, player = stages[stage]
        spent = "".join(f"{{{t}}}" * n for t, n in sorted(paid.get(stage, []), key=lambda p: "WUBRGC".index(p[0])))
        choices.append({"choice": ability.name, "player": player, "source": source,
                        "pays": True})
        events.append({"event": "pay", "player": player, "mana": spent, "for": ability.name,
                       "source": source})
    unpayable = {a.stage for a in read(EchoUnpayable)} | {a.stage for a in read(UpkeepUnpayable)}
    for gone in read(Sacrificed):
        cost = stages[gone.stage].ability.name
        if gone.stage not in unpayable:
            choices.append({"choice": cost, "player": stages[gone.stage].controller, "source": gone.source,
                            "pays": False})
        events.append({"event": "sacrifice", "object": gone.source, "cause": cost})
    return events


# Atoms that each give one event or note by themselves, whatever else the path holds:
# decoded once per search (an atom recurs on many paths), not once per path.
_LOCAL_RECORDS: dict[type, Callable[[Any], tuple[str, Item]]] = {
    # Tokens created (CR 111.2), or none when there is none to count.
    Creates: lambda a: ("event", {"event": "create", "token": a.token, "count": a.number}),
    NoTokens: lambda a: ("event", {"event": "create", "token": a.token, "count": 0,
                                   "reason": "none_to_count"}),
    Destroyed: lambda a: ("event", {"event": "destroy", "object": a.obj, "cause": "random"}),
    ShieldSpent: lambda a: ("event", {"event": "shield", "object": a.obj, "cause": "random"}),
    # Effects of a triggered ability on its source and its controller (asp/outcomes.lp).
    PutsSelf: lambda a: ("event", {"event": "counter", "kind": a.kind, "object": a.obj,
                                   **({"count": a.number} if a.number > 1 else {})}),
    RemovesSelf: lambda a: ("event", {"event": "remove_counter", "kind": a.kind, "object": a.obj}),
    GainsLife: lambda a: ("event", {"event": "life", "player": a.player, "gains": a.amount}),
    LosesLife: lambda a: ("event", {"event": "life", "player": a.player, "loses": a.amount}),
    SacrificesSelf: lambda a: ("event", {"event": "sacrifice", "object": a.obj, "cause": "effect"}),
    ReturnsSelf: lambda a: ("event", {"event": "return", "object": a.obj, "zone": "hand"}),
    NoResponse: lambda a: ("note", {"note": "no_response", "object": a.obj}),
}


def _local(cls: type, item: Callable[[Any], tuple[str, Item]]) -> Callable[[solver.Atom], tuple[str, Item, int]]:
    """An atom's record: its kind ("event" or "note"), its item and its stage (whose effect made it)."""
    one: Callable[[Any], Any] = spec(cls).decode  # a solver.Atom reads like a Symbol

    def read(atom: solver.Atom) -> tuple[str, Item, int]:
        record = one(atom)
        return (*item(record), record.stage)
    return read


# By the name of its atom (shown with one arity each: asp/query/outcomes.lp).
_LOCAL: dict[str, Callable[[solver.Atom], tuple[str, Item, int]]] = {
    spec(cls).name: _local(cls, item) for cls, item in _LOCAL_RECORDS.items()}
_RANDOM: Callable[[Any], RandomAmong] = spec(RandomAmong).decode
_LEFT_TRIGGER: Callable[[Any], LeftTrigger] = spec(LeftTrigger).decode
_EMPTIED: Callable[[Any], Emptied] = spec(Emptied).decode
_PARTLY_APPLIED: Callable[[Any], PartlyApplied] = spec(PartlyApplied).decode
_GAINS_LIFE: Callable[[Any], GainsLife] = spec(GainsLife).decode
_LOSES_LIFE: Callable[[Any], LosesLife] = spec(LosesLife).decode
_SHIELD: Callable[[Any], ShieldUnjudged] = spec(ShieldUnjudged).decode
_TOKENS_ADDED: Callable[[Any], TokensAddedUnjudged] = spec(TokensAddedUnjudged).decode
_UMBRA: Callable[[Any], UmbraUnfollowed] = spec(UmbraUnfollowed).decode
_GAIN_ORDER: Callable[[Any], GainOrderUnjudged] = spec(GainOrderUnjudged).decode
_GAIN_UNBOUNDED: Callable[[Any], GainUnbounded] = spec(GainUnbounded).decode

# What one shown atom is to a path (_role): a factor of its probability, an event or a note
# of its own, or part of the path's structure (decoded once per distinct structure).
_FACTOR, _EVENT, _NOTE, _STRUCTURE = range(4)


def _placed(item: Item, place: int = 0) -> tuple[tuple, Frozen]:
    """An item frozen, with its place first: where the effect that made it stands in its ability's text (CR 608.2c,
    ``effect_place``; 0: no effect of one), then as _order sorts it."""
    frozen = _freeze(item)
    return (place, *_order(frozen)), frozen


def _effects(board: Board, ability: Symbol) -> list[dict[str, Any]]:
    """A resolving triggered ability's effects (its `do:`), in the order its text gives them (CR 608.2c)."""
    if ability.name in KEYWORD_TRIGGERS:
        return []
    printed, granted = stack_trigger(ability)
    card = board.library.get(printed.card)
    assert card is not None, "a validated board's cards are in its library"
    return list(card.ability(printed.position + 1, granted)["triggered"].get("do", []))


class _Places:
    """A resolving ability's effects (its `do:`, ``_effects``) and where the events of each effect stand among
    them (``effect_place``), found once for each effect: a path's events are placed path by path (issue 16: 41,040
    paths of three Bombardments placed three events each)."""

    __slots__ = ("effects", "found")

    def __init__(self, effects: list[dict[str, Any]]):
        self.effects = effects
        self.found: dict[tuple[str, ...], int] = {}

    def place(self, keys: tuple[str, ...]) -> int:
        found = self.found.get(keys)
        if found is None:
            found = self.found[keys] = effect_place(self.effects, keys)
        return found


def _by_name(model: Iterable[Any]) -> dict[str, list[Symbol]]:
    atoms: dict[str, list[Symbol]] = {}
    for atom in model:
        atoms.setdefault(atom.name, []).append(atom)
    return atoms


def _structure(board: Board, read: ModelAtoms, cards: dict[str, str],
               resolving: dict[str, str]) -> tuple[tuple[Frozen, ...], list[tuple[tuple, Frozen]],
                                                    list[Frozen], dict[int, _Places]]:
    """What a path's structural atoms (all but _LOCAL's and random_among), read as records,
    give: its choices in order, its events in order, its notes (each event with its place,
    _placed) and each stage's effects (_effects: where the events of _LOCAL's atoms stand);
    the abilities it resolves are added to ``resolving``, a source's card to ``cards``; other
    atoms ``read`` holds are not read."""
    stages = {a.stage: a for a in read(Resolving)}
    for k in stages:
        resolving[_key(stages[k].source, stages[k].ability)] = stages[k].source
    events: list[Item] = []
    choices: list[Item] = []
    failed = {a.stage for a in read(IfFails)}
    put: dict[int, list[tuple[str, str]]] = {}
    for atom in read(Put):
        put.setdefault(atom.stage, []).append((atom.obj, atom.kind))
    nothing = {a.stage for a in read(NothingDestroyed)}
    modelled = {a.ability for a in read(ChangesState)}
    looked_for = {a.stage: a.kind for a in read(RandomDestroy)}
    declined = {a.stage for a in read(Declines)}  # CR 603.5: "you may", not done
    for stage in sorted(stages):
        _, source, ability, _ = stages[stage]
        card = cards.get(source)
        if card is None:
            card = cards[source] = card_of(board, source) or source  # never read back from prose: an id may hold " ("
        if stage in failed:
            events.append({"event": "no_effect", "card": card, "reason": "if_false"})
        elif ability not in modelled and stage not in declined:
            events.append({"event": "unmodelled", "card": card, "text": _text(board, ability)})
        if stage in nothing:
            events.append({"event": "no_effect", "card": card, "reason": "no_candidate",
                           "kind": looked_for[stage]})
    for optional in read(MayChoose):  # CR 603.5: "you may"
        stage = optional.stage
        choices.append({"choice": "may", "player": stages[stage].controller,
                        "ability": _key(stages[stage].source, stages[stage].ability),
                        "applies": stage not in declined})
    kinds: dict[int, set[str]] = {}
    for wanted in read(ToChoose):
        kinds.setdefault(wanted.stage, set()).add(wanted.kind)
    for chooser in read(Chooser):
        stage = chooser.stage
        for kind in sorted(kinds[stage]):
            chosen = sorted(o for o, k in put.get(stage, []) if k == kind)
            choices.append({"choice": "counters", "player": chooser.player,
                            "ability": _key(stages[stage].source, stages[stage].ability), "kind": kind,
                            "objects": chosen})
    effects = {stage: _Places(_effects(board, stages[stage].ability)) for stage in stages}
    placed = []
    for stage in sorted(put):  # chosen (put_counters) or each of them (counter_on_each): asp/outcomes.lp
        place = effects[stage].place(EFFECT_OF["put"])
        placed += [_placed({"event": "counter", "kind": k, "object": o}, place) for o, k in put[stage]]
    for orders in read(Orders):
        player = orders.player
        mine = [_key(stages[k].source, stages[k].ability) for k in sorted(stages)
                if stages[k].controller == player]
        choices.append({"choice": "order", "player": player, "order": mine})
    events.extend(_echo_and_tokens_items(read, stages, choices))
    unpayable: list[tuple[str, list[int]]] = [
        ("echo_unpayable", [a.stage for a in read(EchoUnpayable)]),
        ("upkeep_unpayable", [a.stage for a in read(UpkeepUnpayable)])]
    outcome_notes = [{"note": name, "ability": _key(stages[stage].source, stages[stage].ability)}
                     for name, found in unpayable for stage in found]
    return (_sorted(choices), sorted([*placed, *map(_placed, events)]), [_freeze(n) for n in outcome_notes],
            effects)


def _refuse_left_triggers(board: Board, triggered: set[LeftTrigger]) -> None:
    """CR 603.3, 603.10a: an ability that triggers as a permanent leaves the battlefield (echo
    or cumulative upkeep not paid, a sacrifice, a destruction: asp/zone_change.lp, the rule
    pysolver next uses) goes on the stack above what is still to resolve, and resolves first;
    outcomes doesn't resolve it, so any path on which one triggers is refused."""
    if triggered:
        abilities = sorted({named(board, t.obj, _key(t.obj, t.ability)) for t in triggered})
        raise QueryError(f"a permanent leaving the battlefield can trigger {', '.join(abilities)} (CR 603.10a); "
                         "outcomes doesn't put leaves-the-battlefield triggers on the stack (pysolver next "
                         "resolve does)", file=board.name)


# The permanents a resolution puts into a graveyard (asp/outcomes.lp: destroyed, sacrificed, sacrificing itself).
_GONE: dict[str, Callable[[Any], str]] = {"destroyed": lambda a: spec(Destroyed).decode(a).obj,
                                          "sacrificed": lambda a: spec(Sacrificed).decode(a).source,
                                          "sacrifices_self": lambda a: spec(SacrificesSelf).decode(a).obj}


def _refuse_graveyard_triggers(board: Board, gone: set[str]) -> None:
    """CR 113.6m: a resolution that puts a card into a graveyard where a triggered ability of it
    functions (card data graveyard_triggers), which outcomes doesn't model: refused unless
    --allow-partial, which names the sentences left out (a token ceases to exist there, 704.5d)."""
    from pysolver.cards.library import ALLOW_PARTIAL, left_out

    by_id = {p.id: p for p in board.battlefield}
    for obj in sorted(gone):
        permanent = by_id.get(obj)
        if permanent is None or permanent.token or board.library is None:
            continue
        texts = board.library.get(permanent.card).data.get("graveyard_triggers")
        if texts and not ALLOW_PARTIAL.get():
            raise QueryError(f"{obj} ({permanent.card}) may be put into a graveyard as it resolves, where "
                             f"{texts[0]!r} functions (CR 113.6m), which outcomes doesn't model; --allow-partial "
                             "uses it without it", file=board.name)
        if texts:
            left_out(permanent.card, texts)


def _watchers(board: Board, event: str) -> Iterable[tuple[Any, int, dict]]:
    """(permanent, ability number, its ``when``) of each triggered ability on the battlefield that
    triggers on ``event`` (CR 603.2)."""
    for permanent in board.battlefield if board.library is not None else ():
        card = board.library.get(permanent.card_name)
        for number, ability in enumerate(card.abilities() if card else (), start=1):
            when = ability.get("triggered", {}).get("when", {}) if isinstance(ability, dict) else {}
            if when.get("event") == event:
                yield permanent, number, when


def _refuse_gain_triggers(board: Board, gainers: set[str], event: str = "gain_life") -> None:
    """CR 603.2, 119.3: "Whenever you gain life" (or, with ``event`` lose_life, "Whenever an opponent
    loses life") triggers as a resolving ability makes a player gain (lose) life (asp/player_events.lp,
    the rule pysolver next uses); outcomes doesn't put it on the stack, so any path on which a player
    some such ability looks at gains (loses) life is refused."""
    for permanent, number, when in _watchers(board, event) if gainers else ():
        whose = when.get("whose")
        seen = whose == "any" or (whose == "you" and permanent.controller in gainers) or (
            whose == "opponent" and bool(gainers - {permanent.controller}))
        if seen:
            verb, noun = ("gains", "gain") if event == "gain_life" else ("loses", "loss")
            raise QueryError(f"{', '.join(sorted(gainers))} {verb} life, which can trigger "
                             f"{named(board, permanent.id, f'{permanent.id}:{number}')} (CR 603.2, 119.3); "
                             f"outcomes doesn't put the abilities a life {noun} triggers on the stack "
                             "(pysolver next resolve does)", file=board.name)


def _refuse_counter_removal_triggers(board: Board, emptied: set[Emptied]) -> None:
    """CR 603.2, 702.63a: "When the last time counter is removed from ~" triggers as a resolving
    ability removes the last one (the rule pysolver next uses, next_state._last_counter_triggers);
    outcomes doesn't put it on the stack, so any path on which it triggers is refused."""
    gone = {(each.obj, each.kind) for each in emptied}
    for permanent, number, when in _watchers(board, "last_counter_removed") if gone else ():
        if (permanent.id, when.get("kind")) in gone:
            raise QueryError(f"a resolving ability removes the last {when.get('kind')} counter from "
                             f"{permanent.id}, which triggers {named(board, permanent.id, f'{permanent.id}:{number}')}"
                             " (CR 603.2, 122.1); outcomes doesn't put the abilities a counter's removal triggers on "
                             "the stack (pysolver next resolve does)", file=board.name)


def _refuse_counter_triggers(board: Board, put: bool) -> None:
    """CR 603.2, 122.1: "Whenever one or more +1/+1 counters are put on ~" triggers as a resolving
    ability puts counters (asp/counter_events.lp, the rule pysolver next uses); outcomes doesn't put
    it on the stack, so any path that puts counters while such an ability is on the battlefield is
    refused."""
    for replacer in counter_rules.replacers(board) if put else ():  # CR 614.1a (asp/counter_put.lp)
        raise QueryError(f"a resolving ability puts counters on a permanent, which {named(board, replacer)}'s "
                         "replacement effect changes (CR 614.1a, 616.1); outcomes doesn't apply it (pysolver next "
                         "resolve does)", file=board.name)
    for permanent, number, _ in _watchers(board, "counters_put") if put else ():
        raise QueryError(f"a resolving ability puts counters on a permanent, which can trigger "
                         f"{named(board, permanent.id, f'{permanent.id}:{number}')} (CR 603.2, 122.1); "
                         "outcomes doesn't put the abilities counters trigger on the stack (pysolver next "
                         "resolve does)", file=board.name)


def outcomes(board: Board, max_outcomes: int | None = None,
             timeout: float | None = None, explain: bool = False,
             witnesses: str = "one") -> Resolution:
    """Resolve what happens next; every distinct outcome with its exact probability.
    With ``explain``, ``explanation()`` says how each arises, read from the atoms of
    asp/explain/outcomes.lp: one way (witness) an outcome, or every way with
    ``witnesses="all"``."""
    if max_outcomes is not None and max_outcomes < 1:
        raise QueryError(f"max_outcomes must be at least 1 (got {max_outcomes})", file=board.name)
    if witnesses not in WITNESSES:
        raise QueryError(f"witnesses must be one of {', '.join(WITNESSES)} (got {witnesses!r})",
                         file=board.name)
    ended = state_based.game_end(board)
    if ended is not None:  # CR 104.1: nothing resolves in a game that has ended
        raise QueryError(f"the game is over (CR 104.1): {ended}; nothing resolves", file=board.name)
    refuse_granted_triggers(board, "outcomes")
    inherent = None if board.stack else player_triggers.inherent_trigger(board, board.step, board.active_player)
    if inherent is not None:  # CR 603.3, 722.2, 723.2, 725.1: it triggered as the step began, with the others
        raise QueryError(f"with the stack empty, what triggered as the step began resolves: {inherent}",
                         file=board.name)
    for position, item in enumerate(board.stack):
        if item.source is None and position == len(board.stack) - 1:
            raise QueryError(f"the top of the stack ({item.id}) is a spell; only triggered "
                             "abilities resolve here", file=board.name, place=f"stack[{position}]")
        card = board.library.get(item.card) if board.library is not None else None
        if item.source is not None and position == len(board.stack) - 1 and isinstance(item.ability, int) \
                and card is not None and "activated" in card.ability(item.ability):
            raise QueryError(f"the top of the stack ({item.id}) is an activated ability; only triggered "
                             "abilities resolve here (pysolver next resolves it)", file=board.name,
                             place=f"stack[{position}]")
    grounded = solver.ground(facts.outcomes(board),
                             solver.entry("outcomes_explain" if explain else "outcomes"))
    ways: dict[tuple, list[Way]] = {}
    # choices -> events -> ({denominator: paths}, notes): a path's probability is 1/denominator.
    per_choice: dict[tuple, dict[tuple, tuple[dict[int, int], set]]] = {}
    resolving: dict[str, str] = {}
    paths = 0
    cards: dict[str, str] = {}  # a source's card, worded once

    def role(atom: solver.Atom) -> tuple:
        """(kind, value, atom), once per distinct atom of the search (solver.each_model)."""
        if atom.name == "random_among":  # uniform among N (asp/outcomes.lp)
            return _FACTOR, _RANDOM(atom).candidates, atom
        if atom.name == "tokens_beyond":  # asp/token_replacement.lp's token_cap
            raise LimitExceeded("incomplete: the replacement effects of creating tokens (CR 614.1a) make more "
                                "tokens than are counted here", file=board.name)
        if atom.name == "tokens_added_unjudged":  # asp/token_replacement.lp: tokens added (CR 614.1a)
            raise QueryError(_TOKENS_ADDED(atom).refusal("outcomes"), file=board.name)
        if atom.name == "partly_applied":  # asp/outcomes.lp: never half applied
            partly = _PARTLY_APPLIED(atom)
            effect = partly.effect.name.replace("_", " ")
            raise QueryError(f"{_printed(partly.ability).card}'s \"{_text(board, partly.ability)}\" resolves, and "
                             f"outcomes doesn't apply its {effect} effect beside the others (pysolver next resolve "
                             "does)", file=board.name)
        if atom.name == "shield_unjudged":  # asp/outcomes.lp: a shield counter on one destroyed at random
            raise QueryError(_SHIELD(atom).refusal("outcomes"), file=board.name)
        if atom.name == "umbra_unfollowed":  # asp/outcomes.lp: umbra armor on one destroyed at random
            raise QueryError(_UMBRA(atom).refusal("outcomes"), file=board.name)
        if atom.name == "gain_order_unjudged":  # asp/life_replacement.lp: doubled and increased (CR 616.1)
            refuse_unjudged_gains(board, [_GAIN_ORDER(atom)], [], "outcomes")
        if atom.name == "gain_unbounded":  # asp/life_replacement.lp: doubled past a life total's range
            refuse_unjudged_gains(board, [], [_GAIN_UNBOUNDED(atom)], "outcomes")
        if atom.name == "left_trigger":  # refused after the search (_refuse_left_triggers)
            left_triggers.add(_LEFT_TRIGGER(atom))
        if atom.name == "gains_life" and _GAINS_LIFE(atom).amount > 0:  # _refuse_gain_triggers
            gainers.add(_GAINS_LIFE(atom).player)
        if atom.name == "loses_life" and _LOSES_LIFE(atom).amount > 0:  # _refuse_gain_triggers
            losers.add(_LOSES_LIFE(atom).player)
        if atom.name in ("put", "puts_self", "put_age"):  # _refuse_counter_triggers
            counters_put.add(atom.name)
        if atom.name == "emptied":  # _refuse_counter_removal_triggers
            emptied.add(_EMPTIED(atom))
        if atom.name in _GONE:  # _refuse_graveyard_triggers
            gone.add(_GONE[atom.name](atom))
        local = _LOCAL.get(atom.name or "")
        if local is not None:  # an event with its stage and its effect (placed on each path: CR 608.2c)
            kind, item, stage = local(atom)
            return (_EVENT, (stage, EFFECT_OF.get(atom.name or "", ()), _placed(item)), atom) if kind == "event" \
                else (_NOTE, _placed(item), atom)
        role.count += 1  # type: ignore[attr-defined]
        return _STRUCTURE, role.count, atom  # type: ignore[attr-defined]

    role.count = 0  # type: ignore[attr-defined]
    left_triggers: set[LeftTrigger] = set()
    gainers: set[str] = set()
    losers: set[str] = set()
    counters_put: set[str] = set()
    emptied: set[Emptied] = set()
    gone: set[str] = set()
    def tally(choices: tuple, events: tuple, stage_notes: list[Frozen]) -> tuple[dict[int, int], set]:
        """Where the paths with these choices and events are counted, their notes and these too."""
        results = per_choice.get(choices)
        if results is None:
            results = per_choice[choices] = {}
        found = results.get(events)
        if found is None:
            found = results[events] = ({}, set())
        if stage_notes:
            found[1].update(stage_notes)
        return found

    # A path's structural atoms -> [what they give, where a path with no events of its own is
    # counted (the same for every such path: looked up once)].
    structures: dict[frozenset, list] = {}
    caching = True
    # The explanation reads the atoms in order.
    for model in grounded.each_model(timeout, decode=role, ordered=explain):
        paths += 1
        denominator = 1
        structure: list[int] = []
        placed_events: list[tuple[int, tuple[str, ...], tuple[tuple, Frozen]]] = []
        own_notes: list[Frozen] = []
        for kind, value, _ in model:
            if kind == _STRUCTURE:
                structure.append(value)
            elif kind == _FACTOR:
                denominator *= value
            elif kind == _EVENT:
                placed_events.append(value)
            else:
                own_notes.append(value[1])
        if explain:  # every path its own explanation: nothing to share
            atoms = _by_name(atom for _, _, atom in model)
            read = ModelAtoms(grounded, [atom for _, _, atom in model])
            decoded = _structure(board, read, cards, resolving)
        else:
            key = frozenset(structure)
            found = structures.get(key) if caching else None
            if found is None:
                found = [_structure(board, ModelAtoms(grounded, [atom for kind, _, atom in model
                                                                 if kind == _STRUCTURE]), cards, resolving), None]
                if caching:
                    structures[key] = found
                    # Paths that share no structure (each its own choice) don't pay for a cache.
                    caching = len(structures) < 1024 or 2 * len(structures) < paths
            decoded = found[0]
            if not placed_events:  # counted where every such path of this structure is
                if found[1] is None:
                    found[1] = tally(decoded[0], tuple([frozen for _, frozen in decoded[1]]), decoded[2])
                counts, noted = found[1]
                counts[denominator] = counts.get(denominator, 0) + 1
                if own_notes:
                    noted.update(own_notes)
                continue
        chosen_key, stage_events, stage_notes, effects = decoded
        if placed_events:
            placed = [((effects[stage].place(keys) if keys and stage in effects else 0, *order[1:]), frozen)
                      for stage, keys, (order, frozen) in placed_events]
            event_key = tuple([frozen for _, frozen in sorted(stage_events + placed)])
        else:
            event_key = tuple([frozen for _, frozen in stage_events])
        counts, noted = tally(chosen_key, event_key, stage_notes)
        counts[denominator] = counts.get(denominator, 0) + 1
        if own_notes:
            noted.update(own_notes)
        if explain:
            steps, factors = _way(board, read, atoms)
            ways.setdefault((chosen_key, event_key), []).append((factors, steps))
    _refuse_left_triggers(board, left_triggers)
    _refuse_gain_triggers(board, gainers)
    _refuse_gain_triggers(board, losers, "lose_life")
    _refuse_counter_triggers(board, bool(counters_put))
    _refuse_counter_removal_triggers(board, emptied)
    _refuse_graveyard_triggers(board, gone)
    probabilities = {choices: {events: chance.total(counts) for events, (counts, _) in results.items()}
                     for choices, results in per_choice.items()}
    frozen_notes = {(choices, events): tuple(sorted(noted)) for choices, results in per_choice.items()
                    for events, (_, noted) in results.items()}
    rows = _rows(probabilities, frozen_notes)
    if max_outcomes is not None and len(rows) > max_outcomes:
        raise LimitExceeded(f"incomplete: more than {max_outcomes} outcomes (--max-outcomes)",
                            file=board.name)
    result = Resolution(sorted(resolving), paths=paths)
    result.resolving_words = [named(board, resolving[k], k) for k in result.resolving]
    for row in rows:
        outcome = Outcome(row.probability, tuple(map(_thaw, row.choices)),
                          tuple(map(_thaw, row.events)), tuple(map(_thaw, row.notes)))
        outcome.words = {"choices": [choice_words(board, c) for c in outcome.choices],
                         "events": [event_words(board, e) for e in outcome.events],
                         "notes": [note_words(board, n) for n in outcome.notes]}
        result.outcomes.append(outcome)
    if explain:
        result.explained = _explain(board, rows, result.outcomes, ways, witnesses == "all")
    return result


def _explain(board: Board, rows: list[_Row], shown: list[Outcome], ways: dict[tuple, list[Way]],
             every: bool) -> list[str]:
    """Each outcome, its probability as the sum over its ways of the product of 1/N."""
    lines: list[str] = []
    for number, (row, outcome) in enumerate(zip(rows, shown, strict=True), 1):
        words = "; ".join(outcome.words["choices"] + outcome.words["events"]) or "nothing happens"
        lines.append(f"outcome {number}, probability {row.probability}: {words}")
        members = row.members if every else row.members[:1]
        for member in members:
            indent = "  "
            if len(row.members) > 1:
                chosen = "; ".join(choice_words(board, _thaw(c)) for c in member)
                lines.append(f"  when {chosen}:")
                indent = "    "
            lines.extend(_ways_lines(row.probability, sorted(ways[member, row.events]), every, indent))
        if len(row.members) > 1 and not every:
            others = len(row.members) - 1
            lines.append(f"  {plural(others, 'other choice')} {'gives' if others == 1 else 'give'} this "
                         "outcome with the same probability; --witnesses all shows each")
    return lines


def answer(board: Board, max_outcomes: int | None = None) -> list[dict]:
    """Canonical answer: [{probability: "1/3", choices?: [...], events: [...], notes?: [...]}]."""
    return [o.canonical() for o in outcomes(board, max_outcomes).outcomes]


register(Query.described(
    "outcomes", program="outcomes", explain_program="outcomes_explain",
    facts=facts.outcomes, run=outcomes, answer=answer, schema="outcomes",
    decodes=DECODES, explain_decodes=EXPLAIN_DECODES))
