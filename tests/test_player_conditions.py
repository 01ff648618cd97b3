"""Intervening "if" clauses on a player's life total or hand (issue 13; CR 603.4, 119.1, 402.1): "if you have 40
or more life", "if that player has one or fewer cards in hand" (the active player of each player's or each
opponent's step, 603.2b).  asp/turn.lp judges them on the board as the step begins; the effect is kept as text
(outcomes doesn't check the condition again as it resolves, so next refuses to resolve it).  Cases:
tests/cases/turn/player-conditions.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card

from helpers import write_inputs

CASES = Path(__file__).parent / "cases" / "turn"


@pytest.mark.parametrize(("text", "when", "state", "effect"), [
    ("At the beginning of your upkeep, if you have 40 or more life, you win the game.",
     {"step": "upkeep", "whose": "you"}, {"whose": "you", "of": "life", "at_least": 40}, "you win the game"),
    ("At the beginning of each opponent's upkeep, if that player has one or fewer cards in hand, they lose 2 life.",
     {"step": "upkeep", "whose": "opponent"}, {"whose": "active", "of": "hand", "at_most": 1}, "they lose 2 life"),
    ("At the beginning of each player's upkeep, if that player has no cards in hand, you gain 1 life.",
     {"step": "upkeep", "whose": "any"}, {"whose": "active", "of": "hand", "at_most": 0}, "you gain 1 life"),
    ("At the beginning of your end step, if you have fewer than eight cards in hand, draw a card.",
     {"step": "end", "whose": "you"}, {"whose": "you", "of": "hand", "at_most": 7}, "draw a card"),
    ("At the beginning of your upkeep, if you have 5 or less life, you gain 1 life.",
     {"step": "upkeep", "whose": "you"}, {"whose": "you", "of": "life", "at_most": 5}, "you gain 1 life"),
])
def test_player_conditions(text, when, state, effect):
    """No `do`, even for an effect a form models ("you gain 1 life"): outcomes would apply it without
    checking the condition again (CR 603.4)."""
    result = compile_card("Watcher", text, "Artifact")
    assert result.status == "ok", result.ignored
    assert result.card["abilities"] == [{"triggered": {"when": when, "if": {"player_state": state}, "text": effect}}]


@pytest.mark.parametrize("text", [
    "At the beginning of your upkeep, if that player has no cards in hand, draw a card.",  # no "that player" here
    "At the beginning of your upkeep, if you have no life, draw a card.",
])
def test_player_conditions_left_unread(text):
    assert compile_card("Watcher", text, "Artifact").status == "partial"


def test_a_hand_condition_after_the_draw_step_is_refused(cli, tmp_path):
    """CR 504.1: the draw step changes the hand before the end step begins, and the turn doesn't follow the
    hand, so whether "if you have fewer than eight cards in hand" holds then isn't judged: refused."""
    path, _ = write_inputs(tmp_path, board="""\
players: [{name: Alice, hand: [Island]}, Bob]
turn: {number: 5, active: Alice, step: upkeep}
battlefield:
- {id: octopus, card: "Doctor Octopus, Master Planner", controller: Alice}
""")
    code, out, err = cli("turn", path, "--cards", CASES / "player-conditions.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: octopus's triggered ability has an intervening \"if\" on a hand, which the draw "
                   "step changes before turn 5's end step begins (CR 504.1, 603.4): the turn doesn't follow the "
                   "hand; ask pysolver next in that step\n")
