"""CR 702.179d in pysolver next: an opponent losing life during the turn of a player whose
speed is 1 to 3 would raise that speed, but the trigger triggers only once each turn and no
board records whether it did: refused, never a board with the old speed."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.errors import QueryError
from pysolver.next_state import next_states, parse_actions

CARDS = [Path(__file__).parent / "cases" / "next" / "targets.yml"]


def spear_at(target: str, speed: int | None, active: str = "Alice"):
    alice: dict = {"name": "Alice", "hand": ["Searing Spear"], "mana_pool": "{R}{R}"}
    if speed is not None:
        alice["speed"] = speed
    board = pysolver.board_from_data({"players": [alice, "Bob"], "turn": {"active": active}}, CARDS)
    return next_states(board, parse_actions(["cast", "Searing Spear", f"target={target}", "resolve"]))


def test_an_opponent_losing_life_at_speed_3_is_refused():
    with pytest.raises(QueryError) as refused:
        spear_at("Bob", 3)
    assert str(refused.value) == (
        "<board>: action 2 (resolve): Bob loses life during Alice's turn while Alice's speed is 3: Alice's "
        "speed would increase (CR 702.179d), a trigger that triggers only once each turn, and the board "
        "doesn't record whether it did")


@pytest.mark.parametrize("speed", [None, 4])
def test_without_speed_or_at_max_speed_nothing_triggers(speed):
    """702.179d needs speed (702.179b) and triggers only below 4: Bob simply loses 3 life."""
    (result,) = spear_at("Bob", speed)
    assert result.board["players"][1] == {"name": "Bob", "life": 17}


def test_damage_to_yourself_is_no_opponent_losing_life():
    (result,) = spear_at("Alice", 2)
    assert result.board["players"][0] == {"name": "Alice", "speed": 2, "life": 17, "graveyard": ["Searing Spear"],
                                          "spells_cast_this_turn": 1}
