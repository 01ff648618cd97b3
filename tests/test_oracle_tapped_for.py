"""Triggered mana abilities on being tapped for mana of one type (issue 13, CR 106.12a):
"Whenever you tap a permanent for {C}, add an additional {C}"; the fixture
tests/fixtures/cards/oracle-tapped-for.yaml (used by tests/cases/mana/tapped-for-type.yaml) is exactly
what the compiler makes."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card

FIXTURE = Path(__file__).parent / "fixtures" / "cards" / "oracle-tapped-for.yaml"


@pytest.mark.parametrize("text, trigger", [
    ("Whenever you tap a permanent for {C}, add an additional {C}.",
     {"tapped": {}, "tapper": "you", "tapped_for": "C", "add": {"mana": "{C}"}}),
    ("Whenever you tap a land for {C}, add an additional {C}.",
     {"tapped": {"types": ["Land"]}, "tapper": "you", "tapped_for": "C", "add": {"mana": "{C}"}}),
    ("Whenever a Forest is tapped for {G}, its controller adds an additional {G}.",
     {"tapped": {"subtypes": ["Forest"]}, "tapper": "any", "tapped_for": "G", "add": {"mana": "{G}"}}),
    ("Whenever a player taps a land for mana, that player adds an additional {C}.",
     {"tapped": {"types": ["Land"]}, "tapper": "any", "add": {"mana": "{C}"}}),
])
def test_tapped_for_a_type(text, trigger):
    result = compile_card("Test Card", text, "Artifact")
    assert (result.status, result.problems, result.has_mana_ability) == ("ok", [], True)
    assert result.card["abilities"] == [{"mana_trigger": trigger}]


