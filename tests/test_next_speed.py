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


def test_infect_damage_to_an_opponent_loses_no_life():
    """CR 120.3b, 702.90b: infect damage to a player gives poison counters; no life is lost, so 702.179d
    doesn't trigger and nothing is refused.  The refusal read the events' words ('damage to Bob') and
    refused this board; it reads the life each event loses, as data (pysolver/events.py: life_lost)."""
    cards = [Path(__file__).parent / "cases" / "next" / "damage-keywords.yml"]
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "speed": 2}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "sorcerer", "card": "Prodigal Sorcerer", "controller": "Alice"},
                        {"id": "phyresis", "card": "Phyresis", "controller": "Alice",
                         "attached_to": {"permanent": "sorcerer"}}]}, cards)
    (result,) = next_states(board, parse_actions(["activate", "sorcerer", "1", "target=Bob", "resolve"]))
    assert result.events[-1] == ("Prodigal Sorcerer deals 1 damage to Bob: Bob gets 1 poison counter (infect, "
                                 "CR 120.3b; 0 -> 1)")
    assert result.board["players"] == [{"name": "Alice", "speed": 2}, {"name": "Bob", "poison": 1}]
