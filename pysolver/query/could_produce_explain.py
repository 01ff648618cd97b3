"""Why each permanent could produce each type of mana, and why not (CR 106.7).

The reasons come from the derivation atoms of asp/explain/could_produce.lp,
grounded after the rules: the well-founded level of each could_produce atom and
its first supporter, the replacement effects on the way, and the reasons a type
is missing.  This module only reads those atoms and words them (describe.py);
it decides no rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

import clingo

from pysolver import describe, facts, solver
from pysolver.board import Board
from pysolver.errors import QueryError
from pysolver.mana import vector_symbols
from pysolver.query import bounds
from pysolver.query.could_produce import CouldProduce, check_ids, could_produce

EXPLAIN_RULES = solver.MANA_RULES + ("explain/could_produce.lp",)
MANA_TYPES = ("w", "u", "b", "r", "g", "c")  # the order of a vector m(W, U, B, R, G, C)


@dataclass(frozen=True)
class Step:
    """One link of a chain: an ability that gives mana, a reflected type, a replacement."""

    kind: str  # "ability", "reflect" or "replacement"
    object: str
    text: str
    rules: tuple[str, ...]

    def line(self) -> str:
        return f"{self.text} ({', '.join(self.rules)})"

    def to_json(self) -> dict:
        return {"kind": self.kind, "object": self.object, "text": self.text, "rules": list(self.rules)}


@dataclass(frozen=True)
class Reason:
    """Why a permanent could produce one type: the chain of steps, first supporter first."""

    type: str
    steps: tuple[Step, ...]

    def line(self) -> str:
        return "; ".join(step.line() for step in self.steps)

    def to_json(self) -> dict:
        return {"type": self.type, "text": self.line(), "steps": [s.to_json() for s in self.steps]}


@dataclass(frozen=True)
class Missing:
    """Why a type (or any type, when ``type`` is None) is not among the answer."""

    type: str | None
    reason: str
    text: str
    rules: tuple[str, ...]

    def line(self) -> str:
        return f"{self.text} ({', '.join(self.rules)})"

    def to_json(self) -> dict:
        return {"type": self.type, "reason": self.reason, "text": self.line(), "rules": list(self.rules)}


@dataclass(frozen=True)
class Explanation:
    """A permanent's answer with the reasons for it."""

    answer: CouldProduce
    reasons: tuple[Reason, ...]
    missing: tuple[Missing, ...]

    def to_json(self) -> dict:
        return {**self.answer.to_json(), "reasons": [r.to_json() for r in self.reasons],
                "missing": [m.to_json() for m in self.missing]}


def _vector(symbol) -> dict[str, int]:
    return {t.upper(): n.number for t, n in zip(MANA_TYPES, symbol.arguments, strict=True) if n.number}


def _vector_text(symbol) -> str:
    return vector_symbols(_vector(symbol)) or "no mana"


