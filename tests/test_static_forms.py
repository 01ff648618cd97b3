"""Static abilities of permanents with issue 13's general conditions and counts
(pysolver/cards/oracle_static.py, oracle_pt.py; asp/static_conditions.lp, asp/power_toughness.lp):
what each form compiles to, the near forms that stay not understood, and what the payment search
refuses.  The ruling cases are tests/cases/oracle/static-forms.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import api
from pysolver.cards.oracle import compile_card
from pysolver.errors import LimitExceeded

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-static-forms.yaml"
LIFE_RIDERS = Path(__file__).parent / "cases" / "next" / "life-riders.yml"
SELF = {"affects": {}, "whose": "any", "self": True}


def static_of(text: str, type_line: str = "Creature — Kavu", **stats: str) -> dict:
    result = compile_card("Test Kavu", text, type_line, **({"power": "2", "toughness": "2"} | stats))
    assert result.ok, result.ignored
    (ability,) = result.card["abilities"]
    return ability["static"]


@pytest.mark.parametrize("condition, judged", [
    ("you gained life this turn", {"if_life_gained": {"at_least": 1}}),
    ("you've gained three or more life this turn", {"if_life_gained": {"at_least": 3}}),
    ("an opponent has three or more poison counters", {"if_poison": {"whose": "opponent", "at_least": 3}}),
    ("an opponent is poisoned", {"if_poison": {"whose": "opponent", "at_least": 1}}),
])
def test_a_board_condition_compiles(condition, judged):
    assert static_of(f"Test Kavu gets +1/+1 as long as {condition}.") == {
        **SELF, "pt": {"power": 1, "toughness": 1}, **judged}


@pytest.mark.parametrize("condition", [
    "you gained exactly three life this turn",
    "you have three or more poison counters",  # its controller's own: no such form
    "an opponent lost life this turn",
])
def test_near_board_conditions_stay_not_understood(condition):
    assert compile_card("Test Kavu", f"Test Kavu gets +1/+1 as long as {condition}.", "Creature — Kavu").status == \
        "partial"


def test_an_opponent_poisoned_grants_infect():
    """CR 122.1f: "poisoned" is one or more poison counters; the keyword is granted while some opponent is."""
    from pysolver import facts, solver

    def keywords(poison: int) -> set[str]:
        board = pysolver.board_from_data({"players": ["Alice", {"name": "Bob", "poison": poison}], "battlefield": [
            {"id": "v", "card": "Viridian Betrayers", "controller": "Alice"}]}, [CARDS])
        grounded = solver.ground(facts.board_facts(board))
        return {str(a.arguments[1]).strip('"') for a in grounded.atoms("has_keyword", 2)}

    assert keywords(1) == {"infect"}
    assert keywords(0) == set()


def test_life_gained_read_beside_a_life_gaining_mana_ability_is_refused():
    """CR 119.3, 611.3a: the life Test Henge Land's ability gains would turn Thornfist Striker's bonus on
    during the search (Test Power Elf's mana then grows), which the search doesn't follow: refused."""
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "henge", "card": "Test Henge Land", "controller": "Alice"},
        {"id": "striker", "card": "Thornfist Striker", "controller": "Alice"},
        {"id": "elf", "card": "Test Power Elf", "controller": "Alice"}]}, [CARDS, LIFE_RIDERS])
    with pytest.raises(LimitExceeded) as refused:
        api.pay(board, "Alice", "{G}{G}{G}")
    assert "henge's mana ability 1 makes Alice gain life" in str(refused.value)
