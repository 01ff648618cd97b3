"""Static abilities that skip steps (CR 614.1b, 614.10): what the Oracle compiler makes of them
(pysolver/cards/oracle_replace.py).  The answers are ruling cases: tests/cases/turn/skip-forms.yaml."""

from __future__ import annotations

import pytest

from pysolver.cards import oracle


@pytest.mark.parametrize("text, step, players", [
    ("Skip your draw step.", "draw", "you"),
    ("Skip your untap step.", "untap", "you"),
    ("Each player skips their untap step.", "untap", "each"),
    ("Players skip their upkeep steps.", "upkeep", "each"),
    ("Each opponent skips their untap step.", "untap", "opponent"),
    ("Your opponents skip their draw steps.", "draw", "opponent"),
])
def test_skip_forms(text, step, players):
    result = oracle.compile_card("Test Card", text, "Enchantment")
    assert result.ok, result.ignored
    assert result.card["abilities"] == [{"skip": {"steps": [step], "players": players}}]


@pytest.mark.parametrize("text", [
    "Skip your next draw step.",
    "Each player skips their next untap step.",
    "Skip your combat phase.",
])
def test_other_skips_stay_not_understood(text):
    result = oracle.compile_card("Test Card", text, "Enchantment")
    assert result.status == "partial" and result.ignored == [text]
