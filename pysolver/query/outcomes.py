"""What happens next and every distinct outcome, with exact probabilities (asp/outcomes.lp).

The choices of players and the random choices are enumerated by clingo, one
answer set per path; a path's probability is the product of 1/N over its
random choices (random_among(K, N): uniform among N candidates).  Paths with
the same choices and the same events are one outcome; their probabilities add.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from clingo import Symbol

from pysolver import solver
from pysolver.board import Board
from pysolver.errors import LimitExceeded, QueryError
from pysolver.facts import queries as facts
from pysolver.predicates import ModelAtoms, Name, predicate
from pysolver.query.registry import Query, register



@dataclass
class Outcome:
    probability: Fraction
    choices: tuple[str, ...]
    events: tuple[str, ...]
    notes: tuple[str, ...] = ()

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


@predicate("random_among")
class RandomAmong(NamedTuple):
    stage: int
    candidates: int


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


@predicate("ex_nothing")
class ExNothing(NamedTuple):
    stage: int


@predicate("ex_none_resolves")
class ExNoneResolves(NamedTuple):
    pass


DECODES = (Resolving, RandomAmong, IfFails, Put, NothingDestroyed, ChangesState, Chooser, Orders,
           Destroyed, NoResponse, EchoUnpayable)
EXPLAIN_DECODES = (ExResolves, ExOrders, ExIf, ExChoose, ExChose, ExRandom, ExCandidate,
                   ExExcluded, ExPicked, ExNothing, ExNoneResolves)


# The triggered abilities of keywords (no index among the card's abilities).
KEYWORD_TRIGGERS = {
    "echo": "sacrifice it unless its controller pays its echo cost (CR 702.30a)",
    "cumulative_upkeep": "put an age counter on it, then sacrifice it unless its controller pays its "
                         "cumulative upkeep cost for each age counter (CR 702.24a)",
}


def _key(source: str | Symbol, ability: Symbol) -> str:
    name = source.string if isinstance(source, Symbol) else source
    if ability.name in KEYWORD_TRIGGERS:
        return f"{name}:{ability.name}"
    return f"{name}:{ability.arguments[1].number}"


def _text(board: Board, ability: Symbol) -> str:
    if ability.name in KEYWORD_TRIGGERS:
        return KEYWORD_TRIGGERS[ability.name]
    card = board.library.get(ability.arguments[0].string)
    return card.abilities()[ability.arguments[1].number]["triggered"]["text"]


def _a(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


_WHOSE = {"you": "{p} controls", "opponent": "{p}'s opponents control", "any": "on the battlefield"}


@lru_cache(maxsize=256)
def _listing(names: frozenset[str]) -> str:
    return ", ".join(sorted(names))


def _way(atoms: ModelAtoms) -> tuple[list[str], list[int]]:
    """One path's ex_* atoms (asp/explain/outcomes.lp), worded stage by stage, and the
    number of candidates of each random choice on it (its probability: 1/N each)."""
    def of(cls: type) -> dict[int, list]:
        found: dict[int, list] = {}
        rows: list[tuple] = atoms(cls)
        for atom in rows:  # every ex_* atom but ex_orders begins with its stage
            found.setdefault(atom[0], []).append(atom)
        return found

    orders = {a.player: a.number for a in atoms(ExOrders)}
    resolves, ifs, choose, random = of(ExResolves), of(ExIf), of(ExChoose), of(ExRandom)
    chose, candidates = of(ExChose), of(ExCandidate)
    excluded, picked, nothing = of(ExExcluded), of(ExPicked), of(ExNothing)
    lines: list[str] = []
    factors: list[int] = []
    if atoms(ExNoneResolves):
        lines.append("nothing resolves: the stack is empty and no ability triggered as the step "
                     "began (CR 405.5, 603.2)")
    for stage in sorted(resolves):
        (resolved,) = resolves[stage]
        source, why, who = resolved.source, resolved.why, resolved.player
        key = _key(source, resolved.ability)
        head = f"stage {stage}: {key} ({who})"
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
            if condition.name == "with_counter":
                whose, kind, needed = condition.arguments
                where = _WHOSE[whose.name].format(p=who)
                lines.append(f"{head}: its intervening \"if\" {verdict} as it resolves: {found.number} "
                             f"permanent(s) {where} with {_a(kind.string)} counter, at least "
                             f"{needed.number} needed{then} (CR 603.4)")
            else:
                lines.append(f"{head}: its intervening \"if\" {verdict} as it resolves: "
                             f"{source} is {found.name}{then} (CR 603.4)")
        for _, _, kind, wanted, count, eligible in choose.get(stage, []):
            names = sorted(c.obj for c in chose.get(stage, []) if c.kind == kind)
            fewer = (f", as many as possible of {wanted} (CR 609.3)"
                     if count < wanted else "")
            lines.append(f"{head}: {who} chooses {count} of the {eligible} eligible "
                         f"permanent(s) for {_a(kind)} counter each{fewer}: "
                         f"{', '.join(names) or 'none'}; they aren't targeted (CR 115.10a)")
        for chance in random.get(stage, []):
            n = chance.candidates
            factors.append(n)
            listed = _listing(frozenset(c.obj for c in candidates.get(stage, [])))
            destroyed = ", ".join(sorted(p.obj for p in picked.get(stage, [])))
            lines.append(f"{head}: a random choice among {n} candidate(s) ({listed}), each "
                         f"with probability 1/{n}: {destroyed} is destroyed (CR 701.7a)")
        for _, obj, reason in sorted(excluded.get(stage, [])):
            lines.append(f"{head}: {obj} is no candidate: it has {reason} (CR 702.12b)")
        if stage in nothing:
            lines.append(f"{head}: no candidate, so nothing is destroyed (CR 609.3)")
    return lines, factors


def _explain(found: dict[tuple, Fraction], ways: dict[tuple, list[tuple[list[int], list[str]]]]) -> list[str]:
    """Each outcome, its probability as the sum over its ways of the product of 1/N."""
    lines: list[str] = []
    for number, (key, probability) in enumerate(sorted(found.items()), 1):
        events = "; ".join([*key[0], *key[1]]) or "nothing happens"
        paths = sorted(ways[key])
        lines.append(f"outcome {number}, probability {probability}: {events}")
        terms = []
        for index, (factors, steps) in enumerate(paths, 1):
            product = Fraction(1)
            for n in factors:
                product /= n
            shown = " * ".join(f"1/{n}" for n in factors)
            chance = f"{shown} = {product}" if len(factors) > 1 else f"{product}"
            if not factors:
                chance += " (no random choice)"
            terms.append(str(product))
            lines.append(f"  way {index} of {len(paths)}, probability {chance}:")
            lines.extend(f"    {step}" for step in steps)
        if len(paths) > 1:
            lines.append(f"  {probability} = {' + '.join(terms)}: the sum over its ways")
    return lines


def _echo_and_tokens(atoms: dict[str, list[Symbol]], stages: dict, choices: list[str]) -> list[str]:
    """Echo paid or not (CR 702.30a) and tokens created (CR 111.2): events, and the choices."""
    events: list[str] = []
    paid: dict[int, list[tuple[str, int]]] = {}
    for atom in atoms.get("paid", []):
        paid.setdefault(atom.arguments[0].arguments[0].number, []).append(
            (atom.arguments[1].name.upper(), atom.arguments[2].number))
    word = {"echo": "echo", "cumulative_upkeep": "cumulative upkeep"}
    for atom in atoms.get("put_age", []):
        stage, source = atom.arguments[0].number, atom.arguments[1].string
        ages = [a.arguments[3].number for a in atoms.get("age_due", []) if a.arguments[0].number == stage]
        events.append(f"age counter on {source} ({ages[0]} in all)")
    for atom in atoms.get("pays", []):
        stage = atom.arguments[0].arguments[0].number
        source, ability, player = stages[stage]
        cost = word[ability.name]
        spent = "".join(f"{{{t}}}" * n for t, n in sorted(paid.get(stage, []), key=lambda p: "WUBRGC".index(p[0])))
        choices.append(f"{player.string} pays the {cost} cost of {source.string}")
        events.append(f"{player.string} pays {spent or 'nothing'} from the mana pool ({cost} of {source.string})")
    unpayable = {a.arguments[0].number for a in atoms.get("echo_unpayable", []) + atoms.get("upkeep_unpayable", [])}
    for atom in atoms.get("sacrificed", []):
        stage, source = atom.arguments[0].number, atom.arguments[1].string
        cost = word[stages[stage][1].name]
        if stage not in unpayable:
            choices.append(f"{stages[stage][2].string} doesn't pay the {cost} cost of {source}")
        events.append(f"sacrifice {source} ({cost} not paid)")
    for atom in atoms.get("creates", []):
        events.append(f"create {atom.arguments[2].number} {atom.arguments[1].string}")
    for atom in atoms.get("no_tokens", []):
        events.append(f"create no {atom.arguments[1].string} (none to count)")
    return events


def outcomes(board: Board, max_outcomes: int | None = None,
             timeout: float | None = None, explain: bool = False) -> Resolution:
    """Resolve what happens next; every distinct outcome with its exact probability.
    With ``explain``, ``explanation()`` says how each arises, read from the atoms of
    asp/explain/outcomes.lp."""
    if max_outcomes is not None and max_outcomes < 1:
        raise QueryError(f"max_outcomes must be at least 1 (got {max_outcomes})", file=board.name)
    for position, item in enumerate(board.stack):
        if item.source is None and position == len(board.stack) - 1:
            raise QueryError(f"the top of the stack ({item.id}) is a spell; only triggered "
                             "abilities resolve here", file=board.name, place=f"stack[{position}]")
    grounded = solver.ground(facts.outcomes(board),
                             solver.entry("outcomes_explain" if explain else "outcomes"))
    ways: dict[tuple, list[tuple[list[int], list[str]]]] = {}
    found: dict[tuple, Fraction] = {}
    notes: dict[tuple, set[str]] = {}
    resolving: set[str] = set()
    paths = 0
    for model in grounded.each_model(timeout):
        paths += 1
        atoms = ModelAtoms(grounded, model)
        stages = {a.stage: a for a in atoms(Resolving)}
        resolving |= {_key(a.source, a.ability) for a in stages.values()}
        probability = Fraction(1)
        for chance in atoms(RandomAmong):
            probability /= chance.candidates
        events: list[str] = []
        choices: list[str] = []
        failed = {a.stage for a in atoms(IfFails)}
        put: dict[int, list[str]] = {}
        for placed in atoms(Put):
            put.setdefault(placed.stage, []).append(f"{placed.kind} counter on {placed.obj}")
        nothing = {a.stage for a in atoms(NothingDestroyed)}
        modelled = {a.ability for a in atoms(ChangesState)}
        for stage in sorted(stages):
            source, ability = stages[stage].source, stages[stage].ability
            label = _key(source, ability)
            if stage in failed:
                events.append(f"{label}: does nothing, its \"if\" condition is false (CR 603.4)")
            elif ability not in modelled:
                events.append(f"{label}: {_text(board, ability)}")
            if stage in nothing:
                events.append(f"{label}: nothing destroyed, no candidate without indestructible")
        for chooser in atoms(Chooser):
            stage = chooser.stage
            chosen = sorted(e.split(" counter on ")[1] for e in put.get(stage, []))
            label = _key(stages[stage].source, stages[stage].ability)
            choices.append(f"{chooser.player} chooses for {label}: "
                           f"{', '.join(chosen) or 'nothing'}")
            events.extend(put.get(stage, []))
        for order in atoms(Orders):
            player = order.player
            mine = [_key(stages[k].source, stages[k].ability) for k in sorted(stages)
                    if stages[k].controller == player]
            choices.append(f"{player} orders the triggers to resolve: {', then '.join(mine)} (CR 603.3b)")
        for gone in atoms(Destroyed):
            events.append(f"destroy {gone.obj} (at random)")
        raw = atoms.by_name()  # _echo_and_tokens reads atoms by position (shared with next_state)
        events.extend(_echo_and_tokens(raw, {a.arguments[0].number: a.arguments[1:]
                                             for a in raw.get("resolving", [])}, choices))
        unpayable = [a.arguments[0].number for a in raw.get("echo_unpayable", []) + raw.get("upkeep_unpayable", [])]
        outcome_notes = {f"{_key(stages[stage].source, stages[stage].ability)}: the mana pool "
                         "can't pay the cost; mana abilities activated first would add to it "
                         "(CR 605.3a)" for stage in unpayable}
        outcome_notes |= {f"{a.obj} was destroyed as the ability resolved; no "
                         "player could act between the random choice and the destruction, so it "
                         "couldn't be tapped for mana first (CR 608.2, 117.3b)"
                         for a in atoms(NoResponse)}
        key = (tuple(sorted(choices)), tuple(sorted(events)))
        if key not in found:
            if max_outcomes is not None and len(found) >= max_outcomes:
                raise LimitExceeded(f"incomplete: more than {max_outcomes} outcomes (--max-outcomes)",
                                    file=board.name)
            found[key] = Fraction(0)
            notes[key] = set()
        found[key] += probability
        notes[key] |= outcome_notes
        if explain:
            steps, factors = _way(atoms)
            ways.setdefault(key, []).append((factors, steps))
    result = Resolution(sorted(resolving), paths=paths, explained=_explain(found, ways) if explain else None)
    result.outcomes = [Outcome(p, k[0], k[1], tuple(sorted(notes[k])))
                       for k, p in sorted(found.items())]
    return result


def answer(board: Board, max_outcomes: int | None = None) -> list[dict]:
    """Canonical answer: [{probability: "1/3", choices?: [...], events: [...], notes?: [...]}]."""
    return [o.canonical() for o in outcomes(board, max_outcomes).outcomes]


register(Query(
    name="outcomes", program="outcomes", explain_program="outcomes_explain",
    facts=facts.outcomes, run=outcomes, answer=answer, schema="outcomes",
    decodes=DECODES, explain_decodes=EXPLAIN_DECODES,
    summary="What happens next: every distinct outcome with its exact probability."))
