"""A permanent's replacement of other permanents dying or being put into a graveyard from the battlefield
(CR 614.1a, 614.6, 700.4): what the compiler makes of "If a creature an opponent controls would die, exile it
instead" and its near shapes, and what it leaves not understood.  The ruling cases are
tests/cases/next/others-exiled.yaml."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card


@pytest.mark.parametrize(("text", "replacement"), [
    ("If a creature an opponent controls would die, exile it instead.",
     {"event": "dies", "whose": "opponent", "filter": {"types": ["Creature"]}}),
    ("If a nontoken creature an opponent controls would die, exile it instead.",
     {"event": "dies", "whose": "opponent", "filter": {"token": False, "types": ["Creature"]}}),
    ("If another creature would die, exile it instead.",
     {"event": "dies", "whose": "any", "filter": {"types": ["Creature"], "other": True}}),
    ("If a permanent would be put into a graveyard, exile it instead.",
     {"event": "graveyard", "whose": "any", "filter": {}}),
    ("If an artifact you control would be put into a graveyard from the battlefield, exile it instead.",
     {"event": "graveyard", "whose": "you", "filter": {"types": ["Artifact"]}}),
])
def test_others_exiled_forms(text, replacement):
    result = compile_card("Exiler", text, "Enchantment")
    assert (result.status, result.card["abilities"]) == ("ok", [{"exiled_instead": replacement}])


@pytest.mark.parametrize("text", [
    # what happened this turn, another zone instead, an artifact that "dies" (700.4)
    "If a creature dealt damage by this creature this turn would die, exile it instead.",
    "If a creature an opponent controls would die, put it on top of its owner's library instead.",
    "If an artifact would die, exile it instead.",
])
def test_forms_left_not_understood(text):
    assert compile_card("Exiler", text, "Enchantment").status == "partial"


@pytest.mark.parametrize(("text", "replacement"), [
    ("If a card or token would be put into your graveyard from anywhere, exile it instead.",
     {"whose": "you", "filter": {}}),
    ("If a card would be put into an opponent's graveyard from anywhere, exile it instead.",
     {"whose": "opponent", "filter": {"token": False}}),
    ("If an instant or sorcery card would be put into a graveyard from anywhere, exile it instead.",
     {"whose": "any", "filter": {"any_of": [{"types": ["Instant"]}, {"types": ["Sorcery"]}]}}),
    ("If a card would be put into your graveyard from anywhere, exile that card instead.",
     {"whose": "you", "filter": {"token": False}}),
    ("If a black or red permanent, spell, or card not on the battlefield would be put into a graveyard, exile it "
     "instead.", {"whose": "any", "filter": {"any_of": [{"colors": ["B"]}, {"colors": ["R"]}]}}),
])
def test_exiled_from_anywhere_forms(text, replacement):
    """CR 614.1a, 614.6: cards (and tokens) from anywhere (ruling cases: tests/cases/next/exiled-from-anywhere.yaml)."""
    result = compile_card("Exiler", text, "Enchantment")
    assert (result.status, result.card["abilities"]) == ("ok", [{"exiled_from_anywhere": replacement}])


@pytest.mark.parametrize("text", [
    # a kind a permanent may have: its printed types or the permanent's (CR 110.4) isn't read; what it controlled
    "If a creature card would be put into a graveyard from anywhere, exile it instead.",
    "If a nonland card would be put into your graveyard from anywhere, exile it instead.",
    "If a card you didn't control would be put into an opponent's graveyard from anywhere, exile it instead.",
    "If a card or token would be put into your graveyard from anywhere, put it on the bottom of your library instead.",
])
def test_from_anywhere_forms_left_not_understood(text):
    assert compile_card("Exiler", text, "Enchantment").status == "partial"
