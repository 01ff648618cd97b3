"""The state-based-action check of `pysolver next` (asp/query/next_sba.lp), grounded with the cut
of unread rules as it is (stratified normal rules left out, solver._Program.read_cut) and as it
was before session 33 (plain rules only), interleaved on the boards next_chain's actions check:
statements kept, atoms, CPU per grounding (medians of the rounds), their ratio; the models of
the two are asserted equal (plain Python; prints figures, fails on no load).

    python benchmarks/sba_check.py [ROUNDS]
"""

from __future__ import annotations

import statistics
import sys
import time

from clingo import Symbol, ast

import pysolver
from pysolver import facts, next_state, solver
from pysolver.board import board_from_data
from pysolver.facts import next_steps
from pysolver.next_state import next_states, parse_actions

sys.path.insert(0, __file__.rsplit("/", 1)[0])
import next_chain  # the chain's board and actions


def _plain(rule) -> bool:
    """The rules the cut of unread rules could leave out before session 33: one plain atom in
    the head, only plain positive atoms and comparisons in the body."""
    if not solver._normal(rule):
        return False
    for literal in rule.body:
        if literal.ast_type != ast.ASTType.Literal:
            return False
        if literal.atom.ast_type in (ast.ASTType.Comparison, ast.ASTType.BooleanConstant):
            continue
        if literal.sign != ast.Sign.NoSign or solver._signature(literal.atom) is None:
            return False
    return True


def checked_boards() -> list[list[Symbol]]:
    """The facts of every state-based-action check next_chain's actions and its cast make."""
    found: list[list[Symbol]] = []
    original = next_state._sba_round

    def watching(branch, timeout):
        found.append(list(facts.board_facts(branch.board)) + next_steps.drew_from_empty(branch.drew_empty))
        return original(branch, timeout)

    next_state._sba_round = watching
    try:
        start = pysolver.board_from_data(next_chain.board())
        boards = [start]
        for action in next_chain.ACTIONS:
            boards = [board_from_data(result.board, start.library) for current in boards
                      for result in next_states(current, parse_actions(action.split()), max_outcomes=10_000)]
        data = next_chain.board()  # and the cast, as next_chain casts
        data["players"][0]["hand"] = ["Grizzly Bears"]
        data["turn"]["step"] = "precombat_main"
        lands = [p for p in data["battlefield"] if p["card"] in ("Forest", "Island", "Mountain")]
        for land in lands[next_chain.UNTAPPED:]:
            land["tapped"] = True
        next_states(pysolver.board_from_data(data), parse_actions(["cast", "Grizzly Bears"]), max_outcomes=10_000)
    finally:
        next_state._sba_round = original
    return found


def main(rounds: int = 7) -> None:
    boards = checked_boards()
    program = solver.prepared((next_state.SBA_RULES,))
    now = program.removable
    # The rules of statements (a rule numbered -1, after them, stands for an element of an aggregate that
    # fails when empty: no statement, never removable).
    before = [_plain(program.statements[index]) for index, *_ in program.rules if index >= 0]
    seconds: dict[str, list[float]] = {"before": [], "now": []}
    models: dict[str, list] = {}
    kept: dict[str, list[int]] = {}
    atoms: dict[str, int] = {}
    for number in range(rounds):
        for name in (("before", "now") if number % 2 == 0 else ("now", "before")):
            program.removable, program.cuts = (before if name == "before" else now), {}
            kept[name] = []

            def keep(numbers, name=name) -> bool:
                kept[name].append(len(numbers))
                return True

            started = time.process_time()
            groundings = [solver.ground_if(symbols, next_state.SBA_RULES, keep) for symbols in boards]
            models[name] = [sorted(g.models()) for g in groundings if g is not None]
            seconds[name].append((time.process_time() - started) / len(boards))
            atoms[name] = statistics.median(len(g.control.symbolic_atoms) for g in groundings if g is not None)
    program.removable, program.cuts = now, {}
    assert models["before"] == models["now"], "the two cuts give different models"
    medians = {name: statistics.median(found) for name, found in seconds.items()}
    for name in ("before", "now"):
        print(f"{name:6s}: {len(boards)} boards, a median {statistics.median(kept[name]):.0f} statements kept and "
              f"{atoms[name]:.0f} atoms, {1000 * medians[name]:.2f} ms CPU per grounding (median of {rounds} rounds)")
    print(f"ratio before/now: {medians['before'] / medians['now']:.2f}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
