"""A triggered ability a mana ability's costs set off (a discard, a sacrifice, a tap) that has no target and could add
mana is a mana ability itself (CR 605.1b): it resolves at once, off the stack (605.4a).  next puts a payment's
triggers on the stack, so it refuses where one whose effect it keeps as text may add mana; a trigger that adds
none still goes on the stack (605.5a: only a mana-adding one is a mana ability)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.errors import QueryError
from pysolver.next_state import next_states, parse_actions

CARDS = Path(__file__).parent / "fixtures" / "cards" / "triggered-mana-in-payment.yaml"


def board(*permanents: tuple[str, str], hand: tuple[str, ...] = ()):
    return pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": list(hand)}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": ident, "card": card, "controller": "Alice", "continuous_control": True}
                        for ident, card in permanents]}, [CARDS])


@pytest.mark.parametrize(("permanents", "hand", "text"), [
    ((("engine", "Test Discard Engine"), ("rock", "Test Discard Rock")), ("Forest",), "add {R}"),
    ((("engine", "Test Death Engine"), ("rock", "Test Altar"), ("bear", "Test Bear")), (), "add {B}"),
    ((("engine", "Test Tap Engine"), ("rock", "Test Elf")), (), "add {G}"),  # its {T} cost: becomes tapped
])
def test_a_trigger_of_a_mana_abilitys_cost_that_may_add_mana_is_refused(permanents, hand, text):
    with pytest.raises(QueryError) as caught:
        next_states(board(*permanents, hand=hand), parse_actions(["activate", "rock"]))
    assert caught.value.detail == (
        f"engine's ability 1 triggers as mana abilities are activated and may add mana ('{text}'): a triggered "
        "mana ability (CR 605.1b) resolves at once, off the stack (605.4a), which next doesn't follow")


def test_a_trigger_of_a_mana_abilitys_cost_that_adds_no_mana_goes_on_the_stack():
    (result,) = next_states(board(("scholar", "Test Discard Scholar"), ("rock", "Test Discard Rock"),
                                  hand=("Forest",)), parse_actions(["activate", "rock"]))
    assert result.events == (
        "Alice activates rock's mana ability 1 [Discard a card: Add {R}.]: adds {R} (CR 605.3b, 106.4)",
        "Alice discards Forest (a mana ability's cost, CR 602.2b, 701.8a)",
        "put scholar-1 (Test Discard Scholar, scholar:1) on the stack")
