""""Whenever you cast a Faerie or Wizard permanent spell", "a Pegasus, Unicorn, or Horse creature spell", "a
Phyrexian creature or artifact creature spell" (issue 13; CR 109.2, 110.4, 205.3): one of several kinds, each of
the card type named (noun_filter; oracle_next.cast_filter crosses the alternatives with a permanent spell's
types).  Cases: tests/cases/next/cast-alternatives.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pysolver.cards.oracle import compile_card, noun_filter

from helpers import compile_stored

CASES = Path(__file__).parent / "cases" / "next"
PERMANENT = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")


@pytest.mark.parametrize(("phrase", "spec"), [
    ("a Pegasus, Unicorn, or Horse creature", {"any_of": [{"subtypes": ["Pegasus"], "types": ["Creature"]},
                                                          {"subtypes": ["Unicorn"], "types": ["Creature"]},
                                                          {"subtypes": ["Horse"], "types": ["Creature"]}]}),
    ("a Faerie or Wizard permanent", {"any_of": [{"subtypes": ["Faerie"]}, {"subtypes": ["Wizard"]}]}),
    ("a Phyrexian creature or artifact creature", {"any_of": [{"subtypes": ["Phyrexian"], "types": ["Creature"]},
                                                              {"types": ["Artifact", "Creature"]}]}),
])
def test_one_of_several_kinds(phrase, spec):
    assert noun_filter(phrase) == spec


def test_a_permanent_spell_of_one_of_two_subtypes():
    result = compile_card("Watcher", "Whenever you cast a Faerie or Wizard permanent spell, you gain 1 life.",
                          "Enchantment")
    assert result.status == "ok"
    [ability] = [a["triggered"] for a in result.card["abilities"]]
    assert ability["when"]["filter"] == {"any_of": [{"subtypes": [kind], "types": [card_type]}
                                                    for kind in ("Faerie", "Wizard") for card_type in PERMANENT]}


def test_a_historic_spirit_or_arcane_stays_not_understood():
    """"historic" is a Saga too: a subtype both ways, which no filter states."""
    text = "Whenever you cast a historic Spirit or Arcane spell, you gain 1 life."
    assert compile_card("Watcher", text, "Enchantment").status == "partial"


def test_cast_alternatives_cards_are_what_the_compiler_makes():
    for card in yaml.safe_load((CASES / "cast-alternatives.yml").read_text("utf-8"))["cards"]:
        result = compile_stored(card)
        assert (result.status, result.card) == ("ok", card)
