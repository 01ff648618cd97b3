"""Umbra armor (CR 702.89a) where the rules of destruction don't follow it: refused with the reason,
never answered as if the permanent were destroyed (tests/cases/next/umbra-armor.yaml: where they do); and
beside a shield counter, which replaces only a destruction by an effect (122.1c)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.errors import QueryError

CASES = Path(__file__).parent / "cases" / "next"
UMBRAS = CASES / "umbra-armor.yml"
SHIELDED = Path(__file__).parent / "fixtures" / "cards" / "compiled-enters.yaml"


def test_outcomes_refuse_an_umbra_guarded_permanent_destroyed_at_random():
    """Haphazard Bombardment may pick the Bears, whose Aura with umbra armor would replace its destruction
    (CR 702.89a, 614.1a): outcomes' stages don't follow that, so outcomes refuses."""
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 4, "active": "Alice", "step": "end"},
        "battlefield": [{"id": "hb", "card": "Haphazard Bombardment", "controller": "Alice"},
                        {"id": "bears", "card": "Grizzly Bears", "controller": "Bob", "counters": {"aim": 1}},
                        {"id": "forest", "card": "Forest", "controller": "Bob", "counters": {"aim": 1}},
                        {"id": "umbra", "card": "Test Umbra", "controller": "Bob",
                         "attached_to": {"permanent": "bears"}}]}, [UMBRAS])
    with pytest.raises(QueryError) as caught:
        pysolver.outcomes(board)
    assert str(caught.value) == (
        "<board>: bears may be picked to be destroyed at random, and an Aura with umbra armor would replace its "
        "destruction (CR 702.89a, 614.1a), which outcomes doesn't follow there")


@pytest.mark.parametrize("auras, counters", [(["hyena", "umbra"], {}), (["umbra"], {"shield": 1})])
def test_next_refuses_a_choice_of_replacements_of_a_targeted_destruction(auras, counters):
    """Murder would destroy the Bears: two Auras with umbra armor, or one beside a shield counter (CR 122.1c),
    would each replace it, and its controller chooses the one that applies (616.1): not judged, refused."""
    cards = {"hyena": "Hyena Umbra", "umbra": "Test Umbra"}
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": ["Murder"], "mana_pool": "{B}{B}{B}"}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "bears", "card": "Grizzly Bears", "controller": "Bob", "counters": counters}]
        + [{"id": aura, "card": cards[aura], "controller": "Bob", "attached_to": {"permanent": "bears"}}
           for aura in auras]}, [UMBRAS, CASES / "targets.yml"])
    with pytest.raises(QueryError) as caught:
        pysolver.api.next_states(board, ["cast", "Murder", "target=bears", "resolve"])
    assert str(caught.value).endswith(
        "Grizzly Bears (bears) would be destroyed, and more than one replacement effect (umbra armor, a shield "
        "counter) would apply: the one its controller chooses (CR 702.89a, 122.1c, 616.1) isn't judged")


def test_next_applies_umbra_armor_beside_a_shield_counter_in_state_based_actions():
    """State-based actions would destroy the Bears (704.5g); a shield counter replaces only a destruction that
    is the result of an effect (CR 122.1c), so umbra armor is the one replacement that applies, and the shield
    counter stays."""
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "bears", "card": "Grizzly Bears", "controller": "Bob", "damage": 2,
                         "counters": {"shield": 1}},
                        {"id": "umbra", "card": "Test Umbra", "controller": "Bob",
                         "attached_to": {"permanent": "bears"}}]}, [UMBRAS])
    [after] = pysolver.api.next_states(board, ["check"])
    assert list(after.events) == [
        "bears would be destroyed: instead all damage marked on it is removed and umbra is destroyed (umbra armor, "
        "CR 702.89a, 614.1a)", "destroy umbra (umbra armor, CR 702.89a)"]
    assert after.board["battlefield"] == [{"id": "bears", "card": "Grizzly Bears", "controller": "Bob",
                                           "counters": {"shield": 1}, "timestamp": 1}]
