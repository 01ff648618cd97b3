""""Whenever ~ becomes the target of an Aura spell" (issue 13; CR 603.2, 115.1, 112.3): the trigger's `spell`
filter, judged on the card of the spell whose target it becomes (asp/player_events.lp).  Cases:
tests/cases/next/aura-target-triggers.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pysolver.cards.oracle import compile_card

from helpers import compile_stored, refused_ability

CASES = Path(__file__).parent / "cases" / "next"


@pytest.mark.parametrize(("text", "spell"), [
    ("Whenever this creature becomes the target of an Aura spell, you draw a card.", {"subtypes": ["Aura"]}),
    ("Whenever this creature becomes the target of an instant spell, you draw a card.", {"types": ["Instant"]}),
    ("Whenever this creature becomes the target of a white spell an opponent controls, you draw a card.",
     {"colors": ["W"]}),
])
def test_the_target_of_a_kind_of_spell(text, spell):
    result = compile_card("Watcher", text, "Creature — Elf", power="1", toughness="1")
    assert result.status == "ok"
    [ability] = [a["triggered"] for a in result.card["abilities"]]
    assert ability["when"]["spell"] == spell and ability["when"]["by"] == "spell"


def test_a_spell_of_words_no_filter_reads_stays_not_understood():
    text = "Whenever this creature becomes the target of a kicked spell, you draw a card."
    assert compile_card("Watcher", text, "Creature — Elf", power="1", toughness="1").status == "partial"


def test_aura_target_cards_are_what_the_compiler_makes():
    for card in yaml.safe_load((CASES / "aura-target-triggers.yml").read_text("utf-8"))["cards"]:
        result = compile_stored(card)
        assert (result.status, result.card) == ("ok", card)


def test_a_spell_filter_the_rules_dont_judge_on_a_card_is_refused(tmp_path):
    ability = "{triggered: {when: {event: becomes_target, by: spell, whose: any, spell: {token: true}}, text: x}}"
    assert refused_ability(tmp_path, ability, "Creature") == (
        "6:5: cards[0].abilities[0]: triggered.when: a spell filter judges a card: only colorless, colors, "
        "max_mana_value, "
        "min_mana_value, multicolored, not_supertypes, not_types, subtypes, supertypes, types")


def test_a_spell_filter_is_only_for_a_spell_target(tmp_path):
    ability = ("{triggered: {when: {event: becomes_target, by: spell_or_ability, whose: any, spell: {types: [Instant]}},"
               " text: x}}")
    assert refused_ability(tmp_path, ability, "Creature") == (
        "6:5: cards[0].abilities[0]: triggered.when: spell is judged only for becomes_target by a spell")
