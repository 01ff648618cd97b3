"""Conditions of static abilities (CR 611.3a) read by one reader (pysolver/cards/oracle_static.py
static_condition) for every static form: what an opponent controls or no one controls, cards in a
hand or in an opponent's graveyard, devotion (700.5); "~ isn't a creature" while a condition
holds (205.1a, 613.1d); combat-only statics; and the rules that judge them
(asp/static_conditions.lp, asp/objects.lp), read from the rules' stat/3 and has_type/2.  The
ruling cases are tests/cases/oracle/static-conditions.yaml."""

from __future__ import annotations

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import CardError

from helpers import write_inputs

SELF = {"affects": {}, "whose": "any", "self": True}
WHITE_OR_BLUE_CREATURE = {"any_of": [{"colors": ["W"], "types": ["Creature"]}, {"colors": ["U"], "types": ["Creature"]}]}


@pytest.mark.parametrize("text, condition", [
    ("~ gets +1/+1 as long as an opponent controls an Island",
     {"if_you_control": {"filter": {"subtypes": ["Island"]}, "whose": "opponent"}}),
    ("~ gets +1/+1 as long as no opponent controls a white or blue creature",
     {"if_you_control": {"filter": WHITE_OR_BLUE_CREATURE, "none": True, "whose": "opponent"}}),
    ("~ gets +1/+1 as long as you control no Islands",
     {"if_you_control": {"filter": {"subtypes": ["Island"]}, "none": True}}),
    ("~ gets +1/+1 as long as you have seven or more cards in hand", {"if_hand": {"at_least": 7}}),
    ("~ gets +1/+1 as long as you have one or fewer cards in hand", {"if_hand": {"at_most": 1}}),
    ("~ gets +1/+1 as long as you have no cards in hand", {"if_hand": {"at_most": 0}}),
    ("~ gets +1/+1 as long as an opponent has eight or more cards in their graveyard",
     {"if_graveyard": {"at_least": 8, "whose": "opponent"}}),
    ("~ gets +1/+1 as long as there's a Lesson card in your graveyard",
     {"if_graveyard": {"at_least": 1, "filter": {"subtypes": ["Lesson"]}}}),
    ("~ gets +1/+1 as long as seven or more cards are in your graveyard", {"if_graveyard": {"at_least": 7}}),
    ("~ gets +1/+1 as long as there is a land card in your graveyard",
     {"if_graveyard": {"at_least": 1, "filter": {"types": ["Land"]}}}),
    ("~ gets +1/+1 as long as there are four or more card types among cards in your graveyard",
     {"if_graveyard_types": {"at_least": 4}}),
    ("~ gets +1/+1 as long as you control at least three other enchantments",
     {"if_you_control": {"at_least": 3, "filter": {"types": ["Enchantment"], "other": True}}}),
])
def test_a_condition_compiles(text, condition):
    """One reader for every static form's condition (CR 611.3a)."""
    result = compile_card("Test Kavu", text.replace("~", "Test Kavu") + ".", "Creature — Kavu")
    assert result.ok, result.ignored
    assert result.card["abilities"] == [{"static": {**SELF, "pt": {"power": 1, "toughness": 1}, **condition}}]


@pytest.mark.parametrize("text, condition", [
    ("As long as your devotion to white is less than five, ~ isn't a creature",
     {"if_devotion": {"colors": ["W"], "less_than": 5}}),
    ("As long as your devotion to white and blue is less than seven, ~ isn't a creature",
     {"if_devotion": {"colors": ["U", "W"], "less_than": 7}}),
    ("As long as you have no cards in hand, ~ isn't a creature", {"if_hand": {"at_most": 0}}),
])
def test_isnt_a_creature_compiles(text, condition):
    """CR 205.1a, 613.1d: a layer 4 effect on its source, with a condition no layer changes."""
    result = compile_card("Test God", text.replace("~", "Test God") + ".", "Legendary Enchantment Creature — God")
    assert result.ok, result.ignored
    assert result.card["abilities"] == [{"static": {**SELF, "remove_types": ["Creature"], **condition}}]


