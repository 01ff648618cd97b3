"""CR 107.3: the value of X for a spell on the stack or a permanent, and what a
permanent spell with X enters the battlefield with (CR 107.3m, 614.1c, 707.10)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import NamedTuple, TypeVar

import clingo
from clingo import Symbol

from pysolver import addressing, solver
from pysolver import counters as counter_rules
from pysolver.board import Board
from pysolver.errors import QueryError
from pysolver.facts import queries as facts
from pysolver.predicates import Name, Reader, predicate, values
from pysolver.query.registry import Query, register

T = TypeVar("T")


@dataclass(frozen=True)
class XAnswer:
    id: str
    zone: str  # "stack" or "battlefield"
    card: str
    x: int
    mana_value: int
    etb_x: int | None = None  # battlefield: the X its ETB abilities used
    resolves: dict | None = None  # stack: the permanent it becomes
    explanation: tuple[dict, ...] | None = None  # with an explanation only

    @property
    def value_count(self) -> int:
        """The values of X given (what --max-outcomes counts): X, and the ETB X if any."""
        return 1 + (self.etb_x is not None or self.resolves is not None)

    def canonical(self) -> dict:
        answer = {"zone": self.zone, "card": self.card, "x": self.x, "mana_value": self.mana_value}
        if self.etb_x is not None:
            answer["etb_x"] = self.etb_x
        if self.resolves is not None:
            answer["resolves"] = self.resolves
        return answer

    def to_json(self) -> dict:
        out = {"id": self.id, **self.canonical()}
        if self.explanation is not None:
            out["explanation"] = list(self.explanation)
        return out




def _step_text(step: clingo.Symbol) -> str:
    """One x_reason step of asp/x.lp in words."""
    n = values(step)
    return {
        "announced": lambda: f"X was announced as {n[0]} as the spell was cast",
        "none_announced": lambda: "no X was announced as the spell was cast, so X is 0",
        "free": lambda: "cast without paying its mana cost, the only legal value of X is 0",
        "copy_of": lambda: f"a copy of {n[0]} copies the X chosen for it: {n[1]}",
        "copy_announced": lambda: f"a copy, whose original isn't on the board: its X is {n[0]}",
        "copy_none": lambda: "a copy, whose original isn't on the board and with no X given: 0",
        "stack_value": lambda: f"on the stack its mana value counts X: {n[0]} + {n[1]} x {n[2]} = {n[3]}",
        "stack_value_plain": lambda: f"its mana cost has no X; its mana value is {n[0]}",
        "enters_as_copy": lambda: f"it enters as a copy of {n[0]}, with the copiable values of {n[1]}",
        "becomes": lambda: f"it resolves into {'a token' if n[1] == 'token' else 'a permanent'}: {n[0]}",
        "etb_chosen": lambda: f"its enters-the-battlefield abilities use the X chosen for the spell: {n[0]}",
        "etb_none": lambda: "no X was chosen for the spell that became it, so its ETB abilities' X is 0",
        "etb_paid": lambda: f"its enters-the-battlefield abilities used the X of the spell that became it: {n[0]}",
        "permanent_zero": lambda: "off the stack, X is 0",
        "permanent_value": lambda: f"its mana value counts X as 0: {n[0]}",
        "counters": lambda: f"it enters with {n[1]} {n[0]} counter{'s' * (n[1] != 1)}",
    }[step.name]()


class _Value(NamedTuple):
    obj: str
    value: int


@predicate("spell_x")
class SpellX(_Value):
    pass


@predicate("spell_x_unchosen")
class SpellXUnchosen(NamedTuple):
    obj: str


@predicate("spell_copy_undecided")
class SpellCopyUndecided(NamedTuple):
    obj: str


@predicate("spell_mana_value")
class SpellManaValue(_Value):
    pass


@predicate("etb_x")
class EtbX(_Value):
    pass


@predicate("becomes_mana_value")
class BecomesManaValue(_Value):
    pass


@predicate("permanent_x")
class PermanentX(_Value):
    pass


@predicate("permanent_mana_value")
class PermanentManaValue(_Value):
    pass


@predicate("permanent_etb_x")
class PermanentEtbX(_Value):
    pass


@predicate("becomes")
class Becomes(NamedTuple):
    obj: str
    card: str
    kind: Name  # token or card


@predicate("enters_with")
class EntersWith(NamedTuple):
    obj: str
    kind: str
    number: int


@predicate("x_reason")
class XReason(NamedTuple):
    obj: str
    rule: str
    step: Symbol  # one of the steps _step_text words


DECODES = (SpellX, SpellXUnchosen, SpellCopyUndecided, SpellManaValue, EtbX, BecomesManaValue, PermanentX,
           PermanentManaValue, PermanentEtbX, Becomes, EntersWith)
EXPLAIN_DECODES = (XReason,)
# The order the steps are told in: what X is, the mana value on the stack, what it
# becomes, its ETB X, the permanent's mana value, its counters.
STEP_ORDER = {"announced": 0, "none_announced": 0, "free": 0, "copy_of": 0, "copy_announced": 0,
              "copy_none": 0, "permanent_zero": 0, "stack_value": 1, "stack_value_plain": 1,
              "enters_as_copy": 2, "becomes": 3, "etb_chosen": 4, "etb_none": 4, "etb_paid": 4,
              "permanent_value": 5, "counters": 6}


def _explanation(read: Reader, object_id: str) -> tuple[dict, ...]:
    steps = _of(read, XReason, object_id)
    steps.sort(key=lambda a: (STEP_ORDER[a.step.name], str(a.step)))
    return tuple({"text": _step_text(a.step), "rules": [a.rule]} for a in steps)


def _of(read: Reader, cls: type[T], key: str) -> list[T]:
    """The atoms of ``cls`` about the object ``key`` (their first argument)."""
    return [a for a in read(cls) if a[0] == key]  # type: ignore[index]


def _has_x(board: Board, card: str) -> bool:
    definition = board.library.get(card) if board.library else None
    return definition is not None and "{X}" in definition.mana_cost


def _refuse_others_counters(board: Board, item) -> None:
    """The counters a spell enters with are its own (asp/x.lp); another permanent's "enters
    with an additional counter" (CR 614.12; `pysolver next` applies them, asp/zone_change.lp)
    is not judged here, so the answer is refused rather than left short."""
    for permanent in board.battlefield:
        definition = board.library.get(permanent.card_name) if board.library else None
        if permanent.controller == item.controller and definition is not None and \
                "others_enter_with_counters" in definition.data:
            raise QueryError(f"{item.id} ({item.card}) may enter with more counters from "
                             f"{permanent.id}'s replacement effect (CR 614.12), which x doesn't judge; "
                             "pysolver next ... resolve applies it", file=board.name, place="argument OBJECT")


def _refuse_copy_choices(board: Board, read: Reader, item) -> None:
    """Its own "You may have ~ enter as a copy of ..." (CR 707.5, 614.1c) is applied as it resolves
    (asp/zone_change.lp): with the board's enters_as_copy_of the copy is decided, but an exception
    that adds counters as it enters (707.9e, judged on the copy, 707.9f) is next's; without it,
    whether and what it copies is chosen then, while a permanent it may copy is there
    (asp/x.lp's spell_copy_undecided).  The answer is refused rather than given for one choice."""
    definition = board.library.get(item.card) if board.library else None
    spec = definition.data.get("enters_as_copy") if definition is not None else None
    if not spec or item.face_down is not None:
        return
    if item.enters_as_copy_of is not None:
        if (spec.get("except") or {}).get("enters_with_counters"):
            raise QueryError(f"{item.id} ({item.card}) enters as a copy with more counters by its copy's exception "
                             "(CR 707.9e, 707.9f), which x doesn't judge; pysolver next ... resolve applies it",
                             file=board.name, place="argument OBJECT")
    elif _of(read, SpellCopyUndecided, item.id):
        raise QueryError(f"{item.id} ({item.card}) may enter as a copy of a permanent, chosen as it resolves (CR "
                         "707.5, 614.1c), which the board doesn't say (the stack's enters_as_copy_of); pysolver "
                         "next ... resolve makes each choice", file=board.name, place="argument OBJECT")


def _refuse_own_judged_counters(board: Board, item, card: str) -> None:
    """Its own "enters with" that depends on what it enters beside, on its kicker or on what no
    board records (`per`, `if`, `unjudged`; CR 614.1c, 614.12) is judged as it enters
    (asp/zone_change.lp), not here: the answer is refused rather than left short."""
    definition = board.library.get(card) if board.library else None
    for counters in definition.data.get("enters_with_counters", []) if definition is not None else []:
        if {"per", "if", "unjudged", "or_kind"} & set(counters):
            raise QueryError(f"{item.id} ({item.card}) enters with {counters['kind']} counters judged as it "
                             "enters (CR 614.1c, 614.12), which x doesn't judge; pysolver next ... resolve "
                             "applies it", file=board.name, place="argument OBJECT")


def x_value(board: Board, object_id: str, explain: bool = False) -> XAnswer:
    """X for a spell on the stack (and what it resolves into) or for a permanent; with
    ``explain``, the chain of steps that gives it (``explanation``), each with its rule."""
    return _x_value(board, object_id, explain)


def _x_value(board: Board, object_id: str, explain: bool) -> XAnswer:
    object_id = addressing.object_id(board, object_id, "argument OBJECT", stack=True)
    item = next((s for s in board.stack if s.id == object_id), None)
    permanent = board.permanent(object_id)
    grounded = solver.ground(facts.x(board, object_id),
                             rules=solver.entry("x_explain" if explain else "x"))
    read = Reader(grounded)
    if item is not None and _of(read, SpellXUnchosen, item.id):
        raise QueryError(f"{item.id} ({item.card}) was put onto the stack without being cast, so no X was chosen "
                         "for it (CR 107.3a) and no rule gives its X there", file=board.name, place="argument OBJECT")
    explanation = _explanation(read, object_id) if explain else None
    if item is not None:
        return replace(_spell_answer(board, read, item), explanation=explanation)
    if not _has_x(board, permanent.card_name) and not _has_x(board, permanent.card):
        raise QueryError(f"{permanent.id} ({permanent.card_name}) has no {{X}} in its mana cost",
                         file=board.name, place="argument OBJECT")
    (x,) = _of(read, PermanentX, object_id)
    (value,) = _of(read, PermanentManaValue, object_id)
    (etb,) = _of(read, PermanentEtbX, object_id)
    return XAnswer(permanent.id, "battlefield", permanent.card_name, x.value, value.value,
                   etb_x=etb.value, explanation=explanation)


def _spell_answer(board: Board, read: Reader, item) -> XAnswer:
    becomes = _of(read, Becomes, item.id)
    result_card = becomes[0].card if becomes else None
    if not _has_x(board, item.card) and not (result_card and _has_x(board, result_card)):
        raise QueryError(f"{item.id} ({item.card}) has no {{X}} in its mana cost and becomes no "
                         f"permanent with one", file=board.name, place="argument OBJECT")
    xs = _of(read, SpellX, item.id)
    x = xs[0].value if xs else 0
    (value,) = _of(read, SpellManaValue, item.id)
    resolves = None
    if becomes:
        _refuse_others_counters(board, item)
        _refuse_copy_choices(board, read, item)
        _refuse_own_judged_counters(board, item, result_card)
        (etb,) = _of(read, EtbX, item.id)
        counters = {a.kind: a.number for a in _of(read, EntersWith, item.id)}
        for replacer in counter_rules.replacers(board) if counters else ():  # CR 614.1a (asp/counter_put.lp)
            raise QueryError(f"{item.id} ({item.card}) enters with counters whose number {replacer}'s replacement "
                             "effect may change (CR 614.1a, 616.1), which x doesn't judge; pysolver next ... resolve "
                             "applies it", file=board.name, place="argument OBJECT")
        resolves = {
            "card": result_card,
            "token": becomes[0].kind == "token",
            "x": 0,  # CR 107.3m
            "mana_value": _of(read, BecomesManaValue, item.id)[0].value,
            "etb_x": etb.value,
            "counters": dict(sorted(counters.items())),
        }
    return XAnswer(item.id, "stack", item.card, x, value.value, resolves=resolves)


def answer(board: Board, object: str) -> dict:
    """Canonical answer: zone, card, x, mana_value, and etb_x or what it resolves into."""
    return x_value(board, object).canonical()


def _run(board: Board, object: str, explain: bool = False) -> XAnswer:
    return x_value(board, object, explain)


register(Query.described(
    "x", program="x", explain_program="x_explain", facts=facts.x, run=_run, answer=answer,
    counted="values of X", count=lambda answer: answer.value_count,
    schema="x", decodes=DECODES, explain_decodes=EXPLAIN_DECODES))
