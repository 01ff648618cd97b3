"""The "Activate only ..." sentences of an activated ability that is not a mana ability, and the
changes to what it costs (CR 602.1b, 602.5, 601.2f): compiled where the legality rules read them,
else kept as `unjudged`, and then can-activate and next refuse to answer for that ability.  Before,
they were left in the ability's text, and can-activate answered as if they weren't there."""

from __future__ import annotations

import pytest

import pysolver
from pysolver.cards.oracle import activation_limits, compile_card
from pysolver.errors import QueryError
from helpers import write_inputs

TOTEM = ("{T}: Add {U}.\n{1}{U}: This artifact becomes a 1/2 blue Atog artifact creature until end of turn.\n"
         "{0}: This creature gets +3/+3 until end of turn. You skip your next turn. Activate only once each "
         "turn and only if this permanent is a creature.")
TOWN = "{T}: Add {C}.\n{0}: Return this land to its owner's hand. Activate only if it's not your turn."
ESTATE = ("{T}: Add {C}.\n{5}, {T}: Create a Blood token. This ability costs {1} less to activate for each "
          "Vampire you control.")


@pytest.mark.parametrize("effect, limits", [
    ("Draw a card.", {}),
    ("Draw a card. Activate only as a sorcery.", {"activation_restriction": "Activate only as a sorcery."}),
    ('Create a token with "Flying." Activate only as a sorcery.',
     {"activation_restriction": "Activate only as a sorcery."}),
    ("~ gets +3/+3 until end of turn. Activate only once each turn and only if ~ is a creature.",
     {"activation_restriction": "Activate only once each turn.", "only_if": [{"self_is": {"types": ["Creature"]}}]}),
    ("Scry 1. Activate only if you control three or more artifacts.",
     {"only_if": [{"you_control": {"types": ["Artifact"]}, "at_least": 3}]}),
    ("Draw a card. Activate only if it's not your turn.", {"unjudged": ["Activate only if it's not your turn."]}),
    ("Draw a card. This ability costs {1} less to activate for each Vampire you control.",
     {"unjudged": ["This ability costs {1} less to activate for each Vampire you control."]}),
    # Two conditions that must both hold, where only_if's are alternatives (CR 602.1b).
    ("Draw a card. Activate only if ~ is a creature. Activate only if you control an artifact.",
     {"only_if": [{"self_is": {"types": ["Creature"]}}],
      "unjudged": ["Activate only if you control an artifact."]}),
])
def test_activation_limits(effect, limits):
    assert activation_limits(effect) == limits


def test_an_activated_ability_no_form_compiles_is_not_understood():
    """Forecast (CR 702.57a) is activated from a hand, during its owner's upkeep: the line was irrelevant
    ("touches nothing"), and can-activate numbered the abilities after it one too low (so was Boast's, 702.142a,
    now compiled with its limit unjudged: tests/test_boast.py)."""
    result = compile_card("Seeker", "Forecast — {1}{G}, Reveal ~ from your hand: Search your library for a basic land "
                          "card, reveal it, put it into your hand, then shuffle.", "Creature — Centaur", power="3",
                          toughness="2")
    assert [(s["text"], s["class"]) for s in result.sentences] == [
        ("Forecast — {1}{G}, Reveal ~ from your hand: Search your library for a basic land card, reveal it, put it "
         "into your hand, then shuffle.", "not understood")]


@pytest.fixture
def cards(tmp_path):
    data = [compile_card(name, text, type_line).card for name, text, type_line in (
        ("Test Totem", TOTEM, "Artifact"), ("Test Town", TOWN, "Land"), ("Test Estate", ESTATE, "Land"))]
    return write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": data})[1]


def board(card):
    return {"players": ["A", "B"], "turn": {"number": 3, "active": "A", "step": "precombat_main"},
            "battlefield": [{"id": "x", "card": card, "controller": "A"},
                            {"id": "f", "card": "Forest", "controller": "A"}]}


def test_a_condition_the_rules_read_is_judged(cards):
    """CR 602.1b: the Totem is no creature, so its third ability can't be activated (before: yes)."""
    answer = pysolver.can_activate(pysolver.board_from_data(board("Test Totem"), [cards]), "x", 3)
    assert (answer.can_activate, answer.reasons) == (False, (
        "602.1b: Test Totem is not a creature (activate only if)",))


