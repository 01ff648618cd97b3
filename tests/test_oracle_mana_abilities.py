"""Forms of mana abilities the compiler reads (issue 13): "Activate only if ..." conditions
(CR 602.1b, read by asp/legality.lp), cards with {X} in their mana cost (107.3), life lost
beside the mana; each compiled to card data, and the forms it refuses.  The rulings on
boards are tests/cases/oracle/mana-conditions.yaml."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card, noun_filter


def only_if(text: str) -> list[dict]:
    result = compile_card("Test Card", text, "Artifact")
    assert (result.status, result.problems) == ("ok", []), result.problems
    (ability,) = [a["mana"] for a in result.card["abilities"] if "mana" in a]
    return ability["only_if"]


@pytest.mark.parametrize("condition, data", [
    ("you control three or more artifacts", [{"you_control": {"types": ["Artifact"]}, "at_least": 3}]),
    ("you control seven or more lands", [{"you_control": {"types": ["Land"]}, "at_least": 7}]),
    ("this permanent is a creature", [{"self_is": {"types": ["Creature"]}}]),
    ("this artifact entered this turn", [{"self_entered_this_turn": True}]),
    ("this artifact has two or more oil counters on it", [{"self_counters": "oil", "at_least": 2}]),
    ("this artifact has a charge counter on it", [{"self_counters": "charge"}]),
    # CR 602.5b: "there are N or more ... counters on ~" says the same (Luxa River Shrine, Oracle's Vault)
    ("there are three or more brick counters on this artifact", [{"self_counters": "brick", "at_least": 3}]),
    ("there is a charge counter on this artifact", [{"self_counters": "charge"}]),
    # CR 602.5b, 208.1: its power now, after every effect (Bloodshot Trainee)
    ("this artifact's power is 4 or greater", [{"self_is": {"power_at_least": 4}}]),
    ("this artifact entered this turn or if you control a basic land",
     [{"self_entered_this_turn": True}, {"you_control": {"supertypes": ["Basic"], "types": ["Land"]}}]),
])
def test_activate_only_if_forms(condition, data):
    assert only_if(f"{{T}}: Add {{C}}. Activate only if {condition}.") == data


def test_the_simple_control_form_keeps_its_own_field():
    result = compile_card("Test Card", "{T}: Add {B}. Activate only if you control a Swamp.", "Land")
    assert result.card["abilities"] == [{"mana": {"cost": ["{T}"], "add": {"mana": "{B}"},
                                                  "only_if_you_control": {"subtypes": ["Swamp"]}}}]


@pytest.mark.parametrize("condition, problem", [
    ("you control three artifacts",
     "line 1: can't compile 'Activate only if you control three artifacts' (exactly 3)"),
    ("this artifact has two oil counters on it",
     "line 1: can't compile 'Activate only if ~ has two oil counters on it' (exactly 2)"),
    ("an opponent controls a Swamp", "line 1: can't compile 'Activate only if an opponent controls a Swamp'"),
])
def test_other_conditions_are_refused(condition, problem):
    result = compile_card("Test Card", f"{{T}}: Add {{C}}. Activate only if {condition}.", "Artifact")
    assert (result.status, result.problems) == ("unsupported", [problem])


def test_cards_with_x_in_their_mana_cost():
    result = compile_card("Test Card", "{T}: Reveal any number of cards with {X} in their mana cost in your "
                          "hand. Add {C}{C} for each card revealed this way.", "Artifact")
    assert result.card["abilities"] == [{"mana": {"cost": ["{T}"], "add": {
        "mana": "{C}{C}", "amount": {"revealed": {"filter": {"x_in_mana_cost": True}}}}}}]
    result = compile_card("Test Card", "{T}: Reveal any number of creature cards with {X} in their mana cost "
                          "in your hand. Add {G} for each card revealed this way.", "Artifact")
    assert result.card["abilities"][0]["mana"]["add"]["amount"] == {
        "revealed": {"filter": {"types": ["Creature"], "x_in_mana_cost": True}}}


def test_life_lost_beside_the_mana_is_a_rider():
    result = compile_card("Test Card", "{T}: Add one mana of any color and lose life equal to the number of "
                          "Barnyards you control.", "Land")
    assert result.card["abilities"] == [{"mana": {"cost": ["{T}"], "add": {"one_of": "any_color"}, "riders": [
        {"text": "You lose life equal to the number of Barnyards you control."}]}}]
    result = compile_card("Test Card", "{T}: Add {B} and you lose 1 life.", "Land")
    assert result.card["abilities"][0]["mana"]["riders"] == [{"text": "You lose 1 life."}]


def test_life_lost_with_an_x_is_refused():
    result = compile_card("Test Card", "{T}: Add X {G} and each opponent loses X life, where X is the number of "
                          "Elves you control.", "Creature")
    assert result.status == "unsupported"


@pytest.mark.parametrize("phrase, plural, spec", [
    ("a black or artifact creature", False, {"any_of": [{"colors": ["B"], "types": ["Creature"]},
                                                        {"types": ["Artifact", "Creature"]}]}),
    ("red or green creatures", True, {"any_of": [{"colors": ["R"], "types": ["Creature"]},
                                                 {"colors": ["G"], "types": ["Creature"]}]}),
])
def test_one_of_two_kinds_of_a_noun(phrase, plural, spec):
    assert noun_filter(phrase, plural) == spec


@pytest.mark.parametrize("text, problem", [
    ("12+ | {T}: Add {U} for each artifact you control.",
     "line 1: can't compile '12+ | ' before a mana ability: a station threshold, which the Comprehensive Rules "
     "this project follows (February 7, 2025) don't define"),
    ("Legacy — {T}, Mark one of ~'s unmarked nodes: Add one mana of any color.",
     "line 1: can't compile 'Legacy — ' before a mana ability: it marks the card's nodes, an action the "
     "Comprehensive Rules don't define"),
])
def test_refused_with_a_precise_reason(text, problem):
    result = compile_card("Test Card", text, "Land")
    assert (result.status, result.problems) == ("unsupported", [problem])


def test_counters_there_are_on_it_are_judged(tmp_path):
    """CR 602.5b: "Activate only if there are three or more brick counters on this artifact" was kept unjudged, so
    can-activate refused Luxa River Shrine's life gain; it reads the counters the board gives."""
    import pysolver

    cards = tmp_path / "cards.yaml"
    cards.write_text("format: pysolver-oracle/1\ncards:\n- name: Test Shrine\n  types: [Artifact]\n  oracle: \"{T}: You "
                     "gain 2 life. Activate only if there are three or more brick counters on this artifact.\"\n",
                     encoding="utf-8")
    for bricks, expected in ((2, False), (3, True)):
        board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
            {"id": "shrine", "card": "Test Shrine", "controller": "Alice", "counters": {"brick": bricks}}]}, [cards])
        assert pysolver.can_activate(board, "shrine", 1).can_activate is expected


def test_its_power_is_judged(tmp_path):
    """CR 602.5b: "Activate only if this creature's power is 4 or greater" was kept unjudged (can-activate refused);
    it reads the creature's power now, its +1/+1 counters counted (613.4c)."""
    import pysolver

    cards = tmp_path / "cards.yaml"
    cards.write_text("format: pysolver-oracle/1\ncards:\n- name: Test Trainee\n  types: [Creature]\n  power: '2'\n"
                     "  toughness: '1'\n  oracle: \"{T}: You gain 1 life. Activate only if this creature's power is 4 or "
                     "greater.\"\n", encoding="utf-8")
    for counters, expected in (({}, False), ({"+1/+1": 2}, True)):
        board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
            {"id": "trainee", "card": "Test Trainee", "controller": "Alice", "counters": counters}]}, [cards])
        assert pysolver.can_activate(board, "trainee", 1).can_activate is expected
