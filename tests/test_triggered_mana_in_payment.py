"""A triggered ability a mana ability's costs set off (a discard, a sacrifice, a tap) that has no target and could add
mana is a mana ability itself (CR 605.1b): it resolves at once, off the stack (605.4a), and its mana may pay the
same cost.  Where its effect is kept as text, every query that activates mana abilities refuses where one of the
player's may trigger (pysolver.triggered_mana: mana, available and pay left its mana out before); a trigger that
adds none still goes on the stack (605.5a: only a mana-adding one is a mana ability)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.errors import LimitExceeded
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
    refusal = (f"incomplete: engine's ability 1 (\"{text}\") may trigger as Alice's mana abilities are activated and "
               "add mana: a triggered mana ability (CR 605.1b) resolves at once (605.4a), which no rule here "
               "follows")
    on = board(*permanents, hand=hand)
    for ask in (lambda: next_states(on, parse_actions(["activate", "rock"])), lambda: pysolver.available(on, "Alice"),
                lambda: pysolver.api.pay(on, "Alice", "{1}"), lambda: pysolver.mana_outcomes(on, "rock")):
        with pytest.raises(LimitExceeded) as caught:
            ask()
        assert caught.value.detail == refusal


@pytest.mark.parametrize(("permanents", "hand"), [
    ((("engine", "Test Death Engine"), ("forest", "Forest")), ()),  # no mana ability sacrifices
    ((("engine", "Test Discard Engine"), ("forest", "Forest")), ("Island",)),  # none discards
    ((("emissary", "Test Emissary"), ("forest", "Forest")), ()),  # no mana ability makes a permanent enter
])
def test_a_trigger_that_may_add_mana_that_no_mana_ability_sets_off_is_answered(permanents, hand):
    """CR 605.1b: where the player's mana abilities can't cause its event (none makes a permanent enter; no cost of
    theirs sacrifices or discards; for a card of some types, no card of their hand is one:
    tests/cases/next/discard-cards.yaml's Bone Miser), the trigger takes no part in the payment: available answers."""
    pools = pysolver.available(board(*permanents, hand=hand), "Alice")
    assert [str(pool) for pool in pools.pools] == ["{G}"]


def test_a_trigger_of_a_mana_abilitys_cost_that_adds_no_mana_goes_on_the_stack():
    (result,) = next_states(board(("scholar", "Test Discard Scholar"), ("rock", "Test Discard Rock"),
                                  hand=("Forest",)), parse_actions(["activate", "rock"]))
    assert result.events == (
        "Alice activates rock's mana ability 1 [Discard a card: Add {R}.]: adds {R} (CR 605.3b, 106.4)",
        "Alice discards Forest (a mana ability's cost, CR 602.2b, 701.8a)",
        "put scholar-1 (Test Discard Scholar, scholar:1) on the stack")


def test_the_mana_query_reads_the_costs_of_the_ability_asked_about():
    """CR 605.1b: mana asks about one ability: the Forest's {T} discards nothing, so the Engine's "Whenever you discard
    a card, add {R}" can't trigger from it and the Forest gives {G}; the Rock's discard would set it off (refused
    above)."""
    result = pysolver.mana_outcomes(board(("engine", "Test Discard Engine"), ("rock", "Test Discard Rock"),
                                          ("forest", "Forest"), hand=("Island",)), "forest")
    assert [str(outcome.symbols) for outcome in result.outcomes] == ["{G}"]
