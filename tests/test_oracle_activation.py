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
    "Activated abilities of artifacts can't be activated.",
])
def test_restrictions_on_mana_abilities_are_not_read(text):
    result = compile_card("Test Artifact", text, "Artifact")
    assert not result.ok and result.sentences[0]["class"] == "not understood"