class _Explainer:
    """Reads the derivation atoms of asp/explain_could_produce.lp and writes the chains."""

    def __init__(self, board: Board, grounded: solver.Grounded):
        self.board = board
        self.library = board.library

        def atoms(name: str, arity: int) -> list:
            found = grounded.atoms(name, arity)
            if found is None:  # every explanation atom is decided by grounding
                raise QueryError(f"the explanation atoms {name}/{arity} were not decided by grounding")
            return sorted(found)

        self.level = {(a.arguments[0].string, a.arguments[1].name): a.arguments[2].number
                      for a in atoms("ex_level", 3)}
        self.base: dict = {}
        for a in atoms("ex_base", 4):
            self.base.setdefault((a.arguments[0].string, a.arguments[1].name), a.arguments[2:])
        self.via: dict = {}
        for a in atoms("ex_via", 6):
            self.via.setdefault((a.arguments[0].string, a.arguments[1].name), a.arguments[2:5])
        self.supporter = {(a.arguments[0].string, a.arguments[1].name, str(a.arguments[2]),
                           a.arguments[3].name): a.arguments[4].string
                          for a in atoms("ex_supporter", 5)}
        self.steps: dict = {}
        for a in atoms("ex_step", 7):
            ev, v0, s, v, r, s2, v2 = a.arguments
            self.steps.setdefault((ev, v0), []).append(((s.number, v), r, (s2.number, v2)))
        self.finals: dict = {}
        for a in atoms("ex_final", 4):
            ev, v0, s, v = a.arguments
            self.finals.setdefault((ev, v0), set()).add((s.number, v))
        self.atoms = atoms

    # -- words
    def card_of(self, obj: str) -> str:
        found = self.board.permanent(obj)
        if found is not None:
            return found.card
        for effect in self.board.effects:
            if effect.id == obj:
                return effect.card
        return obj

    def ability_rules(self, term) -> tuple[str, ...]:
        if term.name == "intrinsic":
            return ("305.6",)
        if term.name == "granted":
            return ("613.1f",)
        return ("605.1a",)

    def ability_step(self, obj: str, term) -> Step:
        text = f"{obj}: {describe.ability_words(self.library, term)}"
        if term.name == "granted":
            granter = term.arguments[0]
            if granter.name in ("ab", "effect_ab"):
                text += f" (granted by {granter.arguments[0].string})"
        return Step("ability", obj, text, self.ability_rules(term))

    def replacement_path(self, obj: str, ability, start, mana_type: str) -> list[Step]:
        """The replacement effects, in one order, that take ``start`` to a result holding the type."""
        event = clingo.Function("ev", [clingo.String(obj), ability])
        finals = self.finals.get((event, start), set())
        edges = self.steps.get((event, start), [])
        frontier: list[tuple[tuple[int, Any], list[Any]]] = [((0, start), [])]
        seen = {(0, start)}
        while frontier:  # breadth first: the fewest replacements
            later = []
            for state, path in frontier:
                if state in finals and _vector(state[1]).get(mana_type.upper()):
                    return [self.replacement_step(r, before[1], after[1]) for before, r, after in path]
                for before, r, after in edges:
                    if before == state and after not in seen:
                        seen.add(after)
                        later.append((after, path + [(before, r, after)]))
            frontier = later
        return []

    def replacement_step(self, replacement, before, after) -> Step:
        source = replacement.arguments[0].string
        text = (f"{source} ({self.card_of(source)}) replaces {_vector_text(before)} "
                f"with {_vector_text(after)}")
        return Step("replacement", source, text, ("614.1a", "616.1"))

    # -- chains
    def reason(self, obj: str, mana_type: str) -> Reason:
        return Reason(mana_type.upper(), tuple(self.chain(obj, mana_type, set())))

    def chain(self, obj: str, mana_type: str, seen: set) -> list[Step]:
        key = (obj, mana_type)
        if key in seen or key not in self.level:  # levels strictly fall along a chain
            return []
        seen.add(key)
        if self.level[key] == 0:
            ability, start = self.base[key]
            return [self.ability_step(obj, ability),
                    *self.replacement_path(obj, ability, start, mana_type)]
        ability, reflected, start = self.via[key]
        other = self.supporter[(obj, mana_type, str(ability), reflected.name)]
        spec = describe.reflect_spec(self.library, ability) or {}
        looks_at = describe.whose_words(spec.get("filter", {}), spec.get("whose", "you"))
        symbol = "{" + reflected.name.upper() + "}"
        step = Step("reflect", obj, f"{obj}: {looks_at}, {other}, could produce {symbol}", ("106.7",))
        return [step, *self.replacement_path(obj, ability, start, mana_type),
                *self.chain(other, reflected.name, seen)]

    # -- what is missing
    def missing(self) -> dict[str, list[Missing]]:
        found: dict[str, list[Missing]] = {}

        def add(obj: str, *entry) -> None:
            found.setdefault(obj, []).append(Missing(*entry))

        words = lambda term: describe.ability_words(self.library, term)  # noqa: E731
        for a in self.atoms("ex_no_mana_ability", 1):
            add(a.arguments[0].string, None, "no_mana_ability", "it has no mana ability", ("605.1a",))
        setters: dict[str, list[str]] = {}
        for a in self.atoms("ex_types_set_by", 2):
            setters.setdefault(a.arguments[0].string, []).append(a.arguments[1].string)
        for a in self.atoms("ex_lost_mana_ability", 2):
            obj = a.arguments[0].string
            by = ", ".join(setters.get(obj, [])) or "an effect"
            add(obj, None, "lost_ability",
                f"{by} set its land type, so it lost \"{words(a.arguments[1])}\"", ("305.7", "613.1d"))
        for a in self.atoms("ex_nothing_to_see", 2):
            obj, ability = a.arguments[0].string, a.arguments[1]
            spec = describe.reflect_spec(self.library, ability) or {}
            none = describe.no_words(spec.get("filter", {}), spec.get("whose", "you"))
            add(obj, None, "nothing_to_look_at",
                f"\"{words(ability)}\": there is {none}, so no type can be defined",
                ("106.5", "106.7"))
        for a in self.atoms("ex_sees_no_type", 3):
            obj, ability = a.arguments[0].string, a.arguments[1]
            spec = describe.reflect_spec(self.library, ability) or {}
            none = describe.no_words(spec.get("filter", {}), spec.get("whose", "you"))
            add(obj, None, "no_real_producer",
                f"\"{words(ability)}\": {none} could produce any type of mana "
                f"(they have no mana ability or only reflect each other), so no type can be defined",
                ("106.5", "106.7"))
        for a in self.atoms("ex_colorless_left_out", 2):
            obj, ability = a.arguments[0].string, a.arguments[1]
            spec = describe.reflect_spec(self.library, ability) or {}
            looks_at = describe.whose_words(spec.get("filter", {}), spec.get("whose", "you"))
            add(obj, "C", "color_excludes_colorless",
                f"\"{words(ability)}\": {looks_at} could produce {{C}}, but colorless is not a color",
                ("106.1a",))
        for a in self.atoms("ex_undefined", 2):
            add(a.arguments[0].string, None, "undefined",
                f"\"{words(a.arguments[1])}\": its controller has no commander, so no color can be defined",
                ("106.5", "903.4"))
        zero: dict = {}
        for a in self.atoms("ex_zero", 3):
            zero.setdefault((a.arguments[0].string, a.arguments[1]), []).append(a.arguments[2].name)
        for (obj, ability), kinds in sorted(zero.items(), key=str):
            listed = [t.upper() for t in MANA_TYPES if t in kinds]
            what = "mana" if not listed else ", ".join("{" + t + "}" for t in listed)
            add(obj, None, "zero_amount",
                f"\"{words(ability)}\" would add no {what} now: the amount is 0", ("106.7",))
        replacers: dict = {}
        for a in self.atoms("ex_replaced_by", 4):
            obj, ability, mana_type, replacement = a.arguments
            replacers.setdefault((obj.string, ability, mana_type.name), set()).add(
                replacement.arguments[0].string)
        for a in self.atoms("ex_replaced_away", 3):
            obj, ability, mana_type = a.arguments[0].string, a.arguments[1], a.arguments[2].name
            by = ", ".join(sorted(replacers.get((obj, ability, mana_type), ()))) or "replacement effects"
            add(obj, mana_type.upper(), "replaced",
                f"\"{words(ability)}\" would add {{{mana_type.upper()}}}, "
                f"but {by} replace{'s' if ',' not in by else ''} "
                f"it in every order they can apply", ("614.1a", "616.1"))
        return found


def explain(board: Board, ids: Sequence[str] = ()) -> list[Explanation]:
    """could_produce with reasons: the chain for each type, and why types are missing."""
    answers = could_produce(board, ids)  # the answer itself, from the rules alone
    check_ids(board, ids)
    grounded = solver.ground(facts.board_facts(board), EXPLAIN_RULES)
    bounds.check(grounded, board.name, amounts=False)
    explainer = _Explainer(board, grounded)
    missing = explainer.missing()
    result = []
    for answer in answers:
        reasons = tuple(explainer.reason(answer.id, t.lower()) for t in answer.types)
        gone = missing.get(answer.id, [])
        result.append(Explanation(answer, reasons, tuple(gone)))
    return result
