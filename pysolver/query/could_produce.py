"""CR 106.7: the types of mana each permanent could produce."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple, Sequence

from pysolver import addressing, limits, solver, symmetry, words
from pysolver.board import Board
from pysolver.cycles import no_cycle_collection
from pysolver.facts import queries as facts
from pysolver.mana import sort_types
from pysolver.query import bounds
from pysolver.predicates import Name, predicate, read
from pysolver.query.registry import Query, register


@predicate("could_produce")
class CouldProduceAtom(NamedTuple):
    """could_produce(O, T): permanent O could produce mana of type T."""

    obj: str
    type: Name


@dataclass(frozen=True)
class CouldProduce:
    """One permanent's answer."""

    id: str
    card: str
    controller: str
    types: tuple[str, ...]  # in WUBRGC order; empty: no type of mana (106.7)
    shown: str = ""  # the card in prose: a copy with what it copies (pysolver.words)

    def to_json(self) -> dict:
        return {"id": self.id, "card": self.card, "controller": self.controller,
                "types": list(self.types)}


# What the answer reads of a grounding: could_produce/2, and what bounds.check reads.
ANSWERED = (("could_produce", 2), ("effects_beyond", 1), ("amount_beyond", 1))


def check_ids(board: Board, ids: Sequence[str]) -> list[str]:
    """The ids named (by id, or by a card name naming one permanent: pysolver.addressing)."""
    return [addressing.object_id(board, wanted, f"argument {position + 1}")
            for position, wanted in enumerate(ids)]


def could_produce(board: Board, ids: Sequence[str] = ()) -> list[CouldProduce]:
    """The could-produce set of every permanent (or of those named, by id or card name), in
    board order."""
    with no_cycle_collection():  # classes and answers: containers by the board's size
        return _could_produce(board, ids)


def _could_produce(board: Board, ids: Sequence[str]) -> list[CouldProduce]:
    ids = check_ids(board, ids)
    limits.check_board_size(board)
    program = solver.entry("could_produce")
    # Identical permanents have identical answers: ground a few of each kind when that is
    # exact for these rules (pysolver/symmetry.py), else the whole board.
    reduced = symmetry.ground_representatives(board, facts.could_produce, program, ANSWERED)
    stands_for: dict[str, str] = {}
    if reduced is not None:
        grounded, stands_for = reduced.grounded, reduced.stands_for
    else:
        # Read only, and shared with could-produce --explain's check (solver.ground_shared).
        grounded = solver.ground_shared(facts.could_produce(board, ids), program)
    bounds.check(grounded, board.name, amounts=False)  # types only: amounts may saturate
    found: dict[str, set[str]] = {}
    for atom in read(grounded, CouldProduceAtom):  # decided by grounding, else the single model
        found.setdefault(atom.obj, set()).add(atom.type.upper())
    types = {obj: tuple(sort_types(kinds)) for obj, kinds in found.items()}
    wanted = set(ids)
    answers: list[CouldProduce] = []
    append, new = answers.append, object.__new__
    for p in board.battlefield:
        permanent_id = p.id
        if wanted and permanent_id not in wanted:
            continue
        # CouldProduce(id, card, controller, types, shown), its fields set in its own __dict__:
        # a frozen dataclass sets each field by a call (~1 µs more a permanent: issue 16)
        answer = new(CouldProduce)
        fields = answer.__dict__
        fields["id"] = permanent_id
        fields["card"] = p.card
        fields["controller"] = p.controller
        fields["types"] = types.get(stands_for.get(permanent_id, permanent_id), ())
        # a permanent that copies nothing is shown as its card (words.card_of says so too)
        fields["shown"] = (words.card_of(board, permanent_id) or p.card) if p.copy_of else p.card
        append(answer)
    return answers


def answer(board: Board, ids: list[str] | None = None) -> dict[str, list[str]]:
    """Canonical answer: {id: [types in WUBRGC order]}."""
    return {a.id: list(a.types) for a in could_produce(board, ids or ())}


def _run(board: Board, ids: Sequence[str] = (), explain: bool = False) -> list:
    """could_produce, or with ``explain`` each permanent's Explanation (query/could_produce_explain.py)."""
    if explain:
        from pysolver.query import could_produce_explain
        return could_produce_explain.explain(board, ids)
    return could_produce(board, ids)


register(Query.described(
    "could-produce", program="could_produce", explain_program="could_produce_explain",
    facts=facts.could_produce, run=_run, answer=answer, counted="permanents", count=len,
    schema="could-produce", decodes=(CouldProduceAtom,),
    explain_atoms="pysolver.query.could_produce_explain_atoms"))
