"""Static abilities whose condition compares its controller's life total with their starting life
total (CR 611.3a, 119.1, 103.4; pysolver/cards/oracle_static.py life_start_condition,
asp/static_conditions.lp): what the conditions compile to, that a board must state the starting
life total a permanent reads (it depends on the game's variant), and that `next` keeps it.  The
ruling cases are tests/cases/oracle/starting-life.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import BoardError

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-starting-life.yaml"
SELF = {"affects": {}, "whose": "any", "self": True}


@pytest.mark.parametrize("condition, judged", [
    ("your life total is greater than your starting life total", {"more_than": 0}),
    ("your life total is greater than or equal to your starting life total", {"more_than": -1}),
    ("your life total is at least 10 greater than your starting life total", {"more_than": 9}),
    ("you have at least 7 life more than your starting life total", {"more_than": 6}),
    ("your life total is less than or equal to half your starting life total", {"at_most_half": True}),
])
def test_a_starting_life_condition_compiles(condition, judged):
    result = compile_card("Test Kavu", f"Test Kavu gets +1/+1 as long as {condition}.", "Creature — Kavu")
    assert result.ok, result.ignored
    assert result.card["abilities"] == [{"static": {**SELF, "pt": {"power": 1, "toughness": 1},
                                                    "if_life_start": judged}}]


@pytest.mark.parametrize("condition", [
    "your life total is 10 greater than your starting life total",  # exactly: no such form
    "your life total is less than half your starting life total",
    "an opponent's life total is greater than their starting life total",
])
def test_near_conditions_stay_not_understood(condition):
    result = compile_card("Test Kavu", f"Test Kavu gets +1/+1 as long as {condition}.", "Creature — Kavu")
    assert result.status == "partial"


def test_a_board_must_state_the_starting_life_a_permanent_reads():
    """CR 103.4: 20 in a two-player game, 40 in Commander (903.7): not assumed."""
    with pytest.raises(BoardError) as caught:
        pysolver.board_from_data({"players": ["Alice", {"name": "Bob", "starting_life": 20}], "battlefield": [
            {"id": "path", "card": "Path of Bravery", "controller": "Alice"}]}, [CARDS])
    assert str(caught.value).endswith("Path of Bravery reads Alice's starting life total (CR 103.4), which the board "
                                      "doesn't state (players: starting_life)")


def test_next_keeps_the_starting_life():
    from pysolver.next_state import to_data
    board = pysolver.board_from_data({"players": [{"name": "Alice", "starting_life": 40}, "Bob"], "battlefield": [
        {"id": "path", "card": "Path of Bravery", "controller": "Alice"}]}, [CARDS])
    assert [p.get("starting_life") for p in to_data(board)["players"]] == [40, None]


def test_half_the_starting_life(tmp_path):
    """CR 611.3a, 103.4: "less than or equal to half your starting life total": 2 x life <= start."""
    from pysolver import facts, solver
    from helpers import write_inputs
    bane = compile_card("Test Bane", "As long as your life total is less than or equal to half your starting life "
                        "total, Test Bane has indestructible.", "Legendary Creature — God", power="5",
                        toughness="2").card
    _, path = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [bane]})

    def keywords(life, start):
        board = pysolver.board_from_data({"players": [{"name": "Alice", "life": life, "starting_life": start}, "Bob"],
                                          "battlefield": [{"id": "b", "card": "Test Bane", "controller": "Alice"}]},
                                         [path])
        grounded = solver.ground(facts.board_facts(board))
        return {str(a.arguments[1]).strip('"') for a in grounded.atoms("has_keyword", 2)}

    assert keywords(10, 20) == {"indestructible"}
    assert keywords(11, 20) == set()
    assert keywords(12, 25) == {"indestructible"}  # 12 <= 12.5
    assert keywords(13, 25) == set()


def test_a_card_elsewhere_that_reads_it_needs_every_players():
    """A card in a hand (or on the stack) may enter under any player's control (`pysolver next`)."""
    with pytest.raises(BoardError) as caught:
        pysolver.board_from_data({"players": [{"name": "Alice", "starting_life": 20, "hand": ["Path of Bravery"]},
                                              "Bob"], "battlefield": []}, [CARDS])
    assert str(caught.value).endswith("Path of Bravery reads its controller's starting life total (CR 103.4), which "
                                      "the board doesn't state for Bob (players: starting_life)")
    board = pysolver.board_from_data({"players": [{"name": "Alice", "starting_life": 20, "hand": ["Path of Bravery"]},
                                                  {"name": "Bob", "starting_life": 20}], "battlefield": []}, [CARDS])
    assert [p.starting_life for p in board.players] == [20, 20]


ARCHANGEL = Path(__file__).parent / "cases" / "next" / "losing-starting-life.yml"


def test_a_loss_replaced_by_the_starting_life_total_compiles():
    """CR 614.1a, 103.4: "... your life total becomes equal to your starting life total" (the ruling case is
    tests/cases/next/losing-starting-life.yaml)."""
    result = compile_card("Test Angel", "If you would lose the game, instead exile this creature and your life total "
                          "becomes equal to your starting life total.", "Creature — Angel")
    assert (result.status, result.card["instead_of_losing"]) == ("ok", {"exile_self": True, "life": "starting"})


def test_a_board_must_state_the_starting_life_a_loss_replacement_sets():
    with pytest.raises(BoardError) as caught:
        pysolver.board_from_data({"players": ["Alice", {"name": "Bob", "starting_life": 20}], "battlefield": [
            {"id": "angel", "card": "Exquisite Archangel", "controller": "Alice"}]}, [ARCHANGEL])
    assert str(caught.value).endswith("Exquisite Archangel reads Alice's starting life total (CR 103.4), which the "
                                      "board doesn't state (players: starting_life)")
