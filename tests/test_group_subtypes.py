"""Creature types a static ability adds to a group of creatures ("Other creatures you control are Assassins in
addition to their other types", CR 205.1b, 613.1d), compiled from Oracle text
(pysolver/cards/oracle_attached_types.py group_types) and judged by asp/objects.lp (group_subtypes) as the
creature types an Aura or Equipment adds; the ruling cases are tests/cases/oracle/type-additions.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import BoardError
from pysolver.cards import CardError
from pysolver.cards.oracle import compile_card

from helpers import write_inputs

FIXTURE = Path(__file__).parent / "fixtures" / "cards" / "oracle-type-additions.yaml"
YOURS = {"affects": {"types": ["Creature"]}, "whose": "you"}


@pytest.mark.parametrize("text, statics", [
    ("Other creatures you control are Assassins in addition to their other types.",
     [{"affects": {"types": ["Creature"], "other": True}, "whose": "you", "add_subtypes": ["Assassin"]}]),
    ("Creatures you control have base power and toughness 6/6 and are Oozes in addition to their other types.",
     [{**YOURS, "add_subtypes": ["Ooze"]}, {**YOURS, "base_pt": {"power": 6, "toughness": 6}}]),
    ("Nontoken creatures you control are Elves in addition to their other creature types.",
     [{"affects": {"types": ["Creature"], "token": False}, "whose": "you", "add_subtypes": ["Elf"]}]),
    ("Each creature with a gold counter on it is a Wall in addition to its other creature types and has defender.",
     [{"affects": {"types": ["Creature"], "with_counter": "gold"}, "whose": "any", "add_subtypes": ["Wall"]},
      {"affects": {"types": ["Creature"], "with_counter": "gold"}, "whose": "any", "grant_keywords": ["Defender"]}]),
])
def test_group_additions_compile(text, statics):
    result = compile_card("Test Lord", text, "Enchantment")
    assert result.ok, result.ignored
    assert [a["static"] for a in result.card["abilities"]] == statics


@pytest.mark.parametrize("text", [
    "All Cats you control are Dogs in addition to their other types.",  # a subtype another addition could give
    "Artifacts you control are Clues in addition to their other types.",  # no creature type (CR 205.3d)
    "Creatures you control are artifacts in addition to their other types.",  # a card type: not this form
    "Other creatures you control are black Zombies in addition to their other types.",  # a color (layer 5)
    "Other creatures you control are Assassins in addition to their other types as long as you control a Swamp.",
])
def test_other_group_additions_stay_not_understood(text):
    result = compile_card("Test Lord", text, "Enchantment")
    assert result.status == "partial" and result.ignored == [text]


def test_a_group_addition_chooses_no_subtype(tmp_path):
    """CR 613.8a: a filter judged as printed can't name a subtype another addition could give: refused."""
    _, path = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [
        {"name": "Test Lord", "types": ["Enchantment"], "abilities": [{"static": {
            "affects": {"types": ["Creature"], "subtypes": ["Cat"]}, "whose": "you", "add_subtypes": ["Dog"]}}]}]})
    with pytest.raises(CardError, match=r"static\.add_subtypes: creature types are added"):
        board = pysolver.board_from_data({"players": ["Alice", "Bob"],
                                          "battlefield": [{"card": "Test Lord", "controller": "Alice"}]}, [path])
        pysolver.could_produce(board)


@pytest.mark.parametrize("adder", [
    {"id": "master", "card": "Test Assassin Master", "controller": "Alice"},
    {"id": "coerced", "card": "Coerced to Kill", "controller": "Alice", "attached_to": {"permanent": "bears"}},
])
def test_a_card_type_added_beside_is_refused(adder):
    """CR 613.8a, 205.3d: Ensoul Artifact makes the Relic a creature, which decides whether the Master (or the Aura)
    makes it an Assassin: the one depends on the other, which no rule here orders; the board is refused."""
    with pytest.raises(BoardError, match=r"Ensoul Artifact adds the card type Creature, which decides what"):
        pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
            {"id": "relic", "card": "Test Relic", "controller": "Alice"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
            {"id": "ensoul", "card": "Ensoul Artifact", "controller": "Alice", "attached_to": {"permanent": "relic"}},
            adder]}, [FIXTURE])