@pytest.mark.parametrize("text", [
    # A condition a layer changes (what its controller controls: types, after layer 4) can't decide
    # layer 4 (CR 613.8).
    "As long as you control two or more Elves, ~ isn't a creature",
    "As long as your devotion to white and white is less than five, ~ isn't a creature",
    "As long as your devotion to white is five or more, ~ isn't a creature",
    "~ gets +1/+1 as long as an opponent controls another Island",
    "~ gets +1/+1 as long as you control no creatures with power 2 or greater",
    "~ gets +1/+1 as long as there's a Lesson in your graveyard",
    "~ gets +1/+1 as long as there are four or more card types among cards in all graveyards",
    "~ gets +1/+1 as long as there are four or more card types among cards in your library",
    "~ gets +1/+1 as long as an opponent controls three or more other Islands",
    "~ gets +1/+1 as long as you control exactly three other enchantments",
])
def test_a_condition_no_rule_reads_stays_partial(text):
    result = compile_card("Test God", text.replace("~", "Test God") + ".", "Legendary Enchantment Creature — God")
    assert result.status == "partial"


@pytest.mark.parametrize("text", [
    "As long as ~ has a +1/+1 counter on it, it can attack as though it didn't have defender",
    "As long as ~ is a creature, it can block an additional creature each combat",
    "As long as an artifact entered the battlefield under your control this turn, ~ can attack as though it "
    "didn't have defender",
])
def test_a_combat_only_static_is_irrelevant_whatever_its_condition(text):
    """CR 508.1, 509.1: it acts only as attackers or blockers are declared."""
    result = compile_card("Test Crab", text.replace("~", "Test Crab") + ".", "Creature — Crab")
    assert result.ok and [s["class"] for s in result.sentences] == ["irrelevant"]


def _grounded(tmp_path, cards, players, battlefield):
    from pysolver import facts, solver
    _, path = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": cards})
    board = pysolver.board_from_data({"players": players, "battlefield": battlefield}, [path])
    return solver.ground(facts.board_facts(board))


def _card(name, type_line, text, cost, power=None, toughness=None):
    result = compile_card(name, text.replace("~", name), type_line, mana_cost=cost, power=power, toughness=toughness)
    assert result.ok, result.ignored
    return result.card


def test_conditions_decide_power(tmp_path):
    """CR 611.3a, 613.4c: each condition judged per source and board: an opponent's Island, no
    opponent's white or blue creature, cards in hand, some one opponent's graveyard (two opponents
    with one card each are not one with two), a Lesson card in its controller's graveyard."""
    cards = [_card("Test Shaper", "Creature — Merfolk", "~ gets +1/+1 as long as an opponent controls an Island.",
                   "{1}{U}", "1", "1"),
             _card("Test Kavu", "Creature — Kavu", "~ gets +1/+1 as long as no opponent controls a white or blue "
                   "creature.", "{1}{R}", "1", "1"),
             _card("Test Nezumi", "Creature — Rat", "As long as you have two or more cards in hand, ~ gets +2/+1 "
                   "and has fear.", "{2}{B}", "1", "1"),
             _card("Test Sneak", "Creature — Rogue", "As long as an opponent has two or more cards in their "
                   "graveyard, ~ gets +1/+0 and has menace.", "{B}", "1", "1"),
             _card("Test Flyer", "Creature — Pilot", "~ gets +1/+1 as long as there's a Lesson card in your "
                   "graveyard.", "{U}", "1", "1"),
             _card("Test Lesson", "Sorcery — Lesson", "Draw a card.", "{U}"),
             _card("Test Squire", "Creature — Human", "", "{W/U}", "1", "1")]
    mine = ["shaper", "kavu", "nezumi", "sneak", "flyer"]
    names = dict(zip(mine, ["Test Shaper", "Test Kavu", "Test Nezumi", "Test Sneak", "Test Flyer"], strict=True))

    def powers(players, others):
        battlefield = [{"id": i, "card": names[i], "controller": "Alice"} for i in mine] + others
        grounded = _grounded(tmp_path, cards, players, battlefield)
        stats = {(a.arguments[0].string, a.arguments[1].name): a.arguments[2].number
                 for a in grounded.atoms("stat", 3)}
        keywords = {(a.arguments[0].string, a.arguments[1].string) for a in grounded.atoms("has_keyword", 2)}
        return {i: (stats[(i, "power")], stats[(i, "toughness")]) for i in mine}, keywords

    held, keywords = powers([{"name": "Alice", "hand": ["Forest", "Forest"], "graveyard": ["Test Lesson"]},
                             {"name": "Bob", "graveyard": ["Forest", "Forest"]}],
                            [{"id": "island", "card": "Island", "controller": "Bob"}])
    assert held == {"shaper": (2, 2), "kavu": (2, 2), "nezumi": (3, 2), "sneak": (2, 1), "flyer": (2, 2)}
    assert keywords == {("nezumi", "fear"), ("sneak", "menace")}
    failed, keywords = powers([{"name": "Alice", "hand": ["Forest"], "graveyard": ["Forest", "Forest"]},
                               {"name": "Bob", "graveyard": ["Forest"]}, {"name": "Carol", "graveyard": ["Forest"]}],
                              [{"id": "island", "card": "Island", "controller": "Alice"},
                               {"id": "squire", "card": "Test Squire", "controller": "Carol"}])
    assert failed == {"shaper": (1, 1), "kavu": (1, 1), "nezumi": (1, 1), "sneak": (1, 1), "flyer": (1, 1)}
    assert keywords == set()


