"""One encoding of activation legality (asp/legality.lp): for every permanent of every
board in the ruling corpus, can-activate's answer for each mana ability agrees with
whether ``mana`` can activate it (issue 11)."""

from __future__ import annotations

import json
from functools import cache

import pytest
from clingo import Function, String

import pysolver
from pysolver import facts, solver, verify
from pysolver.facts.players import player_facts
from pysolver.errors import PysolverError
from pysolver.query import activation

from helpers import corpus_cases


def _distinct_boards() -> list[tuple[str, ...]]:
    """Every distinct board of the corpus, once: for each, the ids of the cases that give it,
    in the corpus's order (the board is built from the first whose board is not refused, when
    its test runs: each test process built all of them while collecting; issue 16)."""
    seen: dict[str, list[str]] = {}
    for case in corpus_cases():
        key = json.dumps([case.board, sorted(case.card_files), case.file if case.card_files else ""],
                         sort_keys=True, default=str)
        seen.setdefault(key, []).append(case.id)
    return [tuple(ids) for ids in seen.values()]


@cache
def _cases_by_id() -> dict:
    return {case.id: case for case in corpus_cases()}


@cache
def _board(case_ids: tuple[str, ...]):
    """The board of the first of these cases whose board is not refused, else None."""
    for case_id in case_ids:
        try:
            return verify.case_board(_cases_by_id()[case_id])
        except PysolverError:  # a case about a board that is refused
            continue
    return None


BOARDS = _distinct_boards()


def _pays_with_mana(board, ability) -> bool:
    """Mana in the cost: ``mana`` takes it as paid."""
    body = activation.ability_body(board, ability.term)
    return any(isinstance(item, str) and item.startswith("{") and item not in ("{T}", "{Q}")
               for item in body.get("cost", []))


def test_corpus_has_boards():
    assert sum(_board(case_ids) is not None for case_ids in BOARDS) > 100


def _atoms(grounded, name, arity):
    """Every atom name/arity the grounding decided (shown or not: the rules' own view)."""
    return [a.symbol for a in grounded.control.symbolic_atoms.by_signature(name, arity)]


@pytest.mark.parametrize("case_ids", BOARDS, ids=[ids[0] for ids in BOARDS])
def test_can_activate_agrees_with_mana(case_ids):
    """One grounding per query with every permanent asked about: an ability ``mana`` can
    activate (an activation/3 atom) is one can-activate finds no reason against, leaving
    out the mana in the cost, which ``mana`` takes as paid (cannot/4 only)."""
    board = _board(case_ids)
    if board is None:
        pytest.skip("every case with this board is about a board that is refused")
    asked = [Function("query_permanent", [String(p.id)]) for p in board.battlefield]
    symbols = [*facts.board_facts(board), *player_facts(board), *asked]
    can = solver.ground(symbols, solver.entry("can_activate"))
    mana = solver.ground(symbols, solver.entry("mana"))
    payment = {"mana", "together"}
    abilities = {(str(a.arguments[0]), str(a.arguments[1])) for a in _atoms(mana, "asked", 2)}
    mana_kinds = {k.arguments[0] for k in _atoms(can, "kind", 2) if k.arguments[1].name == "mana"}
    assert abilities == {(str(a.arguments[0]), str(a.arguments[1])) for a in _atoms(can, "activated_ability", 2)
                         if a.arguments[1] in mana_kinds}
    reasons: dict[tuple[str, str], set[str]] = {key: set() for key in abilities}
    for atom in _atoms(can, "cannot", 4):
        key = (str(atom.arguments[0]), str(atom.arguments[1]))
        if key in reasons and atom.arguments[3].name not in payment:
            reasons[key].add(str(atom))
    activatable = {(str(a.arguments[1]), str(a.arguments[2])) for a in _atoms(mana, "activation", 3)}
    blocked = {(str(a.arguments[0]), str(a.arguments[1])) for a in _atoms(mana, "blocked", 4)}
    for key, why in reasons.items():
        assert (key in activatable or key in blocked) and (key in activatable) == (not why), (key, why)


def test_numbering_and_reasons_agree(load):
    """The public answers: the same number, text and reasons (a board with every kind of reason)."""
    board = load("""
players: [Alice, {name: Bob, life: 0}]
battlefield:
- {card: Llanowar Elves, controller: Alice, continuous_control: false}
- {card: Llanowar Elves, controller: Alice, id: elves-2, continuous_control: false}
- {card: Thousand-Year Elixir, controller: Bob}
- {card: Spire of Industry, controller: Bob, tapped: true}
- {card: Calciform Pools, controller: Alice, counters: {storage: 2}}
- {card: Gemstone Mine, controller: Bob}
""")
    checked = 0
    for permanent in board.battlefield:
        for ability in activation.activated_abilities(board, permanent.id):
            if ability.kind != "mana":
                continue
            verdict = pysolver.can_activate(board, permanent.id, ability.number)
            result = pysolver.mana_outcomes(board, permanent.id, ability.number)
            assert (result.ability.index, result.ability.text) == (ability.number, ability.text)
            if _pays_with_mana(board, ability):
                assert set(result.cannot_activate) <= set(verdict.reasons)
            else:
                assert set(result.cannot_activate) == set(verdict.reasons)
            checked += 1
    assert checked == 7
