"""Compiler forms of untapping and entering (issue 13, pysolver/cards/oracle_enters.py): each
compiled to card data a rule in asp/ reads (ruling cases: tests/cases/next/untap-statics.yaml),
or left not understood where no rule could read it exactly."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card

HELD = {"doesnt_untap": True}


@pytest.mark.parametrize("text, type_line, static", [
    ("Enchant creature\nEnchanted creature doesn't untap during its controller's untap step.", "Enchantment — Aura",
     {"affects": {"types": ["Creature"]}, "whose": "any", "enchanted": True, **HELD}),
    ("Enchant artifact or creature\nEnchanted permanent doesn't untap during its controller's untap step.",
     "Enchantment — Aura", {"affects": {}, "whose": "any", "enchanted": True, **HELD}),
    ("Islands don't untap during their controllers' untap steps.", "Enchantment",
     {"affects": {"subtypes": ["Island"]}, "whose": "any", **HELD}),
    ("Blue creatures don't untap during their controllers' untap steps.", "Enchantment",
     {"affects": {"colors": ["U"], "types": ["Creature"]}, "whose": "any", **HELD}),
    ("Nonland permanents don't untap during their controllers' untap steps.", "Enchantment",
     {"affects": {"not_types": ["Land"]}, "whose": "any", **HELD}),
])
def test_a_static_ability_that_keeps_others_tapped(text, type_line, static):
    result = compile_card("Thing", text, type_line)
    assert (result.status, result.card["abilities"]) == ("ok", [{"static": static}])


@pytest.mark.parametrize("text", [
    # CR 702.73a: a changeling is every creature type, which a static ability's filter doesn't judge
    "Mercenaries don't untap during their controllers' untap steps.",
    # objects chosen by a keyword, which layer 6 grants (no static ability's filter reads it)
    "Creatures with flying don't untap during their controllers' untap steps.",
    # an Equipment's: "Equipped creature gets +3/+3 and doesn't untap ..." is not this form
    "Equipped creature doesn't untap during its controller's untap step.",
    # a condition no rule reads
    "Enchanted creature doesn't untap during its controller's untap step unless that player is the monarch.",
])
def test_an_untap_effect_no_rule_reads_exactly_is_not_understood(text):
    result = compile_card("Thing", text, "Enchantment")
    assert (result.status, result.ignored) == ("partial", [text])


def test_enters_tapped_and_doesnt_untap():
    result = compile_card("Thing", "Thing enters tapped and doesn't untap during your untap step.", "Creature")
    assert result.status == "ok"
    assert (result.card["enters_tapped"], result.card["doesnt_untap"]) == (True, True)
