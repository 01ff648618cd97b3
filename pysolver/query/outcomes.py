"""What happens next and every distinct outcome, with exact probabilities (asp/outcomes.lp).

The choices of players and the random choices are enumerated by clingo, one
answer set per path; a path's probability is the product of 1/N over its
random choices (random_among(K, N): uniform among N candidates).  Paths with
the same choices and the same events are one outcome; their probabilities add.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from clingo import Symbol

from pysolver import facts, solver
from pysolver.board import Board
from pysolver.errors import LimitExceeded, QueryError

DEFAULT_MAX_OUTCOMES = 1000
DEFAULT_TIMEOUT = 60.0
SHOW = """
#show resolving/4. #show if_fails/1. #show put/3. #show destroyed/2. #show random_among/2.
#show nothing_destroyed/1. #show chooser/2. #show no_response/2. #show orders/1.
#show changes_state/1.
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

    def explanation(self) -> list[str]:
        lines = [f"{key} resolves" for key in self.resolving]
        lines += [
            "the top of the stack resolves (CR 405.5); with an empty stack, the abilities that "
            "triggered as the step began, put on the stack in APNAP order, each player's in the "
            "order they choose (CR 603.3b)",
            "each random choice is uniform among its candidates; an outcome's probability is the "
            "sum over the ways it happens of the product of 1/N for each choice among N",
            "an intervening \"if\" is checked when the ability triggers and again as it resolves "
            "(CR 603.4)",
            "a permanent chosen at random is destroyed while the ability resolves; no player gets "
            "priority in between (CR 608.2, 117.3b)",
        ]
        return lines


def _key(source: Symbol, ability: Symbol) -> str:
    if ability.name == "echo":
        return f"{source.string}:echo"
    return f"{source.string}:{ability.arguments[1].number}"


def _text(board: Board, ability: Symbol) -> str:
    if ability.name == "echo":
        return "sacrifice it unless its controller pays its echo cost (CR 702.30a)"
    card = board.library.get(ability.arguments[0].string)
    return card.abilities()[ability.arguments[1].number]["triggered"]["text"]


def outcomes(board: Board, max_outcomes: int = DEFAULT_MAX_OUTCOMES,
             timeout: float = DEFAULT_TIMEOUT) -> Resolution:
    """Resolve what happens next; every distinct outcome with its exact probability."""
    if max_outcomes < 1:
        raise QueryError(f"max_outcomes must be at least 1 (got {max_outcomes})", file=board.name)
    for position, item in enumerate(board.stack):
        if item.source is None and position == len(board.stack) - 1:
            raise QueryError(f"the top of the stack ({item.id}) is a spell; only triggered "
                             "abilities resolve here", file=board.name, place=f"stack[{position}]")
    grounded = solver.ground(facts.board_facts(board), solver.OUTCOME_RULES, extra=SHOW)
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
            key = _key(source, ability)
            if stage in failed:
                events.append(f"{key}: does nothing, its \"if\" condition is false (CR 603.4)")
            elif ability not in modelled:
                events.append(f"{key}: {_text(board, ability)}")
            if stage in nothing:
                events.append(f"{key}: nothing destroyed, no candidate without indestructible")
        for atom in atoms.get("chooser", []):
            stage = atom.arguments[0].number
            chosen = sorted(e.split(" counter on ")[1] for e in put.get(stage, []))
            key = _key(*stages[stage][:2])
            choices.append(f"{atom.arguments[1].string} chooses for {key}: "
                           f"{', '.join(chosen) or 'nothing'}")
            events.extend(put.get(stage, []))
        for atom in atoms.get("orders", []):
            player = atom.arguments[0].string
            mine = [_key(*stages[k][:2]) for k in sorted(stages) if stages[k][2].string == player]
            choices.append(f"{player} orders the triggers to resolve: {', then '.join(mine)} (CR 603.3b)")
        for atom in atoms.get("destroyed", []):
            events.append(f"destroy {atom.arguments[1].string} (at random)")
        outcome_notes = {f"{a.arguments[1].string} was destroyed as the ability resolved; no "
                         "player could act between the random choice and the destruction, so it "
                         "couldn't be tapped for mana first (CR 608.2, 117.3b)"
                         for a in atoms.get("no_response", [])}
        key = (tuple(sorted(choices)), tuple(sorted(events)))
        if key not in found:
            if len(found) >= max_outcomes:
                raise LimitExceeded(f"incomplete: more than {max_outcomes} outcomes (--max-outcomes)",
                                    file=board.name)
            found[key] = Fraction(0)
            notes[key] = set()
        found[key] += probability
        notes[key] |= outcome_notes
    result = Resolution(sorted(resolving), paths=paths)
    result.outcomes = [Outcome(p, k[0], k[1], tuple(sorted(notes[k])))
                       for k, p in sorted(found.items())]
    return result


def answer(board: Board, max_outcomes: int = DEFAULT_MAX_OUTCOMES) -> list[dict]:
    """Canonical answer: [{probability: "1/3", choices?: [...], events: [...], notes?: [...]}]."""
    return [o.canonical() for o in outcomes(board, max_outcomes).outcomes]
