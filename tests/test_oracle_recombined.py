"""Mana abilities that combine known pieces in new ways (issue 13): a known cost, amount, object
phrase or "Activate only" condition read by one general reader in every form that takes it, not
only in the forms real cards of the compiler's development printed.  The ruling cases are
tests/cases/oracle/recombined.yaml (the cards: tests/fixtures/cards/compiled-recombined.yaml)."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card

ELVES = {"count": {"whose": "you", "filter": {"subtypes": ["Elf"]}}}


def mana_ability(text: str, type_line: str = "Artifact") -> dict:
    result = compile_card("Test Card", text, type_line)
    assert (result.status, result.problems, result.ignored) == ("ok", [], [])
    (ability,) = result.card["abilities"]
    return ability["mana"]


@pytest.mark.parametrize("text, add", [
    # CR 608.2h: "the sacrificed creature's power" in every amount form, not only "an amount of {G} equal to"
    ("{T}, Sacrifice a creature: Add X mana of any one color, where X is the sacrificed creature's power.",
     {"one_of": "any_color", "amount": {"sacrificed": "power"}}),
    ("{T}, Sacrifice a creature: Add X mana in any combination of colors, where X is the sacrificed "
     "creature's toughness.", {"combination": "any_color", "amount": {"sacrificed": "toughness"}}),
    ("{T}, Sacrifice an artifact: Add X mana in any combination of {B} and/or {R}, where X is the sacrificed "
     "artifact's mana value.", {"combination": ["B", "R"], "amount": {"sacrificed": "mana_value"}}),
    ("{T}, Sacrifice a creature: Add X {R} or X {G}, where X is the sacrificed creature's power.",
     {"one_of": ["R", "G"], "amount": {"sacrificed": "power"}}),
    ("{T}, Sacrifice a creature: Add X {B}, where X is the sacrificed creature's mana value.",
     {"mana": "{B}", "amount": {"sacrificed": "mana_value"}}),
    # CR 107.3: "Add X {G}, where X is ...": that many {G}, as "an amount of {G} equal to ..."
    ("{T}: Add X {G}, where X is the number of Elves you control.", {"mana": "{G}", "amount": ELVES}),
    ("{T}: Add X {C}, where X is ~'s power.", {"mana": "{C}", "amount": "power"}),
])
def test_amounts_in_every_form(text, add):
    assert mana_ability(text, "Creature — Elf")["add"] == add


def test_a_sacrificed_amount_without_a_sacrifice_is_refused():
    result = compile_card("Test Card", "{T}: Add X mana of any one color, where X is the sacrificed creature's "
                          "power.", "Artifact")
    assert result.problems == ["line 1: can't compile the amount 'the sacrificed creature's power' (it depends on "
                               "which permanent the cost sacrifices; no amount form reads it)"]


@pytest.mark.parametrize("text, ability", [
    # CR 614.15: the ability's own "instead" with one object, beside any plain amount
    ("{T}: Add {C}. If you control a Forest, add one mana of any color instead.",
     {"add": {"mana": "{C}"}, "instead": {"if": {"you_control": [{"subtypes": ["Forest"]}]},
                                          "add": {"one_of": "any_color"}}}),
    ("{T}: Add {B} or {R}. If you control a Swamp, add {B}{B} instead.",
     {"add": {"one_of": ["B", "R"]}, "instead": {"if": {"you_control": [{"subtypes": ["Swamp"]}]},
                                                "add": {"mana": "{B}{B}"}}}),
    # the plain one-symbol form keeps its amount (unchanged)
    ("{T}: Add {G}. If you control a Forest, add {G}{G} instead.",
     {"add": {"mana": "{G}", "amount": {"if_you_control": {"subtypes": ["Forest"]}, "then": 2, "else": 1}}}),
    # CR 602.5b, 602.1b: both limits hold
    ("{T}: Add {G}{G}. Activate only once each turn and only if you control a Forest.",
     {"add": {"mana": "{G}{G}"}, "activation_restriction": "Activate only once each turn.",
      "only_if_you_control": {"subtypes": ["Forest"]}}),
    ("{T}: Add {C}{C}. Activate only as a sorcery and only if you control three or more artifacts.",
     {"add": {"mana": "{C}{C}"}, "activation_restriction": "Activate only as a sorcery.",
      "only_if": [{"you_control": {"types": ["Artifact"]}, "at_least": 3}]}),
    # CR 602.5b: threshold's condition on a mana ability
    ("{T}: Add {G}{G}. Activate only if there are seven or more cards in your graveyard.",
     {"add": {"mana": "{G}{G}"}, "activation_restriction": "Activate only if there are seven or more cards in "
                                                           "your graveyard."}),
    ("{T}: Add {G}. Activate only as a sorcery and only if there are seven or more cards in your graveyard.",
     {"add": {"mana": "{G}"}, "activation_restriction": "Activate only as a sorcery and only if there are seven "
                                                         "or more cards in your graveyard."}),
])
def test_riders_and_limits_beside_any_amount(text, ability):
    assert mana_ability(text) == {"cost": ["{T}"], **ability}


@pytest.mark.parametrize("text, problem", [
    # an "instead" over an amount other than the plain one (CR 614.15): which amount it replaces is not read
    ("{T}: Add two mana of any one color. If you control a Forest, add {G}{G}{G} instead.",
     "'If you control a Forest, add {G}{G}{G} instead' (instead of an amount)"),
    # two "only if" conditions that must both hold: only_if's are alternatives (CR 602.1b)
    ("{T}: Add {C}. Activate only if you control an Elf and only if you control a Forest.",
     "'Activate only if you control an Elf and only if you control a Forest'"),
    # a limit given twice
    ("{T}: Add {C}. Activate only once each turn and only if you control an Elf and only if ~ is a creature.",
     "'Activate only once each turn and only if you control an Elf and only if ~ is a creature'"),
])
def test_combinations_the_rules_do_not_read_are_refused(text, problem):
    assert compile_card("Test Card", text, "Artifact").problems == [f"line 1: can't compile {problem}"]
