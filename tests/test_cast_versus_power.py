"""Cast triggers on a spell whose mana value compares with its source's power or toughness ("Whenever an opponent
casts a noncreature spell with mana value less than ~'s power", CR 603.2, 202.3, 208.1), issue 13: the comparison is
judged as the spell becomes cast (asp/actions.lp).  The ruling cases are tests/cases/next/cast-versus-power.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import api
from pysolver.errors import QueryError

from helpers import lone_trigger

CARDS = Path(__file__).parent / "cases" / "next" / "cast-versus-power.yml"


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever an opponent casts a noncreature spell with mana value less than ~'s power, draw a card.",
     {"event": "cast", "filter": {"not_types": ["Creature"]}, "whose": "opponent",
      "mana_value_vs": {"compare": "less", "stat": "power"}}),
    ("Whenever you cast a spell with mana value greater than ~'s toughness, you gain 1 life.",
     {"event": "cast", "whose": "you", "mana_value_vs": {"compare": "greater", "stat": "toughness"}}),
    ("Whenever a player casts a creature spell with mana value less than or equal to ~'s power, you gain 1 life.",
     {"event": "cast", "filter": {"types": ["Creature"]}, "whose": "any",
      "mana_value_vs": {"compare": "at_most", "stat": "power"}}),
])
def test_mana_value_against_the_source(text, when):
    assert lone_trigger(text, "Creature — Frog", power="2", toughness="2")["when"] == when


def test_x_spell_refused():
    """CR 202.3e: on the stack a spell's X is its value, which the rules' card mana value leaves out: refused."""
    board = pysolver.board_from_data({
        "players": ["Alice", {"name": "Bob", "hand": ["Test Blast"], "mana_pool": "{C}{C}{C}"}],
        "turn": {"number": 4, "active": "Bob", "step": "precombat_main"},
        "battlefield": [{"id": "savant", "card": "Test Pond Savant", "controller": "Alice"}]}, [CARDS])
    with pytest.raises(QueryError, match=r"looks for a spell by its mana value, which counts X = 2 on the stack"):
        api.next_states(board, ["cast", "Test Blast", "x=2"])
