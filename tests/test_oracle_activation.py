"""Restrictions on activating abilities (CR 602.5; pysolver/cards/oracle_activation.py): what the
compiler makes of "Activated abilities of ... can't be activated unless they're mana abilities".
tests/cases/activation/restrictions.yaml asks can-activate."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card


@pytest.mark.parametrize("text, expected", [
    ("Activated abilities of sources with the chosen name can't be activated unless they're mana abilities.",
     {"affects": {"named_chosen": True}, "whose": "any"}),
    ("Activated abilities of lands your opponents control can't be activated unless they're mana abilities.",
     {"affects": {"types": ["Land"]}, "whose": "opponent"}),
])
def test_forbid_activating_compiles(text, expected):
    result = compile_card("Test Artifact", text, "Artifact")
    assert result.ok and result.card["abilities"] == [{"forbid_activating": expected}]


@pytest.mark.parametrize("text", [
    # mana abilities too (Pithing Needle's form): mana queries would have to read it
    "Activated abilities of sources with the chosen name can't be activated.",
    # a group the layer-6 reach can't judge (keywords and power are layers 6 and 7's own results)
    "Activated abilities of creatures with flying can't be activated.",
    "Activated abilities of creatures with power 4 or greater can't be activated.",
])
def test_restrictions_on_mana_abilities_are_not_read(text):
    result = compile_card("Test Artifact", text, "Artifact")
    assert not result.ok and result.sentences[0]["class"] == "not understood"


@pytest.mark.parametrize("text, affects, whose", [
    ("Activated abilities of artifacts can't be activated.", {"types": ["Artifact"]}, "any"),
    ("Activated abilities of creatures your opponents control can't be activated.", {"types": ["Creature"]},
     "opponent"),
    ("Activated abilities of artifacts, creatures, and planeswalkers can't be activated.",
     {"any_of": [{"types": ["Artifact"]}, {"types": ["Creature"]}, {"types": ["Planeswalker"]}]}, "any"),
])
def test_a_groups_ban_compiles_with_mana_abilities(text, affects, whose):
    """CR 602.5, 605.1a: no exception for mana abilities; asp/legality.lp judges it for every query that
    activates (tests/cases/activation/group-bans.yaml)."""
    result = compile_card("Test Creature", text, "Creature")
    assert result.ok and result.card["abilities"] == [
        {"static": {"affects": affects, "whose": whose, "cant_activate": "all"}}]
