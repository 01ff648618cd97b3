"""Changes of power and toughness (CR 613.4c) whose condition is on the object they affect, read
as its filter ("Enchanted creature gets +2/+2 as long as it's a Vampire", "Each land gets +2/+2 as
long as it's a creature", "As long as equipped creature is a Human, it gets an additional +1/+1",
CR 611.3a), and beside words that only combat reads (CR 508.1, 509.1); pysolver/cards/oracle_pt.py.
The ruling cases are tests/cases/oracle/pt-conditions.yaml."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card

ATTACHED = {"whose": "any", "enchanted": True}


@pytest.mark.parametrize("text, expected", [
    ("Enchanted creature gets +2/+2 as long as it's a Vampire.",
     {"affects": {"types": ["Creature"], "subtypes": ["Vampire"]}, **ATTACHED, "pt": {"power": 2, "toughness": 2}}),
    ("Enchanted creature gets +1/+2 as long as it's white.",
     {"affects": {"types": ["Creature"], "colors": ["W"]}, **ATTACHED, "pt": {"power": 1, "toughness": 2}}),
    ("Each land gets +2/+2 as long as it's a creature.",
     {"affects": {"types": ["Creature", "Land"]}, "whose": "any", "pt": {"power": 2, "toughness": 2}}),
    ("As long as equipped creature is a Human, it gets an additional +1/+1.",
     {"affects": {"types": ["Creature"], "subtypes": ["Human"]}, **ATTACHED, "pt": {"power": 1, "toughness": 1}}),
    ("Enchanted creature gets +3/+2, has haste, and attacks each combat if able.",
     {"affects": {"types": ["Creature"]}, **ATTACHED, "pt": {"power": 3, "toughness": 2},
      "grant_keywords": ["Haste"]}),
    ("Enchanted creature gets +3/+3, must be blocked if able, and is goaded.",
     {"affects": {"types": ["Creature"]}, **ATTACHED, "pt": {"power": 3, "toughness": 3}}),
    ("Enchanted creature gets +0/+2 and assigns combat damage equal to its toughness rather than its power.",
     {"affects": {"types": ["Creature"]}, **ATTACHED, "pt": {"power": 0, "toughness": 2}}),
    ("Enchanted creature gets +2/+2, has vigilance, and can block an additional creature each combat.",
     {"affects": {"types": ["Creature"]}, **ATTACHED, "pt": {"power": 2, "toughness": 2},
      "grant_keywords": ["Vigilance"]}),
])
def test_the_condition_or_the_combat_words_compile(text, expected):
    result = compile_card("Test Aura", f"Enchant creature\n{text}", "Enchantment — Aura")
    assert result.ok, result.ignored
    assert [a["static"] for a in result.card["abilities"]] == [expected]


def test_a_bonus_only_while_attacking_is_irrelevant():
    """No board states attackers (CR 508.1): the condition never holds on a board."""
    result = compile_card("Test Aura", "Enchant creature\nEnchanted creature gets +3/+0 as long as it's attacking.",
                          "Enchantment — Aura")
    assert result.ok and "abilities" not in result.card
    assert result.sentences[-1]["class"] == "irrelevant"


@pytest.mark.parametrize("text", [
    "Test Aura gets +2/+2 as long as it's a Vampire.",  # its own type: a condition no rule reads
    "Enchanted creature gets +1/+1, has flying, haste, and attacks each combat if able.",  # a list split by commas
    "Enchanted creature gets +1/+1, attacks each combat if able, and has flying.",  # the grant after combat words
    "Enchanted creature gets +2/+2 as long as it's a token.",
])
def test_other_conditions_stay_not_understood(text):
    result = compile_card("Test Aura", f"Enchant creature\n{text}", "Enchantment — Aura")
    assert result.status == "partial" and result.ignored == [text.replace("Test Aura", "~")]
