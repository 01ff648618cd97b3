"""Abilities that trigger on another permanent becoming tapped or being tapped for mana (issue 13,
pysolver/cards/oracle_tapping.py): what each form compiles to (CR 603.2, 603.2e, 106.12a, 605.5a),
and the sentences it leaves not understood.  The ruling cases are tests/cases/next/tapped-watchers.yaml."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card


def triggered(text: str, type_line: str = "Enchantment") -> dict:
    result = compile_card("Watcher", text, type_line)
    assert (result.status, result.ignored) == ("ok", []), result.ignored
    [ability] = result.card["abilities"]
    return ability["triggered"]


@pytest.mark.parametrize(("text", "expected"), [
    ("Whenever an Island an opponent controls becomes tapped, you may gain 1 life.",
     {"when": {"event": "becomes_tapped", "filter": {"subtypes": ["Island"]}, "whose": "opponent"},
      "do": [{"gain_life": 1}], "may": True, "text": "you may gain 1 life"}),
    ("Whenever a Merfolk you control becomes tapped, you may gain 1 life.",
     {"when": {"event": "becomes_tapped", "filter": {"subtypes": ["Merfolk"]}, "whose": "you"},
      "do": [{"gain_life": 1}], "may": True, "text": "you may gain 1 life"}),
    # "it" is the land tapped, not the source: the effect keeps its text (next refuses to resolve it)
    ("When enchanted land becomes tapped, destroy it.",
     {"when": {"event": "becomes_tapped", "attached": True}, "text": "destroy it"}),
    ("Whenever enchanted creature becomes tapped, put a -0/-2 counter on it.",
     {"when": {"event": "becomes_tapped", "attached": True}, "text": "put a -0/-2 counter on it"}),
    ("Whenever fortified land becomes tapped, you draw a card.",
     {"when": {"event": "becomes_tapped", "attached": True}, "do": [{"draw": 1}], "text": "you draw a card"}),
    ("Whenever another creature you control becomes tapped, you gain 1 life.",
     {"when": {"event": "becomes_tapped", "filter": {"types": ["Creature"], "other": True}, "whose": "you"},
      "do": [{"gain_life": 1}], "text": "you gain 1 life"}),
])
def test_becomes_tapped_forms(text, expected):
    """CR 603.2, 603.2e: the permanent it is attached to, or one of a kind and controller."""
    assert triggered(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Whenever a player taps a land for mana, Watcher deals 1 damage to that player.",
     {"when": {"event": "tapped_for_mana", "tapped": {"types": ["Land"]}, "tapper": "any"},
      "text": "Watcher deals 1 damage to that player"}),
    ("Whenever an opponent taps a Mountain for mana, you may gain 1 life.",
     {"when": {"event": "tapped_for_mana", "tapped": {"subtypes": ["Mountain"]}, "tapper": "opponent"},
      "text": "you may gain 1 life"}),
    ("Whenever you tap a land for mana, remove a +1/+1 counter from Watcher.",
     {"when": {"event": "tapped_for_mana", "tapped": {"types": ["Land"]}, "tapper": "you"},
      "text": "remove a +1/+1 counter from Watcher"}),
    # CR 605.3a: only its controller activates its mana ability: "an opponent controls" is who taps it
    ("Whenever a land an opponent controls is tapped for mana, tap all lands that player controls.",
     {"when": {"event": "tapped_for_mana", "tapped": {"types": ["Land"]}, "tapper": "opponent"},
      "text": "tap all lands that player controls"}),
])
def test_tapped_for_mana_forms(text, expected):
    """CR 106.12a, 605.5a: a trigger on a permanent tapped for mana that adds no mana uses the stack."""
    assert triggered(text) == expected


@pytest.mark.parametrize("text", [
    # an intervening "if" (CR 603.4) about the turn: not read
    "Whenever a player taps a land for mana, if it's not that player's turn, destroy that land.",
    # "one or more ... become tapped" once for each payment (CR 603.2c): not read
    "Whenever one or more nontoken Merfolk you control become tapped, you gain 1 life.",
    # when it becomes tapped this turn: what no board records
    "Whenever a creature you control becomes tapped during your turn, you gain 1 life.",
    # an Aura's land tapped for mana with an effect that adds no mana: not read
    "Whenever enchanted land is tapped for mana, its controller loses 1 life.",
])
def test_forms_left_not_understood(text):
    result = compile_card("Watcher", text, "Enchantment")
    assert (result.status, result.ignored) == ("partial", [text.replace("Watcher", "~")])