@pytest.mark.parametrize("card, ability, text", [
    ("Test Town", 2, "Activate only if it's not your turn."),
    ("Test Estate", 2, "This ability costs {1} less to activate for each Vampire you control."),
])
def test_a_condition_the_rules_dont_read_is_refused(cards, card, ability, text):
    with pytest.raises(QueryError) as raised:
        pysolver.can_activate(pysolver.board_from_data(board(card), [cards]), "x", ability)
    assert str(raised.value) == (f"<board>: --ability: x ({card}) ability {ability}: {text!r} is not modelled, "
                                 "so whether it can be activated now is unknown")


@pytest.mark.parametrize("condition, data", [
    # CR 602.5b, 404.2: cards of a kind in its controller's graveyard (Shadows of the Past, Arnim Zola)
    ("there are four or more creature cards in your graveyard", [{"graveyard": {"types": ["Creature"]}, "at_least": 4}]),
    ("there are two or more instant and/or sorcery cards in your graveyard",
     [{"graveyard": {"any_of": [{"types": ["Instant"]}, {"types": ["Sorcery"]}]}, "at_least": 2}]),
    # CR 303.4, 110.5: the permanent an Aura enchants, untapped now (Tourach's Gate, Earthlore, Veteran's Voice)
    ("enchanted land is untapped", [{"self_attached_to": {"tapped": False, "types": ["Land"]}}]),
    ("enchanted creature is untapped", [{"self_attached_to": {"tapped": False, "types": ["Creature"]}}]),
])
def test_activate_only_if_what_the_board_holds(condition, data):
    assert activation_limits(f"You gain 1 life. Activate only if {condition}.") == {"only_if": data}


SHADOWS = ("{4}{B}: Each opponent loses 2 life and you gain 2 life. Activate only if there are four or more creature "
           "cards in your graveyard.")
GATE = ("Enchant land you control\nTap enchanted land: Attacking creatures you control get +2/-1 until end of turn. "
        "Activate only if enchanted land is untapped.")


@pytest.fixture
def held(tmp_path):
    data = [compile_card(name, text, type_line, **stats).card for name, text, type_line, stats in (
        ("Test Shadows", SHADOWS, "Enchantment", {}), ("Test Gate", GATE, "Enchantment — Aura", {}),
        ("Test Bear", "", "Creature — Bear", {"power": "2", "toughness": "2"}))]
    return write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": data})[1]


def test_creature_cards_in_the_graveyard_are_counted(held):
    """CR 602.5b, 404.2: "Activate only if there are four or more creature cards in your graveyard" was kept
    unjudged (can-activate refused Shadows of the Past); it counts the creature cards of its controller's
    graveyard, not a land nor the opponent's cards."""
    answers = []
    for graveyard in (["Test Bear"] * 3 + ["Forest"], ["Test Bear"] * 4):
        board = pysolver.board_from_data({
            "players": [{"name": "Alice", "mana_pool": "{C}{C}{C}{C}{B}", "graveyard": graveyard},
                        {"name": "Bob", "graveyard": ["Test Bear"]}],
            "battlefield": [{"id": "shadows", "card": "Test Shadows", "controller": "Alice"}]}, [held])
        answer = pysolver.can_activate(board, "shadows", 1)
        answers.append((answer.can_activate, answer.reasons))
    assert answers == [
        (False, ("602.1b: Alice's graveyard has 3 creature cards; 4 or more needed (activate only if)",)),
        (True, ())]


def _gate_board(cards, tapped):
    return pysolver.board_from_data({
        "players": ["Alice", "Bob"],
        "battlefield": [{"id": "swamp", "card": "Swamp", "controller": "Alice", "tapped": tapped},
                        {"id": "gate", "card": "Test Gate", "controller": "Alice",
                         "attached_to": {"permanent": "swamp"}}]}, [cards])


def test_a_tapped_enchanted_land_is_judged(held):
    """CR 602.5b, 303.4, 110.5: "Activate only if enchanted land is untapped" was kept unjudged (can-activate
    refused Tourach's Gate whatever the land); it reads the land the Aura is attached to: tapped, the answer is
    no, whatever its cost "Tap enchanted land" (text the rules don't pay) would need.  Untapped, that cost
    leaves the answer unknown: refused, naming it."""
    answer = pysolver.can_activate(_gate_board(held, True), "gate", 1)
    assert (answer.can_activate, answer.reasons) == (False, (
        "602.1b: Test Gate is not attached to an untapped land (activate only if)",
        "not judged, as the answer is no without it: the cost 'Tap enchanted land'"))
    with pytest.raises(QueryError) as error:
        pysolver.can_activate(_gate_board(held, False), "gate", 1)
    assert str(error.value).endswith("gate (Test Gate) ability 1: the cost 'Tap enchanted land' is not modelled, so "
                                     "whether it can be paid is unknown")
