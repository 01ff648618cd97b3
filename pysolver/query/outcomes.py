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

from clingo import Symbol, SymbolType

from pysolver import facts, solver
from pysolver.board import Board
from pysolver.errors import LimitExceeded, QueryError

EXPLAIN_OUTCOME_RULES = solver.OUTCOME_RULES + ("explain/outcomes.lp",)
SHOW = """
#show resolving/4. #show if_fails/1. #show put/3. #show destroyed/2. #show random_among/2.
#show nothing_destroyed/1. #show chooser/2. #show no_response/2. #show orders/1.
#show changes_state/1. #show pays/1. #show paid/3. #show sacrificed/2. #show echo_unpayable/1.
#show creates/3. #show no_tokens/2.
"""
EXPLAIN_SHOW = """
#show ex_resolves/5. #show ex_orders/2. #show ex_if/4. #show ex_choose/6. #show ex_chose/4.
#show ex_random/2. #show ex_candidate/2. #show ex_excluded/3. #show ex_picked/2. #show ex_nothing/1.
#show ex_none_resolves/0.
"""


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


def _key(source: Symbol, ability: Symbol) -> str:
    if ability.name == "echo":
        return f"{source.string}:echo"
    return f"{source.string}:{ability.arguments[1].number}"


def _text(board: Board, ability: Symbol) -> str:
    if ability.name == "echo":
        return "sacrifice it unless its controller pays its echo cost (CR 702.30a)"
    card = board.library.get(ability.arguments[0].string)
    return card.abilities()[ability.arguments[1].number]["triggered"]["text"]


