""""Whenever an opponent draws a card during your turn", "Whenever an opponent draws their first card each turn, if
it's not their turn" (issue 13; CR 603.2, 603.4): a draw trigger's `during` (you, opponent, or not_player: not the
turn of the player who draws), judged as the card is drawn (asp/player_events.lp).  Cases:
tests/cases/next/draw-turns.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pysolver.cards.oracle import compile_card

from helpers import compile_stored, refused_ability

CASES = Path(__file__).parent / "cases" / "next"


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever an opponent draws a card during your turn, you gain 1 life.",
     {"event": "draw", "whose": "opponent", "during": "you"}),
    ("Whenever you draw a card during an opponent's turn, you gain 1 life.",
     {"event": "draw", "whose": "you", "during": "opponent"}),
    ("Whenever an opponent draws a card, if it's not their turn, you gain 1 life.",
     {"event": "draw", "whose": "opponent", "during": "not_player"}),
    ("Whenever a player draws a card, if it's not that player's turn, you gain 1 life.",
     {"event": "draw", "whose": "any", "during": "not_player"}),
])
def test_a_draw_in_a_turn(text, when):
    result = compile_card("Watcher", text, "Enchantment")
    assert result.status == "ok"
    [ability] = [a["triggered"] for a in result.card["abilities"]]
    assert (ability["when"], ability["do"]) == (when, [{"gain_life": 1}])


def test_your_own_draw_not_in_your_turn_stays_not_understood():
    """"if it's not your turn" on your own draw: no form reads it (the cast form's reading is for spells)."""
    text = "Whenever you draw a card, if it's not your turn, you gain 1 life."
    assert compile_card("Watcher", text, "Enchantment").status == "partial"


def test_not_player_is_only_for_a_draw(tmp_path):
    ability = "{triggered: {when: {event: dies, during: not_player}, text: x}}"
    assert refused_ability(tmp_path, ability, "Creature").endswith(
        "triggered.when: during is you or opponent but for a cast or draw trigger")


def test_draw_turns_cards_are_what_the_compiler_makes():
    for card in yaml.safe_load((CASES / "draw-turns.yml").read_text("utf-8"))["cards"]:
        result = compile_stored(card)
        assert (result.status, result.card) == ("ok", card)
