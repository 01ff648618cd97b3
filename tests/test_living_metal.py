"""Living metal (CR 702.161a) means "During your turn, this permanent is an artifact creature in addition to its other
types": the keyword compiles to that static ability (layer 4 while its controller is the active player, 613.1d,
611.3a), through the form that reads the sentence printed.  Before, the keyword was not understood (Jetfire, Air
Guardian, Starscream, Seeker Leader, Arcee, Acrobatic Coupe, Flamewar, Streetwise Operative, Ultra Magnus, Armored
Carrier partial)."""

from __future__ import annotations

import pytest

from helpers import write_inputs
from pysolver.cards.oracle import compile_card

HAULER = "Living metal (During your turn, this Vehicle is also a creature.)\n{T}: Add {C}.\nCrew 1"


def test_living_metal_is_a_creature_during_your_turn():
    result = compile_card("Test Hauler", HAULER, "Artifact — Vehicle", mana_cost="{2}", power="2", toughness="2")
    assert result.status == "ok"
    assert result.card["abilities"] == [
        {"static": {"affects": {}, "whose": "any", "self": True, "add_types": ["Creature"], "if": "your_turn"}},
        {"mana": {"cost": ["{T}"], "add": {"mana": "{C}"}}}]


@pytest.mark.parametrize("active, out", [
    ("Alice", "no: Test Hauler (hauler), ability 2: {T}: Add {C}.\n  302.6: Test Hauler has not been under Alice's "
              "control continuously since Alice's most recent turn began\n"),
    ("Bob", "yes: Test Hauler (hauler), ability 2: {T}: Add {C}.\n"),
])
def test_its_tap_ability_is_summoning_sick_only_during_its_controllers_turn(cli, tmp_path, active, out):
    """CR 302.6: it came under Alice's control this turn; a creature during her turn, so its {T} ability can't be
    activated then, and can during Bob's, when it is no creature."""
    card = compile_card("Test Hauler", HAULER, "Artifact — Vehicle", mana_cost="{2}", power="2", toughness="2").card
    board, cards = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [card]}, board=f"""\
        players: [Alice, Bob]
        turn: {{number: 3, active: {active}, step: precombat_main}}
        battlefield:
        - {{id: hauler, card: Test Hauler, controller: Alice, entered: {{turn: 3, step: upkeep}}}}
        """)
    assert cli("can-activate", board, "hauler", "--cards", cards) == (0, out, "")
