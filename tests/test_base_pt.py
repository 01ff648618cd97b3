"""Static abilities that set base power and toughness (layer 7b, CR 613.4b, 613.7), compiled
from Oracle text (pysolver/cards/oracle_pt.py base_pt), beside losing all abilities (613.1f); a
board that states the power or toughness of a permanent such an ability may reach is refused
(their order is not on the board).  The ruling cases are tests/cases/oracle/base-pt.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import BoardError, CardError
from pysolver.cards.oracle import compile_card

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-base-pt.yaml"
CREATURES = {"types": ["Creature"]}
ENCHANTED = {"affects": CREATURES, "whose": "any", "enchanted": True}
LOSES_ALL = {"static": {"affects": {}, "whose": "any", "enchanted": True, "lose_abilities": True}}


@pytest.mark.parametrize("text, abilities", [
    ("Enchanted creature has base power and toughness 0/2.",
     [{"static": {**ENCHANTED, "base_pt": {"power": 0, "toughness": 2}}}]),
    ("Enchanted creature has base power and toughness 9/10 and has indestructible.",
     [{"static": {**ENCHANTED, "base_pt": {"power": 9, "toughness": 10}, "grant_keywords": ["Indestructible"]}}]),
    ("During your turn, ~ has base power and toughness 5/2.",
     [{"static": {"affects": {}, "whose": "any", "self": True, "base_pt": {"power": 5, "toughness": 2},
                  "if": "your_turn"}}]),
    ("Other creatures have base power and toughness 1/1.",
     [{"static": {"affects": {"other": True, "types": ["Creature"]}, "whose": "any",
                  "base_pt": {"power": 1, "toughness": 1}}}]),
    ("Enchanted creature loses all abilities and has base power and toughness 1/1.",
     [LOSES_ALL, {"static": {**ENCHANTED, "base_pt": {"power": 1, "toughness": 1}}}]),
    ("Enchanted creature gets -2/-0 and loses all abilities.",
     [LOSES_ALL, {"static": {**ENCHANTED, "pt": {"power": -2, "toughness": 0}}}]),
])
def test_a_form_compiles(text, abilities):
    result = compile_card("Test Aura", "Enchant creature\n" + text.replace("~", "Test Aura"), "Enchantment — Aura")
    assert result.status == "ok", result.sentences
    assert result.card["abilities"] == abilities


@pytest.mark.parametrize("text", [
    "Enchanted creature has base power 0.",  # power alone: no form
    "Creatures you control with power 4 or greater have base power and toughness 1/1.",  # power: 613.8
    "Enchanted creature has base power and toughness X/X.",
    "Enchanted creature loses all abilities and has base power and toughness 1/1 and flying.",
    "As long as ~ is enchanted by one Aura, it has base power and toughness 3/3.",  # neither exactly nor or more
])
def test_a_near_shape_stays_not_understood(text):
    result = compile_card("Test Aura", "Enchant creature\n" + text.replace("~", "Test Aura"), "Enchantment — Aura")
    assert result.status == "partial"


def test_a_stated_power_a_base_setter_reaches_is_refused():
    with pytest.raises(BoardError) as caught:
        pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
            {"id": "bears", "card": "Grizzly Bears", "controller": "Alice", "power": 3, "toughness": 3},
            {"id": "reduce", "card": "Reduce in Stature", "controller": "Bob", "attached_to": {"permanent": "bears"}}]},
            [CARDS])
    assert str(caught.value).endswith("reduce (Reduce in Stature) sets base power and toughness (layer 7b, CR "
                                      "613.4b), and bears's are stated: which applies last (613.7) is not on the board")


def test_a_stated_power_no_base_setter_reaches_is_kept():
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "bears", "card": "Grizzly Bears", "controller": "Alice", "power": 3, "toughness": 3},
        {"id": "other", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "reduce", "card": "Reduce in Stature", "controller": "Bob", "attached_to": {"permanent": "other"}}]},
        [CARDS])
    assert board.permanent("bears").power == 3


def test_two_base_setters_on_one_card_are_refused(tmp_path):
    """Two of one source have the same timestamp (CR 613.7): the card data refuses them."""
    path = tmp_path / "cards.yaml"
    path.write_text("format: pysolver-oracle/1\ncards:\n- name: Test Shifter\n  types: [Creature]\n"
                    "  power: '1'\n  toughness: '1'\n  oracle: \"~ has base power and toughness 2/2.\\n"
                    "~ has base power and toughness 3/3.\"\n", encoding="utf-8")
    with pytest.raises(CardError) as caught:
        pysolver.board_from_data({"players": ["A"], "battlefield": [{"card": "Test Shifter", "controller": "A"}]},
                                 [path])
    assert "static.base_pt: a card sets base power and toughness with one static ability at most" in str(
        caught.value)


def test_two_base_setters_of_one_timestamp_are_refused():
    """CR 613.7: which of two Auras of one timestamp applies last is undecided."""
    with pytest.raises(BoardError) as caught:
        pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
            {"id": "bears", "card": "Grizzly Bears", "controller": "Alice", "timestamp": 1},
            {"id": "perfect", "card": "Almost Perfect", "controller": "Alice", "attached_to": {"permanent": "bears"},
             "timestamp": 2},
            {"id": "reduce", "card": "Reduce in Stature", "controller": "Bob", "attached_to": {"permanent": "bears"},
             "timestamp": 2}]}, [CARDS])
    assert str(caught.value).endswith("perfect and reduce both set base power and toughness (layer 7b, CR 613.4b) "
                                      "with timestamp 2: which applies last (613.7) is undecided")
