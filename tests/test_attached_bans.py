"""An Aura's or Equipment's ban on activating the abilities of the permanent it is attached to
(CR 602.5), compiled from Oracle text (pysolver/cards/oracle_activation.py attached_cant_activate)
and judged by asp/legality.lp; the ruling cases are tests/cases/activation/arrest.yaml."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card

CREATURES = {"types": ["Creature"]}


@pytest.mark.parametrize("text, expected", [
    ("Enchanted creature can't attack or block, and its activated abilities can't be activated.",
     {"affects": CREATURES, "whose": "any", "enchanted": True, "cant_activate": "all"}),
    ("Enchanted creature's activated abilities can't be activated.",
     {"affects": CREATURES, "whose": "any", "enchanted": True, "cant_activate": "all"}),
    ("Enchanted creature can't attack or block, and its activated abilities with {T} in their costs can't be "
     "activated.", {"affects": CREATURES, "whose": "any", "enchanted": True, "cant_activate": "tap"}),
    ("Enchanted permanent doesn't untap during its controller's untap step and its activated abilities can't be "
     "activated.", {"affects": {}, "whose": "any", "enchanted": True, "cant_activate": "all", "doesnt_untap": True}),
    ("Enchanted creature gets -1/-1, and its activated abilities can't be activated.",
     {"affects": CREATURES, "whose": "any", "enchanted": True, "cant_activate": "all",
      "pt": {"power": -1, "toughness": -1}}),
])
def test_a_ban_compiles(text, expected):
    result = compile_card("Test Arrest", f"Enchant creature\n{text}", "Enchantment — Aura")
    assert result.ok, result.ignored
    assert [a["static"] for a in result.card["abilities"]] == [expected]


@pytest.mark.parametrize("text", [
    # crewing is tapping the creature for another permanent's cost: not this form
    "Enchanted permanent can't attack, block, or crew Vehicles, and its activated abilities can't be activated "
    "unless they're mana abilities.",
    "Its activated abilities can't be activated this turn.",  # an effect of a resolving ability
    "Enchanted creature can't attack or block, and its activated abilities can't be activated unless it's "
    "your turn.",
])
def test_other_bans_stay_not_understood(text):
    result = compile_card("Test Arrest", f"Enchant creature\n{text}", "Enchantment — Aura")
    assert result.status == "partial" and result.ignored == [text]


def test_a_special_action_that_ignores_the_ban_is_not_understood():
    """CR 116.2d: "Its controller may exile three cards from their graveyard for that player to ignore this
    effect until end of turn": the ban may end, which can-activate can't judge; the card is partial."""
    ignore = ("Its controller may exile three cards from their graveyard for that player to ignore this effect until "
              "end of turn.")
    result = compile_card("Lost in Thought", "Enchant creature\nEnchanted creature can't attack or block, and its "
                          f"activated abilities can't be activated. {ignore}", "Enchantment — Aura")
    assert result.status == "partial" and result.ignored == [ignore]
