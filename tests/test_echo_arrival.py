"""CR 702.30a, 302.6: echo reads when its permanent came under its controller's control.  A permanent
not controlled continuously since its controller's most recent turn began (continuous_control: false)
whose `entered` the board doesn't give came during that turn, before or after its upkeep: where that
decides whether echo triggers, turn and next refuse.  Before, both read it as there long ago and
listed no echo (the answered case: tests/cases/turn/echo-arrival.yaml)."""

from __future__ import annotations

import pytest

import pysolver
from pysolver import api


def _board(active: str, step: str, *more: dict) -> pysolver.Board:
    return pysolver.board_from_data({
        "players": [{"name": "Alice", "library": ["Forest"] * 3}, {"name": "Bob", "library": ["Forest"] * 3}],
        "turn": {"number": 6, "active": active, "step": step},
        "battlefield": [{"id": "troll", "card": "Albino Troll", "controller": "Alice", "continuous_control": False},
                        *more]})


def _refusal(job) -> str:
    with pytest.raises(pysolver.PysolverError) as error:
        job()
    return str(error.value)


NEXT_TURN = ("<board>: troll came under Alice's control after Alice's most recent turn began (continuous_control: "
             "false) and the board doesn't say when (entered): whether before or after the beginning of Alice's "
             "last upkeep, so whether its echo triggers in turn 7's upkeep is unknown (CR 702.30a, 302.6)")


def test_next_into_its_controllers_turn_is_refused():
    board = _board("Bob", "end")
    assert _refusal(lambda: api.next_states(board, ["pass"])) == NEXT_TURN.replace(
        "<board>: ", "<board>: action 1 (pass): ")


def test_turns_into_its_controllers_turn_is_refused():
    board = _board("Bob", "end")
    assert _refusal(lambda: api.turns(board, 2)) == NEXT_TURN


def test_an_additional_upkeep_of_the_same_turn_is_refused():
    board = _board("Alice", "precombat_main", {"id": "sphinx", "card": "Sphinx of the Second Sun",
                                               "controller": "Alice"})
    assert _refusal(lambda: api.turn(board)) == (
        "<board>: troll came under Alice's control during this turn (continuous_control: false) and the board "
        "doesn't say when (entered): whether before or after the beginning of Alice's last upkeep, so whether "
        "its echo triggers as turn 6's upkeep step begins is unknown (CR 702.30a, 302.6)")
