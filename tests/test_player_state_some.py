""""At the beginning of your upkeep, if a player has one or fewer cards in hand" (issue 13; CR 603.4, 102.1, 402.1):
the player_state of some player (whose: any) or some opponent (whose: opponent), judged by asp/turn.lp.  Cases:
tests/cases/turn/player-state-some.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pysolver.cards.oracle import compile_card

from helpers import compile_stored

CASES = Path(__file__).parent / "cases" / "turn"


@pytest.mark.parametrize(("text", "state"), [
    ("At the beginning of your upkeep, if a player has one or fewer cards in hand, you gain 1 life.",
     {"whose": "any", "of": "hand", "at_most": 1}),
    ("At the beginning of your upkeep, if an opponent has 10 or less life, you gain 1 life.",
     {"whose": "opponent", "of": "life", "at_most": 10}),
])
def test_some_players_state(text, state):
    result = compile_card("Watcher", text, "Enchantment")
    assert result.status == "ok"
    [ability] = [a["triggered"] for a in result.card["abilities"]]
    assert ability["if"] == {"player_state": state}


def test_player_state_cards_are_what_the_compiler_makes():
    for card in yaml.safe_load((CASES / "player-state-some.yml").read_text("utf-8"))["cards"]:
        result = compile_stored(card)
        assert (result.status, result.card) == ("ok", card)
