"""pysolver next on facts it grounded before (issue 16): a board on which no state-based
action applies is not checked again, and a step's rules on the same facts are not grounded
again (next_state._all_models); the boards after are the same."""

from __future__ import annotations

import pysolver
from pysolver import next_state
from pysolver.next_state import next_states, parse_actions


def test_the_same_facts_are_not_grounded_again_for_the_same_answer(grounded_programs):
    grounded = grounded_programs
    # A creature: the check keeps the rules of toughness and damage (on lands alone nothing
    # could apply, known without grounding: tests/test_derives_none.py).
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": "Grizzly Bears", "controller": "Alice"}, {"card": "Island", "controller": "Bob"}],
        "turn": {"active": "Alice", "step": "upkeep"}})
    first = next_states(board, parse_actions(["pass"]))
    # the board's own (none apply, CR 704.3: it is refused otherwise) and the draw step's
    assert grounded.count(next_state.SBA_RULES) == 2 and grounded.count(next_state.STEP_RULES) >= 1
    grounded.clear()
    again = next_states(board, parse_actions(["pass"]))
    assert [r.board for r in again] == [r.board for r in first] and len(first) == 1
    assert first[0].board["turn"]["step"] == "precombat_main"
    assert next_state.SBA_RULES not in grounded and next_state.STEP_RULES not in grounded
