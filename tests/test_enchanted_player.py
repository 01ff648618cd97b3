"""Triggers on the events of the player an Aura enchants (issue 13): "Whenever enchanted player draws a card",
"Whenever enchanted player casts a spell" (CR 603.2, 303.4): ``whose: enchanted``, only that player's events
(asp/player_events.lp, asp/actions.lp; asp/turn.lp refuses where the draw step's draw may trigger one).  Cases:
tests/cases/next/enchanted-player.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.errors import QueryError

from helpers import lone_trigger

CASES = Path(__file__).parent / "cases" / "next"


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever enchanted player draws a card, they lose 2 life and you gain 2 life.",
     {"event": "draw", "whose": "enchanted"}),
    ("Whenever enchanted player casts an instant or sorcery spell, each other player may copy that spell.",
     {"event": "cast", "filter": {"any_of": [{"types": ["Instant"]}, {"types": ["Sorcery"]}]}, "whose": "enchanted"}),
])
def test_the_enchanted_players_events(text, when):
    assert lone_trigger(f"Enchant player\n{text}", "Enchantment — Aura Curse")["when"] == when


def test_a_spell_other_than_the_first_is_not_read():
    """"other than the first spell they cast each turn": the turn's history of the enchanted player: not read."""
    assert lone_trigger("Enchant player\nWhenever enchanted player casts a spell other than the first spell they cast "
                        "each turn, Fiend deals 2 damage to them.", "Enchantment — Aura Curse") is None


@pytest.mark.parametrize(("active", "refused"), [("Bob", True), ("Alice", False)])
def test_the_turn_refuses_where_the_enchanted_players_draw_may_trigger(active, refused):
    """CR 504.1, 603.2: the draw step's draw of the enchanted player (Bob) triggers the Curse, which the turn doesn't
    follow; Alice's draw doesn't."""
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "library": ["Island"]}, {"name": "Bob", "library": ["Island"]}],
        "turn": {"number": 4, "active": active, "step": "upkeep"},
        "battlefield": [{"id": "curse", "card": "Curse of Fool's Wisdom", "controller": "Alice",
                         "attached_to": {"player": "Bob"}}]}, [CASES / "enchanted-player.yml"])
    if refused:
        with pytest.raises(QueryError, match=r"curse's triggered ability may trigger as the draw step's draw"):
            pysolver.turn(board)
    else:
        assert [step.step for step in pysolver.turn(board)][:2] == ["upkeep", "draw"]
