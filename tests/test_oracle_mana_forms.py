"""The compiler's forms of mana abilities and their objects (issue 13 item 2): colors among
objects, cards in a graveyard; the fixture tests/fixtures/cards/compiled-mana.yaml (used by
tests/cases/oracle/mana-colors.yaml) is exactly what the compiler makes."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card

FIXTURE = Path(__file__).parent / "fixtures" / "cards" / "compiled-mana.yaml"


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
    ("{T}: Add one mana of any color among legendary creatures and planeswalkers you control.",
     {"color_among": {"whose": "you", "filter": {"any_of": [{"supertypes": ["Legendary"], "types": ["Creature"]},
                                                            {"types": ["Planeswalker"]}]}}}),
    ("{T}: Add one mana of any color that shares a color with a permanent a player controls.",
     {"color_among": {"whose": "any", "filter": {}}}),
    ("{T}: Add one mana of any color among legendary creature cards in your graveyard.",
     {"color_among": {"zone": "graveyard", "whose": "you",
                      "filter": {"supertypes": ["Legendary"], "types": ["Creature"]}}}),
    ("{T}: Choose a color of a card in your graveyard. Add one mana of that color.",
     {"color_among": {"zone": "graveyard", "whose": "you", "filter": {}}}),
    ("{T}: Add an amount of {R} equal to the greatest power among creatures you control that entered "
     "this turn.", {"mana": "{R}", "amount": {"greatest": {"stat": "power", "whose": "you", "filter": {
         "types": ["Creature"], "entered_this_turn": True}}}}),
    ("{T}: Add one mana of any of the exiled card's colors.", {"color_among": {"zone": "exiled", "filter": {}}}),
    ("{T}: For each color among the exiled cards used to craft ~, add one mana of that color.",
     {"each_color_among": {"zone": "exiled", "filter": {}}}),
    ("{T}: Reveal any number of artifact cards in your hand. Add {C}{C} for each card revealed this way.",
     {"mana": "{C}{C}", "amount": {"revealed": {"filter": {"types": ["Artifact"]}}}}),
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


@pytest.mark.parametrize("sentence", [
    "A deck can have any number of cards named ~.",
    "If it is, your deck can contain any basic land cards and cards of any color identity that can create Food "
    "tokens.",
])
def test_a_deck_construction_rule_is_irrelevant_to_a_board(sentence):
    """CR 100.2a, 903.5: what a deck may contain applies before the game, to no board state (The Waffle
    Restaurant: "~ can be your commander. If it is, your deck can contain ...")."""
    text = "~ can be your commander. " + sentence if sentence.startswith("If it is") else sentence
    result = compile_card("Test Diner", text + "\n{T}: Add {C}.", "Legendary Land")
    assert (result.status, [(s["text"], s["class"], s["why"]) for s in result.sentences][-2]) == (
        "ok", (sentence, "irrelevant", "a deck-construction rule (CR 100.2a, 903.5): it applies before the game, "
                                       "to no board state"))


def test_a_tap_trigger_that_adds_no_mana_is_a_triggered_ability():
    result = compile_card("Test Druid", "{T}: Add {G}.\nWhenever you tap ~ for mana, it deals 1 damage to "
                          "each opponent.", "Creature")
    assert (result.status, result.problems) == ("ok", [])
    assert result.card["abilities"][1] == {"triggered": {
        "when": {"event": "tapped_for_mana", "tapped": {}, "tapper": "you", "self": True},
        "text": "it deals 1 damage to each opponent"}}
    assert result.sentences[1]["why"].startswith("a triggered ability when it is tapped for mana that adds "
                                                 "no mana (CR 603.2, 605.5a)")


def class_level_bar(cost: str, level: int) -> dict:
    """CR 716.2a: "[Cost]: Level N" (tests/test_class_levels.py)."""
    return {"activated": {"cost": [cost], "text": f"~'s level becomes {level}. Activate only as a sorcery and only "
                          f"if ~ is level {level - 1}.", "activation_restriction": "Activate only as a sorcery.",
                          "only_if": [{"self_level": level - 1}]}}


def test_a_class_level_section_applies_from_its_level():
    result = compile_card("Test Class", "{U}{R}: Level 2\nCreatures you control have \"{T}: Add {U} or {R}.\"\n"
                          "{1}{U}{R}: Level 3\n{T}: Add {C}{C}.", "Enchantment — Class")
    assert (result.status, result.problems) == ("ok", [])
    assert result.card["abilities"] == [
        class_level_bar("{U}{R}", 2),
        {"static": {"affects": {"types": ["Creature"]}, "whose": "you",
                    "grant": [{"mana": {"cost": ["{T}"], "add": {"one_of": ["U", "R"]}}}], "if_level": 2}},
        class_level_bar("{1}{U}{R}", 3),
        {"static": {"affects": {}, "whose": "any", "self": True, "if_level": 3,
                    "grant": [{"mana": {"cost": ["{T}"], "add": {"mana": "{C}{C}"}}}]}}]


def test_an_ability_a_level_cannot_gate_is_refused():
    """(A triggered ability is gated: tests/test_class_level_triggers.py.)"""
    result = compile_card("Test Class", "{U}{R}: Level 2\nNoncreature spells you cast cost {1} less to cast.",
                          "Enchantment — Class")
    assert result.problems == ["line 2: can't compile 'Noncreature spells you cast cost {1} less to cast.' (an "
                               "ability of Class level 2 that only a level can't gate)"]


def test_a_trigger_on_casting_that_deals_damage_is_not_a_combat_trigger():
    result = compile_card("Test Card", "{T}: Add {R}.\nWhenever you cast an instant spell, that spell deals "
                          "damage to each opponent and you gain 1 life.", "Creature")
    # A cast trigger (CR 603.2, 601.2i): next puts it on the stack; its effect isn't modelled, so it
    # keeps only its text and resolving it is refused.
    assert result.status == "ok"
    assert (result.sentences[1]["class"], result.sentences[1]["why"]) == (
        "compiled", "a triggered ability when a spell is cast (CR 603.2, 601.2i)")
    assert result.card["abilities"][1] == {"triggered": {
        "when": {"event": "cast", "filter": {"types": ["Instant"]}, "whose": "you"},
        "text": "that spell deals damage to each opponent and you gain 1 life"}}


def test_a_board_written_by_next_keeps_exiled_cards_and_level():
    import pysolver
    from pysolver import next_state

    cards = [FIXTURE, FIXTURE.parent / "graveyard-cards.yaml"]
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "mox", "card": "Chrome Mox", "controller": "Alice", "exiled": ["Test Legend"]},
        {"id": "class", "card": "Test Mana Class", "controller": "Alice", "level": 2}]}, cards)
    written = next_state.to_data(board)["battlefield"]
    assert (written[0]["exiled"], written[1]["level"]) == (["Test Legend"], 2)
    again = pysolver.board_from_data(next_state.to_data(board), cards)
    assert [(p.exiled, p.level) for p in again.battlefield] == [(("Test Legend",), None), ((), 2)]


@pytest.mark.parametrize("text, problem", [
    ("{T}: Add {G}.\nWhen ~ dies, conjure a card named Forest onto the battlefield.",
     "a digital-only action 'conjure' (MTG Arena), which the Comprehensive Rules don't define, in a sentence "
     "that can change the battlefield, a characteristic or mana"),
    ("{T}: Add {C}.\nAs you draft a card, you may draft an additional card from that booster pack.",
     "it depends on choices made while drafting (Conspiracy Draft, CR 905), which no board records"),
    ("{T}: Roll a d20. If you roll 10 or higher, add {C}.",
     "line 1: can't compile 'Roll a d20' in a mana ability: what it adds is left to chance (CR 706), which no "
     "query models"),
])
def test_cards_beyond_the_rules_are_refused_with_the_reason(text, problem):
    result = compile_card("Test Card", text, "Artifact")
    assert (result.status, result.problems[0]) == ("unsupported", problem)


@pytest.mark.parametrize("text, replacements", [
    ("If a basic land you control is tapped for mana, it produces mana of a color of your choice instead of any "
     "other type.",
     [{"tapped": {"supertypes": ["Basic"], "types": ["Land"]}, "tapper": "any", "controller": "you",
       "becomes": {"any_color": True}}]),
    ("If tapped for mana, Plains produce {R}, Islands produce {G}, Swamps produce {W}, Mountains produce {U}, and "
     "Forests produce {B} instead of any other type.",
     [{"tapped": {"subtypes": [land]}, "tapper": "any", "becomes": {"type": mana}}
      for land, mana in (("Plains", "R"), ("Island", "G"), ("Swamp", "W"), ("Mountain", "U"), ("Forest", "B"))]),
])
def test_replacements_of_the_type_of_mana(text, replacements):
    """CR 106.12b, 614.1a: one choice of color for all the mana; one effect per land type named."""
    result = compile_card("Test Card", text, "Enchantment")
    assert (result.status, result.problems) == ("ok", [])
    assert [a["replacement"] for a in result.card["abilities"]] == replacements


@pytest.mark.parametrize("text", [
    "If a basic land you control is tapped for mana, it produces mana of any color instead of any other type.",
    "If tapped for mana, Plains produce {R}, and Plains produce {G} instead of any other type.",
    "If tapped for mana, Plains produce {R} and {G} instead of any other type.",
])
def test_near_shapes_of_a_type_replacement_stay_not_understood(text):
    result = compile_card("Test Card", text, "Enchantment")
    assert result.status == "unsupported"
    assert result.problems in ([f"line 1: can't compile '{text[:-1]}'"], [f"line 1: can't compile '{text}'"])
