"""Abilities that trigger on a permanent put into its owner's graveyard (issue 13,
pysolver/cards/oracle_leaves.py owners_graveyard_form): "into your graveyard", "into an opponent's
graveyard", "a permanent owned by another player" (CR 400.3, 108.3, 603.10a).  The ruling cases are
tests/cases/next/owners-graveyard.yaml."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card


@pytest.mark.parametrize(("text", "when", "effect"), [
    ("Whenever an artifact or enchantment is put into your graveyard from the battlefield, you gain 1 life.",
     {"event": "put_into_graveyard", "filter": {"any_of": [{"types": ["Artifact"]}, {"types": ["Enchantment"]}]},
      "whose": "any", "graveyard": "you"},
     {"do": [{"gain_life": 1}], "text": "you gain 1 life"}),
    # "its toughness" is the creature's, not the source's: its text only
    ("Whenever a creature is put into an opponent's graveyard from the battlefield, you gain life equal to its "
     "toughness.",
     {"event": "put_into_graveyard", "filter": {"types": ["Creature"]}, "whose": "any", "graveyard": "opponent"},
     {"text": "you gain life equal to its toughness"}),
    ("Whenever a permanent owned by another player is put into a graveyard from the battlefield, you draw a card.",
     {"event": "put_into_graveyard", "filter": {}, "whose": "any", "graveyard": "opponent"},
     {"do": [{"draw": 1}], "text": "you draw a card"}),
    ("Whenever a nontoken creature is put into your graveyard from the battlefield, you gain 1 life.",
     {"event": "put_into_graveyard", "filter": {"token": False, "types": ["Creature"]}, "whose": "any",
      "graveyard": "you"},
     {"do": [{"gain_life": 1}], "text": "you gain 1 life"}),
])
def test_owners_graveyard_forms(text, when, effect):
    """CR 400.3: the graveyard named is the permanent's owner's, relative to the ability's controller."""
    result = compile_card("Watcher", text, "Enchantment")
    assert (result.status, result.ignored) == ("ok", [])
    assert result.card["abilities"] == [{"triggered": {"when": when, **effect}}]


def test_an_intervening_if_on_the_source_stays_not_understood():
    """CR 603.4: "if ~ is an enchantment" about its source is no condition of the form."""
    text = "When a creature is put into an opponent's graveyard from the battlefield, if Watcher is an enchantment, " \
           "you gain 1 life."
    result = compile_card("Watcher", text, "Enchantment")
    assert (result.status, result.ignored) == ("partial", [text.replace("Watcher", "~")])
