"""Losing all land types and abilities (issue 13; CR 613.1d, 613.1f, 613.7): the compiler's
form (a static ability that removes them, then one that grants what the same effect gives),
the card-data check, and the explanation.  The rulings on boards are
tests/cases/oracle/losing-abilities.yaml."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import CardError

FIXTURE = Path(__file__).parent / "fixtures" / "cards" / "oracle-losing-abilities.yaml"
LAND = {"types": ["Land"]}


def test_alpine_moon_form():
    result = compile_card("Alpine Moon", "As this enchantment enters, choose a nonbasic land card name.\n"
                          "Lands your opponents control with the chosen name lose all land types and abilities, "
                          "and they gain \"{T}: Add one mana of any color.\"", "Enchantment")
    assert result.status == "ok"
    affects = {"types": ["Land"], "named_chosen": True}
    assert result.card["abilities"] == [
        {"static": {"affects": affects, "whose": "opponent", "lose_land_types_and_abilities": True}},
        {"static": {"affects": affects, "whose": "opponent",
                    "grant": [{"mana": {"cost": ["{T}"], "add": {"one_of": "any_color"}}}]}}]


def test_enchanted_land_form_with_two_granted_abilities():
    result = compile_card("Test Aura", "Enchant land\nEnchanted land loses all land types and abilities and has "
                          "\"{T}: Add {C}\" and \"{T}, Pay 1 life: Add one mana of any color.\"",
                          "Enchantment — Aura")
    assert result.status == "ok"
    loss, grant = result.card["abilities"]
    assert loss == {"static": {"affects": LAND, "whose": "any", "enchanted": True,
                               "lose_land_types_and_abilities": True}}
    assert grant["static"]["grant"] == [
        {"mana": {"cost": ["{T}"], "add": {"mana": "{C}"}}},
        {"mana": {"cost": ["{T}", {"pay_life": 1}], "add": {"one_of": "any_color"}}}]


@pytest.mark.parametrize("text", [
    # the effect an attack trigger's resolution creates, on its target, for as long as it has the counter
    # (CR 611.2b): no static ability of its source, and no board states such an effect on one land
    "Whenever ~ attacks, put a blight counter on target land. For as long as that land has a blight counter on "
    "it, it loses all land types and abilities and has \"{T}: Add {C}.\"",
    "For as long as that land has a blight counter on it, it loses all land types and abilities.",
])
def test_an_effect_for_as_long_as_is_not_understood_and_the_card_partial(text):
    result = compile_card("Test Card", "Flying\n" + text, "Creature")
    assert (result.status, result.problems) == ("partial", [])
    assert result.ignored == [_the_effect_sentence(text)]
    assert result.card.get("abilities", []) == []


def _the_effect_sentence(text: str) -> str:
    return text[text.index("For as long as"):]


def test_a_loss_with_a_grant_in_one_static_ability_is_refused(tmp_path):
    card = {"name": "Test Loss", "types": ["Enchantment"], "abilities": [{"static": {
        "affects": LAND, "whose": "any", "lose_land_types_and_abilities": True,
        "grant": [{"mana": {"cost": ["{T}"], "add": {"mana": "{C}"}}}]}}]}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"format": "pysolver-cards/1", "cards": [card]}), "utf-8")
    board = pysolver.board_from_data({"Alice": ["Test Loss"], "Bob": []}, [path])
    with pytest.raises(CardError, match="loses all land types and abilities does nothing else"):
        pysolver.could_produce(board)


def test_the_explanation_names_the_effect_that_removed_the_ability():
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "moon", "card": "Alpine Moon", "controller": "Alice", "chosen": {"name": "Gemstone Mine"}},
        {"id": "mine", "card": "Gemstone Mine", "controller": "Bob"}]}, [FIXTURE])
    (mine,) = [e for e in pysolver.explain_could_produce(board) if e.answer.id == "mine"]
    assert [(m.type, m.line()) for m in mine.missing] == [(None, (
        "moon removes all its abilities, so it lost \"{T}, Remove a mining counter from Gemstone Mine: "
        "Add one mana of any color. If there are no mining counters on Gemstone Mine, sacrifice it.\" (613.1f)"))]
