"""Alternative costs with a condition (CR 118.9): pay --spell gives their ways only while the
condition holds (asp/alternative_costs.lp), with cost changes on top (118.9d); next cast puts a
spell cast without paying its mana cost on the stack as such (107.3b).  The ruling cases are
tests/cases/payment/alternative-costs.yaml and tests/cases/next/additional-costs.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.errors import LimitExceeded

CARDS = Path(__file__).parent / "cases" / "payment" / "alternative-cards.yml"


def _board(battlefield, hand=()):
    return pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": list(hand)}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": battlefield}, [CARDS])


def test_a_cost_increase_on_a_free_alternative_is_refused_not_left_out():
    """CR 118.9d: Thalia makes casting Submerge without paying its mana cost cost {1}."""
    board = _board([{"card": "Island", "controller": "Alice"}, {"card": "Forest", "controller": "Bob"},
                    {"card": "Thalia, Guardian of Thraben", "controller": "Bob"}])
    with pytest.raises(LimitExceeded) as error:
        pysolver.api.pay(board, "Alice", spell="Submerge")
    assert error.value.detail == ("incomplete: thalia-guardian-of-thraben change the alternative cost 'without "
                                  "paying its mana cost' (CR 118.9d, 601.2f), which pay does not report")


def test_the_mana_cost_and_a_met_alternative_are_both_ways():
    board = _board([{"card": "Swamp", "controller": "Alice"}, {"card": "Swamp", "controller": "Alice"},
                    {"card": "Grizzly Bears", "controller": "Alice"}])
    result = pysolver.api.pay(board, "Alice", spell="Mind Swords")
    assert sorted((way.alternative, way.costs, way.paid) for way in result.ways) == [
        ("", (), "{1} with {B} from swamp, {B} with {B} from swamp-2"),
        ("", (), "{1} with {B} from swamp-2, {B} with {B} from swamp"),
        ("Sacrifice a creature", ("sacrifice grizzly-bears",), "")]


def test_next_casts_it_without_paying_its_mana_cost():
    board = _board([{"id": "island", "card": "Island", "controller": "Alice"},
                    {"id": "forest", "card": "Forest", "controller": "Bob"}], hand=["Submerge"])
    done, = pysolver.api.next_states(board, ["cast", "Submerge"])
    assert done.board["stack"] == [{"id": "submerge", "card": "Submerge", "controller": "Alice",
                                    "without_paying_mana_cost": True}]
    assert not done.board["battlefield"][0].get("tapped")
