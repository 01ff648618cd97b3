"""What a board records of a player beside life and poison (players[]: monarch, initiative, city_blessing,
completed_dungeons, counters): the conditions and amounts that read it compile (pysolver/cards/oracle_static.py
designation_condition, oracle_pt.py layer7_amount), a board is consistent (CR 722.3, 723.3: one monarch, one
initiative; 702.131b: ascend), `next` keeps it and gives the city's blessing, and the triggered abilities no
object has (722.2, 723.2, 725.1) are refused where a step would begin with one.  The ruling cases are
tests/cases/oracle/player-state.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import BoardError, QueryError

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-player-state.yaml"
SELF = {"affects": {}, "whose": "any", "self": True}


@pytest.mark.parametrize("condition, designation", [
    ("you're the monarch", "monarch"),
    ("you have the initiative", "initiative"),
    ("you have the city's blessing", "city_blessing"),
    ("you've completed a dungeon", "completed_dungeon"),
])
def test_a_designation_condition_compiles(condition, designation):
    result = compile_card("Test Kavu", f"Test Kavu gets +1/+1 as long as {condition}.", "Creature — Kavu")
    assert result.ok, result.ignored
    assert result.card["abilities"] == [{"static": {**SELF, "pt": {"power": 1, "toughness": 1},
                                                    "if_designation": designation}}]


@pytest.mark.parametrize("condition", [
    "you're not the monarch",
    "an opponent is the monarch",
    "you've completed Tomb of Annihilation",
    "you have an {E}",
])
def test_near_designations_stay_not_understood(condition):
    result = compile_card("Test Kavu", f"Test Kavu gets +1/+1 as long as {condition}.", "Creature — Kavu")
    assert result.status == "partial"


def test_for_each_counter_a_player_has_compiles():
    result = compile_card("Test Kavu", "Test Kavu gets +1/+1 for each experience counter you have.", "Creature — Kavu")
    assert result.ok, result.ignored
    assert result.card["abilities"] == [{"static": {**SELF, "pt": {"power": 1, "toughness": 1},
                                                    "per": {"player_counters": "experience"}}}]


def _board(players, battlefield=(), **turn):
    data = {"players": players, "battlefield": list(battlefield)}
    if turn:
        data["turn"] = turn
    return pysolver.board_from_data(data, [CARDS])


@pytest.mark.parametrize("field, rule", [("monarch", "722.3"), ("initiative", "723.3")])
def test_only_one_player_holds_a_designation(field, rule):
    with pytest.raises(BoardError) as caught:
        _board([{"name": "Alice", field: True}, "Bob", {"name": "Carol", field: True}])
    assert f"players[2].{field}" in str(caught.value)
    assert str(caught.value).endswith(f"only one player can at a time (CR {rule})")


def test_poison_is_not_one_of_the_other_counters():
    with pytest.raises(BoardError) as caught:
        _board([{"name": "Alice", "counters": {"poison": 2}}, "Bob"])
    assert "poison: N" in str(caught.value)


def _blessed(count, blessing):
    forests = [{"id": f"f{i}", "card": "Test Power Elf", "controller": "Alice"} for i in range(count - 1)]
    return _board([{"name": "Alice", "city_blessing": blessing}, "Bob"],
                  [{"id": "elf", "card": "Test Blessed Elf", "controller": "Alice"}, *forests])


def test_ascend_with_ten_permanents_has_the_blessing():
    """CR 702.131b: any time its controller controls ten or more permanents, they get the city's blessing."""
    assert _blessed(10, False).players[0].city_blessing
    assert _blessed(10, True).players[0].city_blessing
    assert not _blessed(9, False).players[0].city_blessing


