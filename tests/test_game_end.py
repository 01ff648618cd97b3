"""The game ends at once when a player wins or it is a draw (CR 104.1, 104.2a, 104.4a): next refuses any
action after it; a player who leaves a game that goes on takes the objects they own with them (800.4a),
which next refuses (tests/cases/next/game-end.yaml has the answers)."""

from __future__ import annotations

import pytest

from helpers import CASES
from pysolver import api
from pysolver.errors import QueryError

CARDS = [str(CASES / "next" / "game-end.yml")]


def test_an_action_after_the_game_ended_is_refused():
    board = api.board_from_data({
        "players": [{"name": "Alice", "life": 0}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "bears", "card": "Grizzly Bears", "controller": "Bob", "damage": 2},
                        {"id": "wake", "card": "Test Wake", "controller": "Bob"}]}, CARDS)
    with pytest.raises(QueryError) as refused:
        api.next_states(board, ["check", "resolve"])
    assert refused.value.detail == "resolve: the game is over (CR 104.1): Bob wins the game (CR 104.2a)"
    assert refused.value.place == "action 2 (resolve)"


def test_a_board_of_an_ended_game_is_refused():
    board = api.board_from_data({"players": [{"name": "Alice", "lost": True}, "Bob"]})
    with pytest.raises(QueryError) as refused:
        api.next_states(board, ["pass"])
    assert refused.value.detail == "pass: the game is over (CR 104.1): Bob wins the game (CR 104.2a)"


@pytest.mark.parametrize("active, owns, why", [
    ("Bob", True, ""),
    ("Alice", False, "the active player, "),
])
def test_a_player_leaving_a_game_that_goes_on_is_refused(active, owns, why):
    board = api.board_from_data({
        "players": [{"name": "Alice", "life": 0}, "Bob", "Carol"],
        "turn": {"number": 3, "active": active, "step": "precombat_main"},
        "battlefield": [{"id": "bears", "card": "Grizzly Bears", "controller": "Alice" if owns else "Bob"}]})
    with pytest.raises(QueryError) as refused:
        api.next_states(board, ["check"])
    assert refused.value.detail == (
        f"Alice loses the game and leaves it, {why}while the others play on (CR 104.3, 800.4a, 800.4j): the "
        "objects they own leave the game with them, which next doesn't model")


@pytest.mark.parametrize("lost, ended", [
    ([True, False], "Bob wins the game (CR 104.2a)"),
    ([True, True], "the game is a draw (CR 104.4a)"),
])
def test_turn_and_outcomes_refuse_an_ended_game(lost, ended):
    """Before, turn listed the rest of the turn of an ended game and outcomes said "nothing happens"."""
    board = api.board_from_data({
        "players": [{"name": "Alice", "lost": lost[0]}, {"name": "Bob", "lost": lost[1]}],
        "turn": {"number": 4, "active": "Bob", "step": "upkeep"}})
    with pytest.raises(QueryError) as refused:
        api.turn(board)
    assert refused.value.detail == f"the game is over (CR 104.1): {ended}; no step begins"
    with pytest.raises(QueryError) as refused:
        api.outcomes(board)
    assert refused.value.detail == f"the game is over (CR 104.1): {ended}; nothing resolves"


def test_turn_goes_on_for_the_players_left_in_a_game_that_goes_on():
    board = api.board_from_data({
        "players": [{"name": "Alice", "lost": True}, "Bob", "Carol"],
        "turn": {"number": 4, "active": "Bob", "step": "end"}})
    assert [step.step for step in api.turn(board)] == ["end", "cleanup"]
