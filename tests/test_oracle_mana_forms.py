"""The compiler's forms of mana abilities and their objects (issue 13 item 2): colors among
objects, cards in a graveyard; the fixture tests/fixtures/cards/compiled-mana.yaml (used by
tests/cases/oracle/mana-colors.yaml) is exactly what the compiler makes."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pysolver.cards.oracle import compile_card

FIXTURE = Path(__file__).parent / "fixtures" / "cards" / "compiled-mana.yaml"


@pytest.mark.parametrize("card", yaml.safe_load(FIXTURE.read_text("utf-8"))["cards"],
                         ids=lambda card: card["name"])
def test_the_fixture_is_what_the_compiler_makes(card):
    result = compile_card(card["name"], card["oracle"], types=card["types"],
                          subtypes=card.get("subtypes", []), supertypes=card.get("supertypes", []),
                          mana_cost=card.get("mana_cost"), keywords=card.get("keywords"),
                          **{k: str(card[k]) for k in ("power", "toughness") if k in card})
    assert (result.status, result.problems) == ("ok", [])
    assert result.card == card


def add_of(text: str) -> dict:
    result = compile_card("Test Card", text, "Artifact")
    assert (result.status, result.problems) == ("ok", []), result.problems
    (ability,) = [a for a in result.card["abilities"] if "mana" in a]
    return ability["mana"]["add"]


@pytest.mark.parametrize("text, add", [
    ("{T}: For each color among permanents you control, add one mana of that color.",
     {"each_color_among": {"whose": "you", "filter": {}}}),
    ("{T}: Add one mana of any color among legendary creatures you control.",
     {"color_among": {"whose": "you", "filter": {"supertypes": ["Legendary"], "types": ["Creature"]}}}),
    ("{T}: Add one mana of any color that shares a color with a permanent a player controls.",
     {"color_among": {"whose": "any", "filter": {}}}),
    ("{T}: Add one mana of any color among legendary creature cards in your graveyard.",
     {"color_among": {"zone": "graveyard", "whose": "you",
                      "filter": {"supertypes": ["Legendary"], "types": ["Creature"]}}}),
    ("{T}: Choose a color of a card in your graveyard. Add one mana of that color.",
     {"color_among": {"zone": "graveyard", "whose": "you", "filter": {}}}),
    ("{T}: Add {B} for each black creature card in your graveyard.",
     {"mana": "{B}", "amount": {"count": {"whose": "you", "zone": "graveyard",
                                          "filter": {"colors": ["B"], "types": ["Creature"]}}}}),
])
def test_colors_among_objects_and_graveyard_counts(text, add):
    assert add_of(text) == add


@pytest.mark.parametrize("text, reason", [
    ("{T}: Add one mana of any color among creatures.",
     "line 1: can't compile the objects 'creatures' (whose?)"),
    ("{T}: Add one mana of any color among token cards in your graveyard.",
     "line 1: can't compile the cards 'token cards' (only types, supertypes and colors of a card "
     "are judged)"),
])
def test_objects_the_rules_cannot_judge_are_refused(text, reason):
    result = compile_card("Test Card", text, "Artifact")
    assert (result.status, result.problems) == ("unsupported", [reason])


@pytest.mark.parametrize("text, instead", [
    ("{T}: Add {C}. If ~ has a luck counter on it, instead add one mana of any color.",
     {"if": {"counter": "luck"}, "add": {"one_of": "any_color"}}),
    ("{T}: Add {C}. If you control an Urza's Mine and an Urza's Power-Plant, add {C}{C}{C} instead.",
     {"if": {"you_control": [{"subtypes": ["Urza's", "Mine"]}, {"subtypes": ["Urza's", "Power-Plant"]}]},
      "add": {"mana": "{C}{C}{C}"}}),
])
def test_the_abilitys_own_instead(text, instead):
    result = compile_card("Test Card", text, "Land")
    assert (result.status, result.problems) == ("ok", [])
    assert result.card["abilities"] == [{"mana": {"cost": ["{T}"], "add": {"mana": "{C}"}, "instead": instead}}]


def test_an_instead_of_a_counted_amount_is_refused():
    result = compile_card("Test Card", "{T}: Add {G} for each Elf you control. If ~ has a luck counter on "
                          "it, instead add {G}{G}.", "Land")
    assert result.problems == ["line 1: can't compile 'If ~ has a luck counter on it, instead add {G}{G}' "
                               "(instead of an amount)"]


def test_an_opening_hand_action_is_irrelevant_to_a_board():
    result = compile_card("Test Card", "If this card is in your opening hand, you may begin the game with "
                          "it on the battlefield.\n{T}: Add {C}.", "Land")
    assert result.status == "ok"
    assert result.sentences[0]["class"] == "irrelevant"
    assert result.sentences[0]["why"].startswith("an action from the opening hand before the game begins "
                                                 "(CR 103.6)")
