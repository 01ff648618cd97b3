"""The noun-phrase grammar every form reads objects with (pysolver/cards/oracle.py noun_filter and
whose_filter, issue 13, session 40): "and/or" between alternatives, an article before each alternative
("a Swamp or a Mountain"), a relative clause naming the kind again ("that's a Wolf or a Werewolf",
"that are Spirits and/or enchantments"), "other than ~" and "another" where the place judges "other",
"you don't control" (CR 102.3), "with oil counters on it", a plural ending in "-lves" ("Werewolves").
The ruling cases are tests/cases/mana/object-grammar.yaml."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import Unsupported, amount_from, compile_card, noun_filter, singular, whose_filter

WOLF_OR_WEREWOLF = [{"subtypes": ["Wolf"]}, {"subtypes": ["Werewolf"]}]


@pytest.mark.parametrize(("phrase", "plural", "expected"), [
    ("Dog and/or Wolf you control", False, ("you", {"any_of": [{"subtypes": ["Dog"]}, {"subtypes": ["Wolf"]}]})),
    ("artifacts and/or enchantments you control", True,
     ("you", {"any_of": [{"types": ["Artifact"]}, {"types": ["Enchantment"]}]})),
    ("Wolves and/or Werewolves you control", True, ("you", {"any_of": WOLF_OR_WEREWOLF})),
    ("a Swamp or a Mountain", False, ("any", {"any_of": [{"subtypes": ["Swamp"]}, {"subtypes": ["Mountain"]}]})),
    ("a Swamp, a Mountain, or a Forest", False,
     ("any", {"any_of": [{"subtypes": ["Swamp"]}, {"subtypes": ["Mountain"]}, {"subtypes": ["Forest"]}]})),
    ("creature you control that's a Wolf or a Werewolf", False,
     ("you", {"types": ["Creature"], "any_of": WOLF_OR_WEREWOLF})),
    ("permanents you control that are Spirits and/or enchantments", True,
     ("you", {"any_of": [{"subtypes": ["Spirit"]}, {"types": ["Enchantment"]}]})),
    ("creatures you control that are Elves", True, ("you", {"types": ["Creature"], "subtypes": ["Elf"]})),
    ("modified creatures you control other than ~", True,
     ("you", {"attached": "modified", "types": ["Creature"], "other": True})),
    ("another Elf you control", False, ("you", {"subtypes": ["Elf"], "other": True})),
    ("other creature on the battlefield named ~", False,
     ("any", {"named": "~", "other": True, "types": ["Creature"]})),
    ("creatures you don't control", True, ("opponent", {"types": ["Creature"]})),
    ("permanent you control with oil counters on it", False, ("you", {"with_counter": "oil"})),
])
def test_the_grammar_reads(phrase, plural, expected):
    assert whose_filter(phrase, plural=plural, other=True) == expected


@pytest.mark.parametrize(("phrase", "message"), [
    ("Merfolk or an Island", "the objects 'Merfolk or an Island'"),  # "another Merfolk or an Island": two scopes
    ("an artifact and an enchantment", "the objects 'an artifact and an enchantment'"),  # both, not either
    ("permanents that are artifacts and creatures", "the objects 'permanents that are artifacts and creatures'"),
    ("creatures you control that are attacking", "the objects 'attacking'"),  # no filter says attacking
    ("creature that's a copy of it", "the objects 'copy of it'"),
])
def test_shapes_it_does_not_read_are_refused(phrase, message):
    with pytest.raises(Unsupported) as raised:
        whose_filter(phrase, plural=True, other=True)
    assert str(raised.value) == message


@pytest.mark.parametrize(("phrase", "message"), [
    ("another Elf", "'another Elf' (\"another\" objects)"),
    ("Elf you control other than ~", "'Elf you control other than ~' (\"other\" objects)"),
])
def test_other_only_where_the_place_judges_it(phrase, message):
    with pytest.raises(Unsupported) as raised:
        whose_filter(phrase)
    assert str(raised.value) == message


def test_amounts_read_it_too():
    assert amount_from("the number of Merfolk and/or Faeries you control") == {
        "count": {"whose": "you", "filter": {"any_of": [{"subtypes": ["Merfolk"]}, {"subtypes": ["Faerie"]}]}}}
    assert noun_filter("Dog and/or Wolf") == {"any_of": [{"subtypes": ["Dog"]}, {"subtypes": ["Wolf"]}]}


def test_plurals_in_lves():
    assert [singular(w) for w in ("Werewolves", "Wolves", "Elves", "Halves")] == ["Werewolf", "Wolf", "Elf", "Halve"]


@pytest.mark.parametrize(("text", "add"), [
    ("{T}: Add {G} for each Dog and/or Wolf you control.",
     {"mana": "{G}", "amount": {"count": {"whose": "you", "filter": {
         "any_of": [{"subtypes": ["Dog"]}, {"subtypes": ["Wolf"]}]}}}}),
    ("{T}: Add {C} for each creature you control that's a Wolf or a Werewolf.",
     {"mana": "{C}", "amount": {"count": {"whose": "you", "filter": {
         "types": ["Creature"], "any_of": WOLF_OR_WEREWOLF}}}}),
    ("{T}: Add {G} for each Elf you control other than this land.",
     {"mana": "{G}", "amount": {"count": {"whose": "you", "filter": {"subtypes": ["Elf"], "other": True}}}}),
    ("{T}: Add {R} for each creature you don't control.",
     {"mana": "{R}", "amount": {"count": {"whose": "opponent", "filter": {"types": ["Creature"]}}}}),
    ("{T}: Add {C} for each permanent you control with oil counters on it.",
     {"mana": "{C}", "amount": {"count": {"whose": "you", "filter": {"with_counter": "oil"}}}}),
])
def test_mana_abilities(text, add):
    result = compile_card("Test Den", text, "Land")
    assert (result.status, result.card["abilities"]) == ("ok", [{"mana": {"cost": ["{T}"], "add": add}}])


def test_a_condition_of_an_upkeep_trigger():
    result = compile_card("Test Pack Leader", "At the beginning of your upkeep, if you control three or more Wolves "
                          "and/or Werewolves, you gain 1 life.", "Creature — Wolf")
    assert result.card["abilities"][0]["triggered"]["if"] == {
        "you_control": {"at_least": 3, "filter": {"any_of": WOLF_OR_WEREWOLF}}}


def test_a_condition_on_the_equipped_creature():
    result = compile_card("Test Moon Blade", "Equip {2}\nAs long as equipped creature is a Wolf or Werewolf, it "
                          "has lifelink.", "Artifact — Equipment")
    assert (result.status, result.card["abilities"][1]) == ("ok", {"static": {
        "affects": {"types": ["Creature"], "any_of": WOLF_OR_WEREWOLF}, "whose": "any", "enchanted": True,
        "grant_keywords": ["Lifelink"]}})
