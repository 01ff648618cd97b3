"""CR 500.7: turn.previous_turns, players' most recent turns where extra turns put them elsewhere
than the turn order (the ruling cases: tests/cases/turn/extra-turns.yaml)."""

from __future__ import annotations

import pytest

import pysolver

BOARD = {"players": ["Alice", "Bob"], "battlefield": []}


@pytest.mark.parametrize("previous, message", [
    ({"Bob": 5, "Alice": 5}, "turn.previous_turns.Alice: turn 5 was Bob's (a turn is one player's, CR 500.7)"),
    ({"Bob": 6}, "turn.previous_turns.Bob: turn 6 is not before the current turn (6)"),
    ({"Carol": 4}, "turn.previous_turns.Carol: 'Carol' is not a player in this game (players: Alice, Bob)"),
])
def test_a_previous_turn_that_cant_be_is_refused(previous, message):
    data = {**BOARD, "turn": {"number": 6, "active": "Alice", "previous_turns": previous}}
    with pytest.raises(pysolver.BoardError) as error:
        pysolver.board_from_data(data)
    assert str(error.value) == f"<board>: {message}"


def test_the_turn_order_gives_the_others():
    board = pysolver.board_from_data({**BOARD, "turn": {"number": 6, "active": "Alice",
                                                        "previous_turns": {"Bob": 4}}})
    assert (board.previous_turn("Alice"), board.previous_turn("Bob")) == (4, 4)
    board = pysolver.board_from_data({**BOARD, "turn": {"number": 6, "active": "Alice"}})
    assert (board.previous_turn("Alice"), board.previous_turn("Bob")) == (4, 5)