def test_a_god_is_a_creature_only_at_its_devotion(tmp_path):
    """CR 205.1a, 613.1d, 700.5, 700.5a: devotion to two colors counts a hybrid symbol once and an
    increase once; not a creature, it has no creature type (God) and no power; a later effect
    that sets its card types wins (613.7)."""
    cards = [_card("Test God", "Legendary Enchantment Creature — God", "As long as your devotion to white and blue "
                   "is less than four, ~ isn't a creature.", "{W}{U}", "4", "4"),
             _card("Test Squire", "Creature — Human", "", "{W/U}", "1", "1"),
             _card("Test Altar", "Artifact", "Your devotion to each color and each combination of colors is "
                   "increased by one.", "{3}")]

    def god(others):
        grounded = _grounded(tmp_path, cards, ["Alice", "Bob"],
                             [{"id": "god", "card": "Test God", "controller": "Alice"}] + others)
        types = {a.arguments[1].string for a in grounded.atoms("has_type", 2) if a.arguments[0].string == "god"}
        subtypes = {a.arguments[1].string for a in grounded.atoms("has_subtype", 2) if a.arguments[0].string == "god"}
        stats = {a.arguments[1].name for a in grounded.atoms("stat", 3) if a.arguments[0].string == "god"}
        return types, subtypes, stats

    squire = {"id": "squire", "card": "Test Squire", "controller": "Alice"}
    assert god([squire]) == ({"Enchantment"}, set(), set())  # 2 + 1 (the hybrid once) = 3 < 4
    assert god([squire, {**squire, "id": "squire-2"}]) == ({"Enchantment", "Creature"}, {"God"},
                                                           {"power", "toughness"})
    assert god([squire, {"id": "altar", "card": "Test Altar", "controller": "Alice"}])[0] == {
        "Enchantment", "Creature"}  # 2 + 1 + 1 (the increase once)
    assert god([{**squire, "controller": "Bob"}, {**squire, "id": "squire-2", "controller": "Bob"}])[0] == {
        "Enchantment"}  # CR 700.5: its controller's permanents only


@pytest.mark.parametrize("static, message", [
    ({**SELF, "remove_types": ["Creature"], "if_you_control": {"filter": {"types": ["Land"]}}},
     "its condition must read no layer"),
    ({"affects": {"types": ["Creature"]}, "whose": "you", "remove_types": ["Creature"]}, "only with self"),
])
def test_a_type_removal_layer_4_cant_order_is_refused(tmp_path, static, message):
    """CR 613.8: layer 4 can't read what its controller controls (types are layer 4's result)."""
    card = {"name": "Test God", "types": ["Enchantment", "Creature"], "power": 1, "toughness": 1,
            "abilities": [{"static": static}]}
    with pytest.raises(CardError, match=message):
        _grounded(tmp_path, [card], ["Alice", "Bob"], [{"id": "god", "card": "Test God", "controller": "Alice"}])


@pytest.mark.parametrize("condition, tapped, types", [
    ("untapped", False, {"Artifact"}), ("untapped", True, {"Artifact", "Creature"}),
    ("attached", False, {"Artifact", "Creature"})])
def test_a_type_removal_with_a_lone_board_condition_is_read(tmp_path, condition, tapped, types):
    """CR 611.3a, 613.1d: "as long as it's untapped, it isn't a creature", and reconfigure's "attached" (702.151b):
    conditions on the board alone, which layer 4 reads (the card data refused them: the check counted `if` as a
    condition a layer changes)."""
    card = {"name": "Test Golem", "types": ["Artifact", "Creature"], "power": 1, "toughness": 1,
            "abilities": [{"static": {**SELF, "remove_types": ["Creature"], "if": condition}}]}
    grounded = _grounded(tmp_path, [card], ["Alice", "Bob"],
                         [{"id": "golem", "card": "Test Golem", "controller": "Alice", "tapped": tapped}])
    assert {a.arguments[1].string for a in grounded.atoms("has_type", 2) if a.arguments[0].string == "golem"} == types
