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
    """Boast (CR 702.142a) asks whether the creature attacked this turn: the line was irrelevant
    ("touches nothing"), and can-activate numbered the abilities after it one too low."""
    result = compile_card("Seeker", "Boast — {1}{G}: Search your library for a basic land card, reveal it, put it "
                          "into your hand, then shuffle.", "Creature — Centaur", power="3", toughness="2")
    assert [(s["text"], s["class"]) for s in result.sentences] == [
        ("Boast — {1}{G}: Search your library for a basic land card, reveal it, put it into your hand, then "
         "shuffle.", "not understood")]


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
