"""Choices made as a permanent enters, and the abilities that read them (CR 614.12, 607.1;
pysolver/cards/oracle_chosen.py, asp/filter_conditions.lp): the compiler's forms, and what a
board may state (issue 13).  The queries' answers are ruling cases (tests/cases/next/chosen-statics.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import next_state
from pysolver.cards.oracle import compile_card
from pysolver.errors import BoardError, QueryError

CARDS = [Path(__file__).resolve().parent / "fixtures" / "cards" / "compiled-chosen.yaml"]


@pytest.mark.parametrize("choice, line, affects", [
    ("a color", "Creatures you control of the chosen color get +1/+1.", {"types": ["Creature"], "chosen": "color"}),
    ("a creature type", "Creatures you control of the chosen type get +1/+1.",
     {"types": ["Creature"], "chosen": "creature_type"}),
])
def test_of_the_chosen_kind_is_judged_per_source(choice, line, affects):
    result = compile_card("Test Banner", f"As this artifact enters, choose {choice}.\n{line}", "Artifact")
    assert (result.status, result.card["abilities"]) == ("ok", [{"static": {
        "affects": affects, "whose": "you", "pt": {"power": 1, "toughness": 1}}}])


@pytest.mark.parametrize("choice", ["a basic land type", "a card type", "a color and a creature type"])
def test_the_chosen_type_of_another_choice_is_not_understood(choice):
    """Only a card whose one choice of a type is a creature type reads "the chosen type" as one."""
    result = compile_card("Test Banner", f"As this artifact enters, choose {choice}.\n"
                          "Creatures you control of the chosen type get +1/+1.", "Artifact")
    assert "Creatures you control of the chosen type get +1/+1." in result.ignored


def test_the_chosen_type_added_to_itself():
    result = compile_card("Test Mimic", "As this creature enters, choose a creature type.\nThis creature is the "
                          "chosen type in addition to its other types.", "Artifact Creature — Shapeshifter")
    assert (result.status, result.card["chooses_as_it_enters"], result.card["abilities"]) == (
        "ok", {"creature_type": True},
        [{"static": {"affects": {}, "whose": "any", "self": True, "add_chosen_subtype": "creature_type"}}])


def test_a_count_of_the_chosen_color_is_not_understood():
    """A count can't be judged per source (layer 7's amounts count once per player and filter)."""
    result = compile_card("Test Spirit", "As this creature enters, choose a color.\nThis creature's power and "
                          "toughness are each equal to the number of permanents of the chosen color your opponents "
                          "control.", "Creature — Spirit")
    assert result.status == "partial"


@pytest.mark.parametrize("entry, error", [
    ({"id": "rally", "card": "Rally the Ranks", "controller": "Alice", "chosen": {"creature_type": "Banana"}},
     "<board>: battlefield[0].chosen.creature_type: 'Banana' is not a creature type (CR 205.3m)"),
    ({"id": "hall", "card": "Hall of Triumph", "controller": "Alice", "chosen": {"creature_type": "Elf"}},
     "<board>: battlefield[0].chosen.creature_type: Hall of Triumph chooses a color as it enters, not a creature "
     "type (CR 614.12)"),
    ({"id": "rally", "card": "Rally the Ranks", "controller": "Alice", "chosen": {"color": "G"}},
     "<board>: battlefield[0].chosen.color: Rally the Ranks chooses a creature type as it enters, not a color "
     "(CR 614.12)"),
])
def test_a_choice_the_card_cant_make_is_refused(entry, error):
    with pytest.raises(BoardError) as caught:
        pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [entry]}, CARDS)
    assert str(caught.value) == error


def test_next_refuses_to_choose_a_creature_type():
    board = pysolver.board_from_data({"players": ["Alice", "Bob"],
                                      "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
                                      "stack": [{"id": "rally", "card": "Rally the Ranks", "controller": "Alice"}]},
                                     CARDS)
    with pytest.raises(QueryError) as caught:
        list(next_state.next_states(board, next_state.parse_actions(["resolve"])))
    assert str(caught.value) == (
        "<board>: action 1 (resolve): rally chooses a creature type as it enters (CR 614.12), which next doesn't "
        "choose: give the board after it, with chosen: {creature_type: ..}")