def test_ascend_that_may_have_been_removed_is_refused():
    """CR 613.1f, 305.7: an effect that may have removed ascend leaves the blessing unjudged: refused."""
    forests = [{"id": f"f{i}", "card": "Test Power Elf", "controller": "Alice"} for i in range(9)]
    with pytest.raises(BoardError) as caught:
        _board(["Alice", "Bob"], [{"id": "elf", "card": "Test Blessed Elf", "controller": "Alice"}, *forests,
                                  {"id": "moon", "card": "Test Red Moon", "controller": "Bob"}])
    assert "moon may have removed its abilities (CR 613.1f, 305.7)" in str(caught.value)


def test_next_gives_the_city_blessing_and_keeps_it():
    forests = [{"id": f"f{i}", "card": "Test Power Elf", "controller": "Alice"} for i in range(8)]
    board = pysolver.board_from_data({"players": [{"name": "Alice", "hand": ["Test Copper Elf"],
                                                   "mana_pool": "{C}{C}{C}"}, "Bob"],
                                      "battlefield": [{"id": "elf", "card": "Test Blessed Elf", "controller": "Alice"},
                                                      *forests]}, [CARDS])
    (result,) = pysolver.api.next_states(board, ["cast", "Test Copper Elf", "resolve"])
    alice = result.board["players"][0]
    assert alice.get("city_blessing") is True
    assert "Alice gets the city's blessing (ascend, CR 702.131b)" in result.events


def test_next_keeps_what_the_board_records():
    from pysolver.next_state import to_data
    board = _board([{"name": "Alice", "monarch": True, "counters": {"experience": 2, "energy": 3},
                     "completed_dungeons": ["Tomb of Annihilation"]}, {"name": "Bob", "initiative": True,
                                                                       "city_blessing": True}])
    assert to_data(board)["players"] == [
        {"name": "Alice", "counters": {"energy": 3, "experience": 2}, "monarch": True,
         "completed_dungeons": ["Tomb of Annihilation"]},
        {"name": "Bob", "initiative": True, "city_blessing": True}]


@pytest.mark.parametrize("player, step, rule", [
    ({"name": "Alice", "monarch": True}, "postcombat_main", "722.2"),
    ({"name": "Alice", "initiative": True}, "untap", "723.2"),
    ({"name": "Alice", "counters": {"rad": 2}}, "upkeep", "725.1"),
])
def test_a_step_with_a_players_own_trigger_is_refused(player, step, rule):
    """The monarch's draw (CR 722.2), the initiative's venture (723.2), rad counters' mill (725.1): no object has
    them, and neither turn nor next lists or follows them."""
    board = _board([player, "Bob"], step=step)
    with pytest.raises(QueryError) as listing:
        pysolver.turn(board)
    assert f"(CR {rule}, a triggered ability no object has)" in str(listing.value)
    with pytest.raises(QueryError) as passing:
        pysolver.api.next_states(board, ["pass"])
    assert f"(CR {rule}, a triggered ability no object has)" in str(passing.value)


@pytest.mark.parametrize("player, step, rule", [
    ({"name": "Alice", "monarch": True}, "end", "722.2"),
    ({"name": "Alice", "initiative": True}, "upkeep", "723.2"),
    ({"name": "Alice", "counters": {"rad": 2}}, "precombat_main", "725.1"),
])
def test_outcomes_of_a_step_with_a_players_own_trigger_is_refused(player, step, rule):
    """With the stack empty, outcomes resolves what triggered as the step began (CR 603.3): the player's own
    trigger among them, which it doesn't follow."""
    board = _board([player, "Bob"], step=step)
    with pytest.raises(QueryError) as resolving:
        pysolver.outcomes(board)
    assert f"(CR {rule}, a triggered ability no object has)" in str(resolving.value)


def test_another_players_designation_triggers_nothing_this_turn():
    """Bob's designations and rad counters trigger in his own turn's steps only (CR 722.2, 723.2, 725.1)."""
    board = _board(["Alice", {"name": "Bob", "monarch": True, "initiative": True, "counters": {"rad": 1}}],
                   step="untap")
    listed = pysolver.turn(board)
    assert [s.step for s in listed][-2:] == ["end", "cleanup"]
    assert not any(s.triggers for s in listed)
