"""A triggered mana ability whose controller "may add" (CR 603.5), what it adds chosen by the
permanent tapped ("If that Island is snow, ... instead", CR 608.2c), a spending restriction on its
mana (CR 106.6), and one on any mana ability of a land ("Whenever a land's ability causes you to add",
CR 605.1b) (issue 13).  The fixture tests/fixtures/cards/oracle-trigger-instead.yaml (used by
tests/cases/mana/trigger-instead.yaml) is checked by tests/test_stored_cards.py."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card


@pytest.mark.parametrize("text, trigger", [
    ("Whenever a Forest is tapped for mana, its controller may add an additional {G}.",
     {"tapped": {"subtypes": ["Forest"]}, "tapper": "any", "add": {"mana": "{G}"}, "optional": True}),
    ("Whenever a land is tapped for mana, its controller adds an additional {C}. If that land is legendary, "
     "its controller adds an additional {C}{C} instead.",
     {"tapped": {"types": ["Land"]}, "tapper": "any", "add": {"mana": "{C}"},
      "instead": {"if_matches": {"supertypes": ["Legendary"]}, "add": {"mana": "{C}{C}"}}}),
    ("Whenever a Swamp is tapped for mana, its controller adds an additional {B}. "
     "Spend this mana only to cast creature spells.",
     {"tapped": {"subtypes": ["Swamp"]}, "tapper": "any", "add": {"mana": "{B}"},
      "restriction": "Spend this mana only to cast creature spells."}),
    ("Whenever a land's ability causes you to add {C}, add an additional {C}.",
     {"tapped": {"types": ["Land"]}, "tapper": "you", "tapped_for": "C", "add": {"mana": "{C}"},
      "any_mana_ability": True}),
])
def test_compiled(text, trigger):
    result = compile_card("Test Card", text, "Enchantment")
    assert (result.status, result.problems, result.has_mana_ability) == ("ok", [], True)
    assert result.card["abilities"] == [{"mana_trigger": trigger}]


@pytest.mark.parametrize("text", [
    # "may" in one sentence only: which choice the "instead" offers isn't said
    "Whenever an Island is tapped for mana, its controller may add an additional {U}. If that Island is snow, "
    "its controller adds an additional {U}{U} instead.",
    # the quality of another object
    "Whenever an Island is tapped for mana, its controller adds an additional {U}. If that Forest is snow, "
    "its controller adds an additional {U}{U} instead.",
    # a restriction before the "instead": which mana it restricts isn't clear
    "Whenever an Island is tapped for mana, its controller adds an additional {U}. Spend this mana only to cast "
    "creature spells. If that Island is snow, its controller adds an additional {U}{U} instead.",
])
def test_refused(text):
    result = compile_card("Test Card", text, "Enchantment")
    assert result.status == "unsupported"

