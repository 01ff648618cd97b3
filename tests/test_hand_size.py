"""The maximum hand size (CR 402.2, 613.11, 514.1): the Oracle forms that change it, the
sentences about it no form reads (not understood: the cleanup step's discard reads it), and
the order its effects apply in.  The ruling cases: tests/cases/next/hand-size.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError
from pysolver.next_state import next_states, parse_actions

from helpers import write_inputs

CARDS = Path(__file__).parent / "fixtures" / "cards" / "compiled-hand-size.yaml"
NINE = ["Island"] * 9


@pytest.mark.parametrize(("text", "effect"), [
    ("You have no maximum hand size.", {"whose": "you", "none": True}),
    ("Your maximum hand size is increased by one.", {"whose": "you", "change": 1}),
    ("Your maximum hand size is reduced by three.", {"whose": "you", "change": -3}),
    ("Each opponent's maximum hand size is reduced by one.", {"whose": "opponent", "change": -1}),
    ("Your maximum hand size is five.", {"whose": "you", "set": 5}),
    ("Each player's maximum hand size is two.", {"whose": "any", "set": 2}),
    # CR 607.1: the player chosen as it entered (the board's chosen:; Cursed Rack)
    ("The chosen player's maximum hand size is four.", {"whose": "chosen_player", "set": 4}),
])
def test_maximum_hand_size_forms(text, effect):
    result = compile_card("Sage", text, "Artifact")
    assert (result.status, result.card["maximum_hand_size"]) == ("ok", [effect])


@pytest.mark.parametrize("text", [
    "Your maximum hand size is equal to the number of hour counters on ~.",
    "You have no maximum hand size until your next turn.",
])
def test_other_maximum_hand_size_sentences_are_not_understood(text):
    result = compile_card("Sage", text, "Artifact")
    assert (result.status, result.ignored) == ("partial", [text])


def cleanup(battlefield: list[dict], tmp_path: Path) -> list:
    """Alice, nine cards in hand, passes from her end step to the cleanup step."""
    _, sage = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [
        {"name": "Five Sage", "types": ["Artifact"], "maximum_hand_size": [{"whose": "you", "set": 5}]}]})
    board = pysolver.board_from_data({"players": [{"name": "Alice", "hand": NINE}, "Bob"],
                                      "turn": {"number": 4, "active": "Alice", "step": "end"},
                                      "battlefield": battlefield}, [CARDS, sage])
    return [r.choices for r in next_states(board, parse_actions(["pass"]))]


@pytest.mark.parametrize(("sage_timestamp", "discarded"), [(2, 4), (0, 3)])
def test_a_set_maximum_and_a_change_apply_in_timestamp_order(sage_timestamp, discarded, tmp_path):
    """CR 613.11: five, then one more (Scrollkeeper later) is six; one more, then five is five."""
    choices = cleanup([{"id": "keeper", "card": "Minamo Scrollkeeper", "controller": "Alice", "timestamp": 1},
                       {"id": "sage", "card": "Five Sage", "controller": "Alice", "timestamp": sage_timestamp}],
                      tmp_path)
    assert choices == [(f"Alice discards {', '.join(['Island'] * discarded)} (CR 514.1)",)]


def test_effects_of_the_same_timestamp_whose_order_matters_are_refused(tmp_path):
    with pytest.raises(QueryError) as refused:
        cleanup([{"id": "tower", "card": "Reliquary Tower", "controller": "Alice", "timestamp": 3},
                 {"id": "nibbler", "card": "Thought Nibbler", "controller": "Alice", "timestamp": 3}], tmp_path)
    assert str(refused.value) == (
        "<board>: action 1 (pass): effects on Alice's maximum hand size have the same timestamp, and the order "
        "they apply in changes it (CR 613.11, 613.7): give their sources different timestamps")