def _a(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


_WHOSE = {"you": "{p} controls", "opponent": "{p}'s opponents control", "any": "on the battlefield"}


@lru_cache(maxsize=1 << 16)
def _plain(atom: Symbol) -> tuple:
    """An atom's arguments as Python values: numbers, strings, names of constants."""
    return tuple(a.number if a.type == SymbolType.Number else
                 a.string if a.type == SymbolType.String else a.name for a in atom.arguments)


@lru_cache(maxsize=256)
def _listing(names: frozenset[str]) -> str:
    return ", ".join(sorted(names))


def _way(atoms: dict[str, list[Symbol]]) -> tuple[list[str], list[int]]:
    """One path's ex_* atoms (asp/explain/outcomes.lp), worded stage by stage, and the
    number of candidates of each random choice on it (its probability: 1/N each)."""
    def of(name: str, decode=lambda atom: tuple(atom.arguments)) -> dict[int, list[tuple]]:
        found: dict[int, list[tuple]] = {}
        for atom in atoms.get(name, []):
            stage, *rest = decode(atom)
            found.setdefault(stage if isinstance(stage, int) else stage.number, []).append(tuple(rest))
        return found

    orders = {a.arguments[0].string: a.arguments[1].number for a in atoms.get("ex_orders", [])}
    resolves, ifs, choose, random = of("ex_resolves"), of("ex_if"), of("ex_choose"), of("ex_random")
    # The atoms that repeat on every path, one per permanent: decoded once (_plain).
    chose, candidates = of("ex_chose", _plain), of("ex_candidate", _plain)
    excluded, picked, nothing = of("ex_excluded", _plain), of("ex_picked", _plain), of("ex_nothing")
    lines: list[str] = []
    factors: list[int] = []
    if "ex_none_resolves" in atoms:
        lines.append("nothing resolves: the stack is empty and no ability triggered as the step "
                     "began (CR 405.5, 603.2)")
    for stage in sorted(resolves):
        (source, ability, player, why), = resolves[stage]
        key, who = _key(source, ability), player.string
        head = f"stage {stage}: {key} ({who})"
        if why.name == "top":
            lines.append(f"{head} resolves: it is the top of the stack (CR 405.5)")
        elif why.name == "ordered" and who in orders:
            lines.append(f"{head} resolves: it triggered as the step began; triggers go on the stack in "
                         f"APNAP order, {who} ordering their {orders[who]} as they chose (CR 603.3b)")
        elif why.name == "ordered":
            lines.append(f"{head} resolves: it triggered as the step began; triggers go on the stack in "
                         "APNAP order (CR 603.3b)")
        else:
            lines.append(f"{head} resolves: it triggered as the step began; its effect changes nothing "
                         "modelled here, so where it resolves doesn't matter (CR 603.3b)")
        for condition, found, held in ifs.get(stage, []):
            verdict, then = (("holds", "") if held.name == "yes"
                             else ("doesn't hold", ", so it does nothing"))
            if condition.name == "with_counter":
                whose, kind, needed = condition.arguments
                where = _WHOSE[whose.name].format(p=who)
                lines.append(f"{head}: its intervening \"if\" {verdict} as it resolves: {found.number} "
                             f"permanent(s) {where} with {_a(kind.string)} counter, at least "
                             f"{needed.number} needed{then} (CR 603.4)")
            else:
                lines.append(f"{head}: its intervening \"if\" {verdict} as it resolves: "
                             f"{source.string} is {found.name}{then} (CR 603.4)")
        for _, kind, wanted, count, eligible in choose.get(stage, []):
            names = sorted(o for p, o, k in chose.get(stage, []) if k == kind.string)
            fewer = (f", as many as possible of {wanted.number} (CR 609.3)"
                     if count.number < wanted.number else "")
            lines.append(f"{head}: {who} chooses {count.number} of the {eligible.number} eligible "
                         f"permanent(s) for {_a(kind.string)} counter each{fewer}: "
                         f"{', '.join(names) or 'none'}; they aren't targeted (CR 115.10a)")
        for (count,) in random.get(stage, []):
            n = count.number
            factors.append(n)
            listed = _listing(frozenset(o for (o,) in candidates.get(stage, [])))
            destroyed = ", ".join(sorted(o for (o,) in picked.get(stage, [])))
            lines.append(f"{head}: a random choice among {n} candidate(s) ({listed}), each "
                         f"with probability 1/{n}: {destroyed} is destroyed (CR 701.7a)")
        for obj, reason in sorted(excluded.get(stage, [])):
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
    for atom in atoms.get("pays", []):
        stage = atom.arguments[0].arguments[0].number
        source, _, player = stages[stage]
        spent = "".join(f"{{{t}}}" * n for t, n in sorted(paid.get(stage, []), key=lambda p: "WUBRGC".index(p[0])))
        choices.append(f"{player.string} pays the echo cost of {source.string}")
        events.append(f"{player.string} pays {spent or 'nothing'} from the mana pool (echo of {source.string})")
    for atom in atoms.get("sacrificed", []):
        stage, source = atom.arguments[0].number, atom.arguments[1].string
        if atoms.get("echo_unpayable") is None or all(a.arguments[0].number != stage
                                                      for a in atoms.get("echo_unpayable", [])):
            choices.append(f"{stages[stage][2].string} doesn't pay the echo cost of {source}")
        events.append(f"sacrifice {source} (echo not paid)")
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
    grounded = solver.ground(facts.board_facts(board),
                             EXPLAIN_OUTCOME_RULES if explain else solver.OUTCOME_RULES,
                             extra=SHOW + (EXPLAIN_SHOW if explain else ""))
    ways: dict[tuple, list[tuple[list[int], list[str]]]] = {}
    found: dict[tuple, Fraction] = {}
    notes: dict[tuple, set[str]] = {}
    resolving: set[str] = set()
    paths = 0
    for model in grounded.each_model(timeout):
        paths += 1
        atoms: dict[str, list[Symbol]] = {}
        for atom in model:
            atoms.setdefault(atom.name, []).append(atom)
        stages = {a.arguments[0].number: a.arguments[1:] for a in atoms.get("resolving", [])}
        resolving |= {_key(stages[k][0], stages[k][1]) for k in stages}
        probability = Fraction(1)
        for atom in atoms.get("random_among", []):
            probability /= atom.arguments[1].number
        events: list[str] = []
        choices: list[str] = []
        failed = {a.arguments[0].number for a in atoms.get("if_fails", [])}
        put: dict[int, list[str]] = {}
        for atom in atoms.get("put", []):
            put.setdefault(atom.arguments[0].number, []).append(
                f"{atom.arguments[2].string} counter on {atom.arguments[1].string}")
        nothing = {a.arguments[0].number for a in atoms.get("nothing_destroyed", [])}
        modelled = {a.arguments[0] for a in atoms.get("changes_state", [])}
        for stage in sorted(stages):
            source, ability, _ = stages[stage]
            label = _key(source, ability)
            if stage in failed:
                events.append(f"{label}: does nothing, its \"if\" condition is false (CR 603.4)")
            elif ability not in modelled:
                events.append(f"{label}: {_text(board, ability)}")
            if stage in nothing:
                events.append(f"{label}: nothing destroyed, no candidate without indestructible")
        for atom in atoms.get("chooser", []):
            stage = atom.arguments[0].number
            chosen = sorted(e.split(" counter on ")[1] for e in put.get(stage, []))
            label = _key(*stages[stage][:2])
            choices.append(f"{atom.arguments[1].string} chooses for {label}: "
                           f"{', '.join(chosen) or 'nothing'}")
            events.extend(put.get(stage, []))
        for atom in atoms.get("orders", []):
            player = atom.arguments[0].string
            mine = [_key(*stages[k][:2]) for k in sorted(stages) if stages[k][2].string == player]
            choices.append(f"{player} orders the triggers to resolve: {', then '.join(mine)} (CR 603.3b)")
        for atom in atoms.get("destroyed", []):
            events.append(f"destroy {atom.arguments[1].string} (at random)")
        events.extend(_echo_and_tokens(atoms, stages, choices))
        outcome_notes = {f"{_key(*stages[a.arguments[0].number][:2])}: the mana pool can't pay the "
                         "echo cost; mana abilities activated first would add to it (CR 605.3a)"
                         for a in atoms.get("echo_unpayable", [])}
        outcome_notes |= {f"{a.arguments[1].string} was destroyed as the ability resolved; no "
                         "player could act between the random choice and the destruction, so it "
                         "couldn't be tapped for mana first (CR 608.2, 117.3b)"
                         for a in atoms.get("no_response", [])}
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
