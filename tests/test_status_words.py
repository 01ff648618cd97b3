"""A static ability's group named by a word that opens its sentence, so has a capital (CR 205.3):
"Non-Elf creatures you control" are the creatures of no subtype Elf; "Tapped", "Unblocked",
"Monstrous", "Suspected" name a status or a quality, no subtype.  Every capitalized word was read as
a subtype ("Fortified land has indestructible" made lands of a subtype "Fortified"): the ability
matched no object and did nothing, silently.  A status word the compiler doesn't read as a group now
leaves the sentence not understood."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-status-words.yaml"


def test_non_subtype_opening_a_sentence_is_not_of_that_subtype():
    result = compile_card("Test Lord", 'Non-Elf creatures you control have "{T}: Add {G}."', "Enchantment")
    assert result.status == "ok", result.sentences
    assert result.card["abilities"] == [{"static": {
        "affects": {"not_subtypes": ["Elf"], "types": ["Creature"]}, "whose": "you",
        "grant": [{"mana": {"cost": ["{T}"], "add": {"mana": "{G}"}}}]}}]


def test_a_status_word_in_a_mana_grant_is_unsupported():
    result = compile_card("Test Lord", 'Tapped creatures you control have "{T}: Add {G}."', "Enchantment")
    assert (result.status, result.problems) == ("unsupported", [
        "line 1: can't compile the objects 'Tapped creatures': 'Tapped' names a status or quality, no subtype"])


@pytest.mark.parametrize("text", [
    "Unblocked creatures you control get +1/+1.",
    "Monstrous creatures you control have haste.",
    "Suspected creatures you control get +2/+0.",
    "Goaded creatures don't untap during their controllers' untap steps.",
])
def test_a_status_word_is_no_subtype(text):
    result = compile_card("Test Lord", text, "Enchantment")
    assert result.status == "partial", result.card
    assert [s["class"] for s in result.sentences] == ["not understood"]


def test_the_non_elf_gets_the_granted_mana_ability():
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "warden", "card": "Test Grove Warden", "controller": "Alice"},
        {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"},
        {"id": "elf", "card": "Test Elf", "controller": "Alice"}]}, [CARDS])
    assert {a.id: a.types for a in pysolver.could_produce(board)} == {"warden": (), "bears": ("G",), "elf": ()}
