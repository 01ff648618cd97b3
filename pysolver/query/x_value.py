"""CR 107.3: the value of X for a spell on the stack or a permanent, and what a
permanent spell with X enters the battlefield with (CR 107.3m, 614.1c, 707.10)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterator

import clingo
from clingo import Function, Number, String, Symbol

from pysolver import addressing, facts, solver
from pysolver.board import Board
from pysolver.cards import card_facts
from pysolver.errors import BoardError, QueryError


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


EXPLAIN_X_RULES = solver.X_RULES + ("explain/x.lp",)


def _step_text(step: clingo.Symbol) -> str:
    """One ex_x step of asp/explain/x.lp in words."""
    n = [a.number if a.type.name == "Number" else a.string if a.type.name == "String" else a.name
         for a in step.arguments]
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


def _explanation(grounded: solver.Grounded, object_id: str) -> tuple[dict, ...]:
    order = {a.arguments[0].name: a.arguments[1].number for a in grounded.atoms("ex_order", 2) or []}
    steps = [a for a in _numbers(grounded, "ex_x", 3, object_id)]
    steps.sort(key=lambda a: (order.get(a.arguments[2].name, 9), str(a)))
    return tuple({"text": _step_text(a.arguments[2]), "rules": [a.arguments[1].string]} for a in steps)


def _place(board: Board, path: tuple) -> str | None:
    return board.document.place(path) if board.document else None


def stack_facts(board: Board) -> Iterator[Symbol]:
    """The spells on the stack, and the cards they and their copies name."""
    ids = {item.id for item in board.stack}
    permanents = {p.id for p in board.battlefield}
    known = {p.card_name for p in board.battlefield} | {e.card for e in board.effects}
    needed: set[str] = set()
    for index, item in enumerate(board.stack):
        if item.source is not None:  # a triggered ability, not a spell
            continue
        spell = String(item.id)
        yield Function("spell", [spell])
        yield Function("spell_card", [spell, String(item.card)])
        if item.x is not None:
            yield Function("spell_announced_x", [spell, Number(item.x)])
        if item.cast and not item.copy:
            yield Function("spell_cast", [spell])
        if item.without_paying_mana_cost:
            yield Function("spell_free", [spell])
        if item.copy:
            yield Function("spell_copy", [spell])
            if item.copy_of is not None:
                if item.copy_of not in ids or item.copy_of == item.id:
                    raise BoardError(f"copy_of names {item.copy_of!r}, which is not another spell on "
                                     f"the stack", file=board.name,
                                     place=_place(board, ("stack", index, "copy_of")))
                yield Function("spell_copy_of", [spell, String(item.copy_of)])
        if item.enters_as_copy_of is not None:
            if item.enters_as_copy_of not in permanents:
                raise BoardError(f"enters_as_copy_of names {item.enters_as_copy_of!r}, which is not a "
                                 f"permanent on the battlefield", file=board.name,
                                 place=_place(board, ("stack", index, "enters_as_copy_of")))
            yield Function("spell_enters_as_copy_of", [spell, String(item.enters_as_copy_of)])
        if item.card not in known:
            needed.add(item.card)
    for name in sorted(needed):
        card = board.library.get(name) if board.library else None
        if card is not None:
            yield from card_facts(card)


def _numbers(grounded: solver.Grounded, name: str, arity: int, key: str) -> list[Symbol]:
    atoms = grounded.atoms(name, arity)
    if atoms is None:
        atoms = [s for s in grounded.first_model() if s.match(name, arity)]
    return [a for a in atoms if a.arguments[0].string == key]


def _has_x(board: Board, card: str) -> bool:
    definition = board.library.get(card) if board.library else None
    return definition is not None and "{X}" in definition.mana_cost


def x_value(board: Board, object_id: str, explain: bool = False) -> XAnswer:
    """X for a spell on the stack (and what it resolves into) or for a permanent; with
    ``explain``, the chain of steps that gives it (``explanation``), each with its rule."""
    return _x_value(board, object_id, explain)


def _x_value(board: Board, object_id: str, explain: bool) -> XAnswer:
    object_id = addressing.object_id(board, object_id, "argument OBJECT", stack=True)
    item = next((s for s in board.stack if s.id == object_id), None)
    permanent = board.permanent(object_id)
    asked = [Function("x_object", [String(object_id)])]
    grounded = solver.ground(list(facts.board_facts(board)) + list(stack_facts(board)) + asked,
                             rules=EXPLAIN_X_RULES if explain else solver.X_RULES)
    explanation = _explanation(grounded, object_id) if explain else None
    if item is not None:
        return replace(_spell_answer(board, grounded, item), explanation=explanation)
    if not _has_x(board, permanent.card_name) and not _has_x(board, permanent.card):
        raise QueryError(f"{permanent.id} ({permanent.card_name}) has no {{X}} in its mana cost",
                         file=board.name, place="argument OBJECT")
    (x,), = [a.arguments[1:] for a in _numbers(grounded, "permanent_x", 2, object_id)]
    (value,), = [a.arguments[1:] for a in _numbers(grounded, "permanent_mana_value", 2, object_id)]
    (etb,), = [a.arguments[1:] for a in _numbers(grounded, "permanent_etb_x", 2, object_id)]
    return XAnswer(permanent.id, "battlefield", permanent.card_name, x.number, value.number,
                   etb_x=etb.number, explanation=explanation)


def _spell_answer(board: Board, grounded: solver.Grounded, item) -> XAnswer:
    becomes = _numbers(grounded, "becomes", 3, item.id)
    result_card = becomes[0].arguments[1].string if becomes else None
    if not _has_x(board, item.card) and not (result_card and _has_x(board, result_card)):
        raise QueryError(f"{item.id} ({item.card}) has no {{X}} in its mana cost and becomes no "
                         f"permanent with one", file=board.name, place="argument OBJECT")
    xs = _numbers(grounded, "spell_x", 2, item.id)
    x = xs[0].arguments[1].number if xs else 0
    (value,), = [a.arguments[1:] for a in _numbers(grounded, "spell_mana_value", 2, item.id)]
    resolves = None
    if becomes:
        (etb,), = [a.arguments[1:] for a in _numbers(grounded, "etb_x", 2, item.id)]
        counters = {a.arguments[1].string: a.arguments[2].number
                    for a in _numbers(grounded, "enters_with", 3, item.id)}
        resolves = {
            "card": result_card,
            "token": becomes[0].arguments[2].name == "token",
            "x": 0,  # CR 107.3m
            "mana_value": _numbers(grounded, "becomes_mana_value", 2, item.id)[0].arguments[1].number,
            "etb_x": etb.number,
            "counters": dict(sorted(counters.items())),
        }
    return XAnswer(item.id, "stack", item.card, x, value.number, resolves=resolves)


def answer(board: Board, object: str) -> dict:
    """Canonical answer: zone, card, x, mana_value, and etb_x or what it resolves into."""
    return x_value(board, object).canonical()
