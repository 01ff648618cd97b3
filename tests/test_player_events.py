"""Abilities that trigger on a player's event, compiled from Oracle text (issue 13): "Whenever you gain
life", "Whenever an opponent draws a card" (CR 603.2, 119.3, 121.1).  pysolver next puts them on the
stack once for each event (tests/cases/next/player-events.yaml); the queries that don't refuse."""

from __future__ import annotations

from pathlib import Path

import pytest


from helpers import lone_trigger, write_inputs

CARDS = Path(__file__).parent / "cases" / "next" / "player-events.yml"


def trigger(text: str) -> dict | None:
    return lone_trigger(text, "Creature — Demon", power="1", toughness="1")


@pytest.mark.parametrize(("text", "triggered"), [
    ("Whenever you gain life, put a +1/+1 counter on this creature.",
     {"when": {"event": "gain_life", "whose": "you"}, "do": [{"counter_on_self": "+1/+1"}],
      "text": "put a +1/+1 counter on Fiend"}),
    ("Whenever a player gains life, you draw a card.",
     {"when": {"event": "gain_life", "whose": "any"}, "do": [{"draw": 1}], "text": "you draw a card"}),
    ("Whenever an opponent draws a card, you may draw two cards.",
     {"when": {"event": "draw", "whose": "opponent"}, "do": [{"draw": 2}], "may": True,
      "text": "you may draw two cards"}),
    # the amount gained, the player who drew: the effect reads the event, so only its text
    ("Whenever you gain life, target opponent loses that much life.",
     {"when": {"event": "gain_life", "whose": "you"}, "text": "target opponent loses that much life"}),
    ("Whenever an opponent draws a card, that player loses 1 life.",
     {"when": {"event": "draw", "whose": "opponent"}, "text": "that player loses 1 life"}),
])
def test_player_event_forms(text, triggered):
    assert trigger(text) == triggered


def test_the_second_card_each_turn_is_refused_where_it_would_trigger(cli, tmp_path):
    """CR 603.2: "your second card each turn": the board doesn't record the cards drawn this turn, so
    next refuses as the ability would go on the stack, saying why."""
    assert trigger("Whenever you draw your second card each turn, you gain 1 life.") == {
        "when": {"event": "draw", "whose": "you", "unjudged": "it looks only at the second card its player draws "
                 "each turn, and the board doesn't record the cards drawn this turn (CR 603.2)"},
        "do": [{"gain_life": 1}], "text": "you gain 1 life"}
    board, cards = write_inputs(tmp_path, cards="""\
format: pysolver-oracle/1
cards:
- {name: Second Sight, types: [Enchantment], oracle: "Whenever you draw your second card each turn, you gain 1 life."}
""", board="""\
players: [{name: Alice, library: [Island]}, Bob]
turn: {number: 4, active: Alice, step: upkeep}
battlefield:
- {id: sight, card: Second Sight, controller: Alice}
""")
    assert cli("next", board, "pass", "--cards", cards) == (
        2, "", f"error: {board}: action 1 (pass): sight's \"you gain 1 life\" triggers (CR 603.2), and it looks only "
               "at the second card its player draws each turn, and the board doesn't record the cards drawn this turn "
               "(CR 603.2)\n")


def test_first_discard_each_turn_and_fifth_card_are_unjudged():
    """CR 603.2: "for the first time each turn" and "your fifth card each turn" look at the turn's earlier
    events, which next doesn't follow: the ability is read, and next refuses where it would trigger."""
    assert trigger("Whenever you discard one or more cards for the first time each turn, draw that many cards.") == {
        "when": {"event": "discard", "whose": "you", "batch": True,
                 "unjudged": "it triggers only the first time each turn its player discards cards, which next "
                             "doesn't follow from the events of earlier actions (CR 603.2)"},
        "text": "draw that many cards"}
    assert trigger("Whenever you draw your fifth card each turn, you gain 1 life.") == {
        "when": {"event": "draw", "whose": "you",
                 "unjudged": "it looks only at the fifth card its player draws each turn, and the board doesn't "
                             "record the cards drawn this turn (CR 603.2)"},
        "do": [{"gain_life": 1}], "text": "you gain 1 life"}


@pytest.mark.parametrize("text", [
    "Whenever you gain life for the first time each turn, put a +1/+1 counter on this creature.",
    "Whenever you gain life, if you have 30 or more life, you win the game.",
])
def test_player_event_forms_left_unread(text):
    """How often or when it triggers beyond the event itself: no form states it (the board doesn't record
    the turn's life gains or draws), so the sentence stays not understood."""
    assert trigger(text) is None


def test_outcomes_refuses_a_life_gain_that_triggers(cli, tmp_path):
    """CR 603.2: outcomes resolves the step's triggers but doesn't put what a life gain triggers on the
    stack: refused, naming the ability (pysolver next resolves it: the case next-gain-life-trigger-from-a-trigger)."""
    board, _ = write_inputs(tmp_path, board="""\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: upkeep}
battlefield:
- {id: chime, card: Dawn Chime, controller: Alice}
- {id: acolyte, card: Lifeblood Acolyte, controller: Alice}
""")
    assert cli("outcomes", board, "--cards", CARDS) == (
        2, "", f"error: {board}: Alice gains life, which can trigger Lifeblood Acolyte (acolyte:1) (CR 603.2, "
               "119.3); outcomes doesn't put the abilities a life gain triggers on the stack (pysolver next "
               "resolve does)\n")
