"""A card's own replacement of being discarded by an opponent's spell or ability (CR 614.1a, 701.8a): "If a
spell or ability an opponent controls causes you to discard this card, put it onto the battlefield instead of
putting it into your graveyard".  Every discard `pysolver next` makes is its player's own or the cleanup step's,
which it doesn't apply to (tests/cases/next/discarded-by-opponent.yaml); one an opponent causes is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError
from pysolver.next_state import to_graveyard

CARDS = Path(__file__).parent / "cases" / "next" / "discarded-by-opponent.yml"
TEXT = ("If a spell or ability an opponent controls causes you to discard this card, put it onto the battlefield "
        "instead of putting it into your graveyard.")


def test_the_replacement_compiles():
    result = compile_card("Test Baloth", TEXT, "Creature — Beast")
    assert (result.status, result.card["discarded_by_opponent_instead"]) == ("ok", "battlefield")


@pytest.mark.parametrize("text", [
    TEXT.replace("put it onto the battlefield", "return it to your hand"),
    TEXT.replace("an opponent controls", "you control"),
])
def test_near_forms_left_not_understood(text):
    assert compile_card("Test Baloth", text, "Creature — Beast").status == "partial"


def _board():
    return pysolver.board_from_data({"players": [{"name": "Alice", "hand": ["Obstinate Baloth"]}, "Bob"],
                                     "battlefield": []}, [CARDS])


def test_a_discard_an_opponent_causes_is_refused():
    with pytest.raises(QueryError, match=r"an opponent's spell or ability makes Alice discard Obstinate Baloth, "
                                         r"which is put onto the battlefield instead \(CR 614.1a, 701.8a\)"):
        to_graveyard(_board(), "Alice", ["Obstinate Baloth"], [], by_opponent=True, hand=())


def test_its_own_discard_goes_to_the_graveyard():
    board = to_graveyard(_board(), "Alice", ["Obstinate Baloth"], [], hand=())
    assert [p.graveyard for p in board.players] == [("Obstinate Baloth",), ()]
