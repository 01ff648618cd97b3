"""Draw triggers on every draw but the first one a player draws in each of their draw steps (CR 504.1, 603.2), issue
13: "Whenever an opponent draws a card except the first one they draw in each of their draw steps".  The ruling cases
are tests/cases/next/draw-step-first.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import api
from pysolver.errors import QueryError

from helpers import lone_trigger

CARDS = Path(__file__).parent / "cases" / "next" / "draw-step-first.yml"


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever an opponent draws a card except the first one they draw in each of their draw steps, put a +1/+1 "
     "counter on ~.", {"event": "draw", "whose": "opponent", "not_first_in_draw_step": True}),
    ("Whenever a player draws a card except the first one they draw in each of their draw steps, you gain 1 life.",
     {"event": "draw", "whose": "any", "not_first_in_draw_step": True}),
])
def test_compiled(text, when):
    assert lone_trigger(text, "Creature — Orc", power="1", toughness="1")["when"] == when


def test_a_draw_later_in_the_draw_step_is_refused():
    """CR 504.1: in Bob's draw step a card he draws is not the first unless the turn-based draw was replaced, which
    the board doesn't say: refused rather than guessed."""
    board = pysolver.board_from_data({
        "players": ["Alice", {"name": "Bob", "hand": ["Test Quick Study"], "library": ["Island"]}],
        "turn": {"number": 4, "active": "Bob", "step": "draw"},
        "battlefield": [{"id": "scout", "card": "Test Sevateem Scout", "controller": "Alice"}]}, [CARDS])
    with pytest.raises(QueryError, match=r"Bob draws a card in their draw step, which may trigger scout's ability 1"):
        api.next_states(board, ["cast", "Test Quick Study", "resolve"])


def test_turn_refuses_the_draw_step_where_its_draw_may_be_two():
    """CR 504.1, 614.1a: with Phial of Galadriel ("If you would draw a card while you have no cards in hand, draw two
    cards instead") Bob's draw step's draw may be two draws, the second of which Alice's Scout triggers on; the turn
    doesn't follow it, so it refuses (without the Phial it is listed: draw-step-first.yaml)."""
    board = pysolver.board_from_data({
        "players": ["Alice", {"name": "Bob", "library": ["Island", "Island"]}],
        "turn": {"number": 4, "active": "Bob", "step": "upkeep"},
        "battlefield": [{"id": "scout", "card": "Test Sevateem Scout", "controller": "Alice"},
                        {"id": "phial", "card": "Phial of Galadriel", "controller": "Bob"}]},
        [CARDS, Path(__file__).parent / "fixtures" / "cards" / "oracle-replace.yaml"])
    with pytest.raises(QueryError) as raised:
        pysolver.turn(board)
    assert str(raised.value) == ("<board>: scout's triggered ability may trigger as the draw step's draw in turn 4's draw "
                                 "step (CR 504.1, 603.2), and the turn lists only what triggers as each step begins; ask "
                                 "pysolver next in that step")
