"""Boast (CR 702.142a): "Boast — [Cost]: [Effect]" means "[Cost]: [Effect]. Activate only if this creature attacked this
turn and only once each turn."  The line compiles as that activated ability, its limit kept unjudged (no board records
whether the creature attacked this turn): can-activate and `next activate` refuse it, naming the reason.  Before, the
line was not understood (Axgard Braggart, Battershield Warrior, Goldmaw Champion, Duskwielder, Hagi Mob, Tuskeri
Firewalker partial)."""

from __future__ import annotations

import pytest

from helpers import write_inputs
from pysolver.cards.oracle import compile_card
from pysolver.cards.oracle_words import BOAST

REMINDER = " (Activate only if this creature attacked this turn and only once each turn.)"


@pytest.mark.parametrize("line, ability", [
    ("Boast — {1}{W}: Creatures you control get +1/+1 until end of turn.",
     {"cost": ["{1}{W}"], "text": "Creatures you control get +1/+1 until end of turn.", "unjudged": [BOAST]}),
    ("Boast — {1}{R}: Test Mob deals 1 damage to any target.",
     {"cost": ["{1}{R}"], "targets": [{"zone": "any_target", "text": "any target"}],
      "do": [{"damage": {"amount": 1, "target": 1}}], "text": "~ deals 1 damage to any target.", "unjudged": [BOAST]}),
])
def test_a_boast_ability_is_an_activated_ability_with_its_limit_unjudged(line, ability):
    result = compile_card("Test Mob", line + REMINDER, "Creature — Troll Warrior", power="3", toughness="3")
    assert (result.status, result.card["abilities"]) == ("ok", [{"activated": ability}])


def test_a_boast_mana_ability_stays_refused():
    """A mana ability has no such limit the mana queries judge: the card is unsupported, as before."""
    assert compile_card("Test Mob", "Boast — {1}: Add {R}." + REMINDER, "Creature — Troll").status == "unsupported"


def test_can_activate_and_next_refuse_it(cli, tmp_path):
    card = compile_card("Test Mob", "Boast — {1}{R}: Test Mob deals 1 damage to any target." + REMINDER,
                        "Creature — Troll Warrior", mana_cost="{2}{R}", power="3", toughness="3").card
    board, cards = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [card]}, board="""\
        players: [{name: Alice, mana_pool: '{R}{R}'}, Bob]
        turn: {number: 3, active: Alice, step: postcombat_main}
        battlefield:
        - {id: mob, card: Test Mob, controller: Alice}
        """)
    why = (f"mob (Test Mob) ability 1: '{BOAST}' is not modelled, so whether it can be activated now is unknown\n")
    code, out, err = cli("can-activate", board, "mob", "--cards", cards)
    assert (code, out, err) == (2, "", f"error: {board}: --ability: {why}")
    code, out, err = cli("next", board, "activate", "mob", "1", "--cards", cards)
    assert (code, out, err) == (2, "", f"error: {board}: action 1 (activate mob 1): {why}")
