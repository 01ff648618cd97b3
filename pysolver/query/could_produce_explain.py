"""Why each permanent could produce each type of mana, and why not (CR 106.7).

The reasons come from the derivation atoms of asp/explain/could_produce.lp,
grounded after the rules: the well-founded level of each could_produce atom and
its first supporter, the replacement effects on the way, and the reasons a type
is missing.  This module only reads those atoms and words them (describe.py);
it decides no rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence, TypeVar

from clingo import Symbol

from pysolver import describe, predicates, solver
from pysolver.board import Board
from pysolver.errors import QueryError
from pysolver.facts import queries as facts
from pysolver.mana import vector_symbols
from pysolver.query import bounds
from pysolver.predicates import decode, match, vector
from pysolver.terms import EffectAbility, Event, GrantedAbility, PrintedAbility, ReplacementTerm
from pysolver.query.could_produce import CouldProduce, check_ids, could_produce
from pysolver.query.could_produce_explain_atoms import (  # the atoms it reads
    ExLevel, ExBase, ExVia, ExSupporter, ExStep, ExSkip, ExFinal, ExNoManaAbility, ExTypesSetBy,
    ExLostManaAbility, ExLostAll, ExNothingToSee, ExSeesNoType, ExColorlessLeftOut, ExUndefined,
    ExZero, ExReplacedBy, ExReplacedAway, ExLostStatic, ExWouldAdd)
from pysolver.words import listing

T = TypeVar("T")
MANA_TYPES = ("w", "u", "b", "r", "g", "c")  # the order of a vector m(W, U, B, R, G, C)


class _Cited:
    """Words that cite their rules: ``text (rule, rule)``."""

    text: str
    rules: tuple[str, ...]

    def line(self) -> str:
        return f"{self.text} ({', '.join(self.rules)})"


@dataclass(frozen=True)
class Step(_Cited):
    """One link of a chain: an ability that gives mana, a reflected type, a replacement."""

    kind: str  # "ability", "reflect" or "replacement"
    object: str
    text: str
    rules: tuple[str, ...]

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
class Missing(_Cited):
    """Why a type (or any type, when ``type`` is None) is not among the answer."""

    type: str | None
    reason: str
    text: str
    rules: tuple[str, ...]

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
    return {t.upper(): n for t, n in zip(MANA_TYPES, vector(symbol), strict=True) if n}


def _vector_text(symbol) -> str:
    return vector_symbols(_vector(symbol)) or "no mana"


class _Explainer:
    """Reads the derivation atoms of asp/explain_could_produce.lp and writes the chains."""

    def __init__(self, board: Board, grounded: solver.Grounded):
        self.board = board
        self.library = board.library

        def atoms(cls: type[T]) -> list[T]:
            name, arity = predicates.signature(cls)
            found = grounded.atoms(name, arity)
            if found is None:  # every explanation atom is decided by grounding
                raise QueryError(f"the explanation atoms {name}/{arity} were not decided by grounding")
            return predicates.decode_all(cls, sorted(found))

        self.level = {(a.obj, a.type): a.level for a in atoms(ExLevel)}
        self.base: dict = {}
        for base in atoms(ExBase):
            self.base.setdefault((base.obj, base.type), (base.ability, base.start))
        self.via: dict = {}
        for via in atoms(ExVia):
            self.via.setdefault((via.obj, via.type), (via.ability, via.reflected, via.start))
        self.supporter: dict[tuple[str, str, str, str], str] = {
            (a.obj, a.type, str(a.ability), a.reflected): a.supporter for a in atoms(ExSupporter)}
        # The bits of the effects that don't exist, passed over (ex_skip): no step of a path.  A
        # state is read as the effects applied (its bits without them), so that the paths are
        # the orders of the effects that exist.
        passed = 0
        for skip in atoms(ExSkip):
            passed |= skip.applied_after - skip.applied
        steps: dict = {}
        for step in atoms(ExStep):
            before, after = (step.applied & ~passed, step.mana), (step.applied_after & ~passed, step.mana_after)
            steps.setdefault((match(Event, step.event), step.start), set()).add((before, step.replacement, after))
        self.steps: dict = {key: sorted(edges) for key, edges in steps.items()}
        self.finals: dict = {}
        for final in atoms(ExFinal):
            self.finals.setdefault((match(Event, final.event), final.start), set()).add(
                (final.applied & ~passed, final.mana))
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
        granted = match(GrantedAbility, term)
        if granted is not None:
            granter = match(PrintedAbility, granted.grant) or match(EffectAbility, granted.grant)
            if granter is not None:
                text += f" (granted by {granter.card})"
        return Step("ability", obj, text, self.ability_rules(term))

    def replacement_path(self, obj: str, ability, start, mana_type: str) -> list[Step]:
        """The replacement effects, in one order, that take ``start`` to a result holding the type."""
        event = Event(obj, ability)
        finals = self.finals.get((event, start), set())
        edges = self.steps.get((event, start), [])
        frontier: list[tuple[tuple[int, Any], list[Any]]] = [((0, start), [])]
        seen = {(0, start)}
        while frontier:  # breadth first: the fewest replacements
            later = []
            for state, path in frontier:
                if state in finals and _vector(state[1]).get(mana_type.upper()):
                    # An effect that leaves the mana as it was replaces nothing ("{B} instead of
                    # any other type" on {B}, CR 614.1a): not a step worth showing.
                    return [self.replacement_step(r, before[1], after[1]) for before, r, after in path
                            if before[1] != after[1]]
                for before, r, after in edges:
                    if before == state and after not in seen:
                        seen.add(after)
                        later.append((after, path + [(before, r, after)]))
            frontier = later
        return []

    def replacement_step(self, replacement, before, after) -> Step:
        source = decode(ReplacementTerm, replacement).source
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
        other = self.supporter[(obj, mana_type, str(ability), reflected)]
        spec = describe.reflect_spec(self.library, ability) or {}
        looks_at = describe.whose_words(spec.get("filter", {}), spec.get("whose", "you"))
        # a type of mana is named by its letter; mana symbols are kept for amounts (issue 14)
        step = Step("reflect", obj, f"{obj}: {looks_at}, {other}, could produce {reflected.upper()}",
                    ("106.7",))
        return [step, *self.replacement_path(obj, ability, start, mana_type),
                *self.chain(other, reflected, seen)]

    # -- what is missing
    def missing(self) -> dict[str, list[Missing]]:
        found: dict[str, list[Missing]] = {}

        def add(obj: str, *entry) -> None:
            found.setdefault(obj, []).append(Missing(*entry))

        words = lambda term: describe.ability_words(self.library, term)  # noqa: E731
        for bare in self.atoms(ExNoManaAbility):
            add(bare.obj, None, "no_mana_ability", "it has no mana ability", ("605.1a",))
        setters: dict[str, list[str]] = {}
        for setter in self.atoms(ExTypesSetBy):
            setters.setdefault(setter.obj, []).append(setter.setter)
        for lost in self.atoms(ExLostManaAbility):
            obj = lost.obj
            by = ", ".join(setters.get(obj, [])) or "an effect"
            add(obj, None, "lost_ability",
                f"{by} set its land type, so it lost \"{words(lost.ability)}\"", ("305.7", "613.1d"))
        removers: dict[tuple[str, Symbol], set[str]] = {}
        for lost_all in self.atoms(ExLostAll):
            removers.setdefault((lost_all.obj, lost_all.ability), set()).add(lost_all.remover)
        for (obj, ability), found_by in sorted(removers.items(), key=lambda item: (item[0][0], str(item[0][1]))):
            add(obj, None, "lost_ability", f"{', '.join(sorted(found_by))} removes all its abilities, "
                f"so it lost \"{words(ability)}\"", ("613.1f",))
        lost_to: dict[tuple[str, str], list[str]] = {}
        for lost_static in self.atoms(ExLostStatic):
            lost_to.setdefault((lost_static.source, str(lost_static.ability)), []).append(lost_static.setter)
        for would in self.atoms(ExWouldAdd):
            mana_type = would.type.name.upper()
            dependent_on = sorted(lost_to.get((would.source, str(would.ability)), []))
            by = ", ".join(f"{self.card_of(s)} ({s})" for s in dependent_on)
            card = self.card_of(would.source)
            add(would.obj, mana_type, "lost_by_dependency",
                f"\"{words(would.ability)}\" ({card}, {would.source}) would let it produce {mana_type}, but "
                f"the effect of {by} sets {card}'s land type and applies first, as {card}'s effect "
                f"depends on it, so {card} loses that ability", ("613.8a", "305.7"))
        for blind in self.atoms(ExNothingToSee):
            obj, ability = blind.obj, blind.ability
            spec = describe.reflect_spec(self.library, ability) or {}
            none = describe.no_words(spec.get("filter", {}), spec.get("whose", "you"))
            add(obj, None, "nothing_to_look_at",
                f"\"{words(ability)}\": there is {none}, so no type can be defined",
                ("106.5", "106.7"))
        for unseen in self.atoms(ExSeesNoType):
            obj, ability = unseen.obj, unseen.ability
            spec = describe.reflect_spec(self.library, ability) or {}
            none = describe.no_words(spec.get("filter", {}), spec.get("whose", "you"))
            add(obj, None, "no_real_producer",
                f"\"{words(ability)}\": {none} could produce any type of mana "
                f"(they have no mana ability or only reflect each other), so no type can be defined",
                ("106.5", "106.7"))
        for left in self.atoms(ExColorlessLeftOut):
            obj, ability = left.obj, left.ability
            spec = describe.reflect_spec(self.library, ability) or {}
            looks_at = describe.whose_words(spec.get("filter", {}), spec.get("whose", "you"))
            add(obj, "C", "color_excludes_colorless",
                f"\"{words(ability)}\": {looks_at} could produce C, but colorless is not a color",
                ("106.1a",))
        colors = {p.name: p.commander_colors for p in self.board.players}
        for undefined in self.atoms(ExUndefined):
            permanent = self.board.permanent(undefined.obj)
            identity = colors.get(permanent.controller) if permanent is not None else None
            if identity is None:  # CR 903.4f: no commander, the colors are undefined
                add(undefined.obj, None, "undefined", f"\"{words(undefined.ability)}\": its controller "
                    "has no commander, so the colors of its color identity are undefined",
                    ("903.4f", "106.5"))
            else:  # a colorless commander: an identity with no color to choose
                add(undefined.obj, None, "colorless_identity", f"\"{words(undefined.ability)}\": its "
                    "controller's commander is colorless, so its color identity has no color to choose",
                    ("903.4", "106.5"))
        zero: dict = {}
        for empty in self.atoms(ExZero):
            zero.setdefault((empty.obj, empty.ability), []).append(empty.type)
        for (obj, ability), kinds in sorted(zero.items(), key=str):
            listed = [t.upper() for t in MANA_TYPES if t in kinds]
            what = "mana" if not listed else listing(listed, "or") + " mana"
            add(obj, None, "zero_amount",
                f"\"{words(ability)}\" would add no {what} now: the amount is 0", ("106.7",))
        replacers: dict = {}
        for by_one in self.atoms(ExReplacedBy):
            replacers.setdefault((by_one.obj, by_one.ability, by_one.type), set()).add(
                decode(ReplacementTerm, by_one.replacement).source)
        for away in self.atoms(ExReplacedAway):
            obj, ability, mana_type = away.obj, away.ability, away.type
            by = ", ".join(sorted(replacers.get((obj, ability, mana_type), ()))) or "replacement effects"
            add(obj, mana_type.upper(), "replaced",
                f"\"{words(ability)}\" would add {mana_type.upper()} mana, "
                f"but {by} replace{'s' if ',' not in by else ''} "
                f"it in every order they can apply", ("614.1a", "616.1"))
        return found


def explain(board: Board, ids: Sequence[str] = ()) -> list[Explanation]:
    """could_produce with reasons: the chain for each type, and why types are missing."""
    answers = could_produce(board, ids)  # the answer itself, from the rules alone
    ids = check_ids(board, ids)
    # Every explanation atom is decided by grounding, each could_produce atom with its level
    # (ex_level/3): where the grounder leaves one to the solve (types that other effects
    # change), the levels are not decided, and that is said before the layer is grounded.
    # Its bound counted could_produce atoms only the solve decides, and took every value:
    # every built-in kind once ran out of 4 GB (issue 16).
    if solver.ground_shared(facts.could_produce(board, ids), solver.entry("could_produce")) \
            .atoms("could_produce", 2) is None:
        raise QueryError("the explanation atoms ex_level/3 were not decided by grounding")
    grounded = solver.ground(facts.could_produce(board, ids), solver.entry("could_produce_explain"))
    bounds.check(grounded, board.name, amounts=False)
    explainer = _Explainer(board, grounded)
    missing = explainer.missing()
    result = []
    for answer in answers:
        reasons = tuple(explainer.reason(answer.id, t.lower()) for t in answer.types)
        gone = missing.get(answer.id, [])
        result.append(Explanation(answer, reasons, tuple(gone)))
    return result
