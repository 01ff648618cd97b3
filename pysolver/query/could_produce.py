"""CR 106.7: the types of mana each permanent could produce."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from pysolver import facts, solver
from pysolver.board import Board
from pysolver.errors import QueryError
from pysolver.mana import sort_types
from pysolver.query import bounds


@dataclass(frozen=True)
class CouldProduce:
    """One permanent's answer."""

    id: str
    card: str
    controller: str
    types: tuple[str, ...]  # in WUBRGC order; empty: no type of mana (106.7)

    def to_json(self) -> dict:
        return {"id": self.id, "card": self.card, "controller": self.controller,
                "types": list(self.types)}


def check_ids(board: Board, ids: Sequence[str]) -> None:
    known = {p.id for p in board.battlefield}
    for position, wanted in enumerate(ids):
        if wanted not in known:
            raise QueryError(f"no permanent with id {wanted!r} on the battlefield "
                             f"(ids: {', '.join(sorted(known)) or 'none'})",
                             file=board.name, place=f"argument {position + 1}")


def could_produce(board: Board, ids: Sequence[str] = ()) -> list[CouldProduce]:
    """The could-produce set of every permanent (or of those named), in board order."""
    check_ids(board, ids)
    grounded = solver.ground(facts.board_facts(board), solver.MANA_RULES)
    bounds.check(grounded, board.name, amounts=False)  # types only: amounts may saturate
    atoms = grounded.atoms("could_produce", 2)
    if atoms is None:  # not decided by grounding alone: take the (single) model
        atoms = [s for s in grounded.first_model() if s.match("could_produce", 2)]
    found: dict[str, set[str]] = {}
    for atom in atoms:
        obj, mana_type = atom.arguments
        found.setdefault(obj.string, set()).add(mana_type.name.upper())
    wanted = set(ids)
    return [
        CouldProduce(p.id, p.card, p.controller, tuple(sort_types(found.get(p.id, ()))))
        for p in board.battlefield
        if not wanted or p.id in wanted
    ]


def answer(board: Board, ids: list[str] | None = None) -> dict[str, list[str]]:
    """Canonical answer: {id: [types in WUBRGC order]}."""
    return {a.id: list(a.types) for a in could_produce(board, ids or ())}
