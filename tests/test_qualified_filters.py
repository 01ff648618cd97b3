"""A noun phrase whose first words qualify each of its alternatives (pysolver/cards/oracle_qualified.py,
issue 13): "another nontoken Elf or Berserker" is a nontoken Elf or a nontoken Berserker (CR 109.2,
111.1); a filter that leaves out a subtype, "another non-Spirit creature" (205.3).  Both are read
once by noun_filter for every form that reads a filter; the ruling cases are
tests/cases/next/qualified-filters.yaml (and tests/cases/payment/nontoken-costs.yaml: a token doesn't
pay a cost that taps a nontoken artifact)."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import Unsupported, compile_card, noun_filter

NONTOKEN = {"token": False}


@pytest.mark.parametrize(("phrase", "expected"), [
    ("nontoken Elf or Berserker", [{**NONTOKEN, "subtypes": ["Elf"]}, {**NONTOKEN, "subtypes": ["Berserker"]}]),
    ("a nontoken artifact or creature", [{**NONTOKEN, "types": ["Artifact"]}, {**NONTOKEN, "types": ["Creature"]}]),
    ("nontoken artifact, creature, or enchantment",
     [{**NONTOKEN, "types": ["Artifact"]}, {**NONTOKEN, "types": ["Creature"]}, {**NONTOKEN, "types": ["Enchantment"]}]),
    ("noncreature artifact or enchantment",
     [{"not_types": ["Creature"], "types": ["Artifact"]}, {"not_types": ["Creature"], "types": ["Enchantment"]}]),
    ("legendary creature or planeswalker",
     [{"supertypes": ["Legendary"], "types": ["Creature"]}, {"supertypes": ["Legendary"], "types": ["Planeswalker"]}]),
])
def test_each_alternative_has_every_qualifier(phrase, expected):
    assert noun_filter(phrase) == {"any_of": expected}


@pytest.mark.parametrize(("phrase", "expected"), [
    ("non-Human creature", {"not_subtypes": ["Human"], "types": ["Creature"]}),
    ("a non-Wall creature", {"not_subtypes": ["Wall"], "types": ["Creature"]}),
])
def test_a_subtype_left_out(phrase, expected):
    assert noun_filter(phrase) == expected


@pytest.mark.parametrize("phrase", [
    "nonhuman Elf or Goblin",  # "nonhuman" is no card type
    "nontoken Elf or Berserker with flying",  # "with ..." may qualify the last alternative only
    "nontoken Elf or red Berserker",  # an alternative of two words
    "nontoken Elf or Berserker or Goblin",
    "non-human creature",
])
def test_other_shapes_stay_unread(phrase):
    with pytest.raises(Unsupported):
        noun_filter(phrase)


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever another nontoken Elf or Berserker you control dies, you draw a card and you lose 1 life.",
     {"event": "dies", "whose": "you",
      "filter": {"any_of": [{**NONTOKEN, "subtypes": ["Elf"]}, {**NONTOKEN, "subtypes": ["Berserker"]}],
                 "other": True}}),
    ("Whenever you sacrifice another nontoken artifact or creature, exile it.",
     {"event": "sacrifice", "whose": "you",
      "filter": {"any_of": [{**NONTOKEN, "types": ["Artifact"]}, {**NONTOKEN, "types": ["Creature"]}],
                 "other": True}}),
    ("Whenever another non-Spirit creature you control dies, you gain 1 life.",
     {"event": "dies", "whose": "you", "filter": {"not_subtypes": ["Spirit"], "types": ["Creature"], "other": True}}),
    ("Whenever another nontoken Elf or Warrior you control enters, you gain 1 life.",
     {"event": "permanent_enters", "whose": "you",
      "filter": {"any_of": [{**NONTOKEN, "subtypes": ["Elf"]}, {**NONTOKEN, "subtypes": ["Warrior"]}],
                 "other": True}}),
])
def test_trigger_forms_read_the_filter(text, when):
    result = compile_card("Watcher", text, "Artifact Creature — Elf")
    assert (result.status, result.card["abilities"][0]["triggered"]["when"]) == ("ok", when)


@pytest.mark.parametrize(("phrase", "plural", "expected"), [
    ("nonwhite creature", False, {"not_colors": ["W"], "types": ["Creature"]}),
    ("nonartifact, nonwhite creatures", True, {"not_types": ["Artifact"], "types": ["Creature"], "not_colors": ["W"]}),
])
def test_a_color_left_out(phrase, plural, expected):
    """CR 105.2: "a nonwhite creature" is one that isn't white (a colorless one is nonwhite); the
    ruling cases are tests/cases/oracle/not-colors.yaml."""
    assert noun_filter(phrase, plural) == expected
