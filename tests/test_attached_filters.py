"""Filters on what is attached to a permanent: "Equipped creatures you control", "Creatures you
control that are enchanted", "Modified creatures you control" (CR 301.5, 303.4, 700.9), compiled
by pysolver/cards/oracle.py's noun_filter (the filter's attached) and judged by
asp/filter_conditions.lp from layer 6 on; the ruling cases are tests/cases/oracle/attached-filters.yaml."""

from __future__ import annotations

import pytest

import pysolver
from pysolver.cards import CardError
from pysolver.cards.oracle import compile_card

from helpers import write_inputs


@pytest.mark.parametrize("text, expected", [
    ("Creatures you control that are enchanted get +1/+1.",
     {"affects": {"attached": "Aura", "types": ["Creature"]}, "whose": "you", "pt": {"power": 1, "toughness": 1}}),
    ("Creatures you control that are equipped get +1/+0.",
     {"affects": {"attached": "Equipment", "types": ["Creature"]}, "whose": "you", "pt": {"power": 1, "toughness": 0}}),
    ("Equipped creatures you control get +1/+1.",
     {"affects": {"attached": "Equipment", "types": ["Creature"]}, "whose": "you", "pt": {"power": 1, "toughness": 1}}),
    ("Enchanted creatures you control have shroud.",
     {"affects": {"attached": "Aura", "types": ["Creature"]}, "whose": "you", "grant_keywords": ["Shroud"]}),
    ("Modified creatures you control have haste.",
     {"affects": {"attached": "modified", "types": ["Creature"]}, "whose": "you", "grant_keywords": ["Haste"]}),
])
def test_an_attached_filter_compiles(text, expected):
    result = compile_card("Test Mark", text, "Enchantment")
    assert result.ok, result.ignored
    assert [a["static"] for a in result.card["abilities"]] == [expected]


@pytest.mark.parametrize("static, message", [
    ({"affects": {"types": ["Creature"], "attached": "Equipment"}, "whose": "you", "add_types": ["Artifact"]},
     "attached is judged only from layer 6 on"),
    ({"affects": {"any_of": [{"types": ["Creature"], "attached": "Aura"}, {"types": ["Artifact"]}]}, "whose": "you",
      "grant_keywords": ["Haste"]}, "not in one of any_of"),
])
def test_an_attached_filter_layer_4_never_reads(tmp_path, static, message):
    _, path = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [
        {"name": "Test Mark", "types": ["Enchantment"], "abilities": [{"static": static}]}]})
    with pytest.raises(CardError, match=message):
        board = pysolver.board_from_data({"players": ["Alice", "Bob"],
                                          "battlefield": [{"card": "Test Mark", "controller": "Alice"}]}, [path])
        pysolver.could_produce(board)


def test_a_card_filter_never_reads_attachments():
    """Cards in a graveyard are attached to nothing: a card filter refuses the word (CR 301.5)."""
    from pysolver.cards.oracle import Unsupported, card_filter
    with pytest.raises(Unsupported, match="only types, supertypes and colors"):
        card_filter("equipped creature cards")
