""""Whenever you cast a creature spell with infect", "a spell that has convoke", "a creature spell with power 5
or greater", "a nonlegendary creature spell with flying" (issue 13; CR 112.3, 702.1, 208.1, 205.4a): the spell
judged by what its card prints (asp/filter_conditions.lp card_fails/2).  Cases:
tests/cases/next/cast-qualities.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError
from pysolver.next_state import next_states, parse_actions

from helpers import compile_stored

CASES = Path(__file__).parent / "cases" / "next"


@pytest.mark.parametrize(("text", "spell"), [
    ("Whenever you cast a creature spell with infect, you gain 1 life.",
     {"types": ["Creature"], "keywords": ["Infect"]}),
    ("Whenever you cast a spell that has convoke, you gain 1 life.", {"keywords": ["Convoke"]}),
    ("Whenever you cast a spell with flying, you gain 1 life.", {"keywords": ["Flying"]}),
    ("Whenever you cast a creature spell with power 5 or greater, you gain 1 life.",
     {"types": ["Creature"], "power_at_least": 5}),
    ("Whenever you cast a creature spell with toughness 2 or less, you gain 1 life.",
     {"types": ["Creature"], "toughness_at_most": 2}),
    ("Whenever you cast a nonlegendary creature spell with flying, you gain 1 life.",
     {"not_supertypes": ["Legendary"], "types": ["Creature"], "keywords": ["Flying"]}),
])
def test_a_spell_by_what_it_prints(text, spell):
    result = compile_card("Watcher", text, "Enchantment")
    assert result.status == "ok"
    [ability] = [a["triggered"] for a in result.card["abilities"]]
    assert (ability["when"], ability["do"]) == ({"event": "cast", "filter": spell, "whose": "you"},
                                                [{"gain_life": 1}])


@pytest.mark.parametrize("text", [
    "Whenever you cast a spell with banana, you gain 1 life.",  # no keyword of CR 702
    "Whenever you cast a noncreature spell or a Dragon spell with flying, you gain 1 life.",  # which one has it
])
def test_what_is_no_quality_stays_not_understood(text):
    assert compile_card("Watcher", text, "Enchantment").status == "partial"


def test_cast_qualities_cards_are_what_the_compiler_makes():
    for card in yaml.safe_load((CASES / "cast-qualities.yml").read_text("utf-8"))["cards"]:
        result = compile_stored(card)
        assert (result.status, result.card) == ("ok", card)


def test_a_spell_with_infect_triggers_its_watcher():
    """Plague Stinger has infect: Hand of the Praetors triggers, and its targeted effect, kept as text, is
    refused as it would be put on the stack (CR 603.3d), never left out."""
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": ["Plague Stinger"], "mana_pool": "{B}{B}"}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "praetors", "card": "Hand of the Praetors", "controller": "Alice"}]},
        [str(CASES / "cast-qualities.yml")])
    with pytest.raises(QueryError, match=r"praetors's \"target player gets a poison counter\" would trigger"):
        next_states(board, parse_actions(["cast", "Plague Stinger"]))
