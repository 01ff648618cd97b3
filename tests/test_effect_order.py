"""A resolving ability's events in the order its text gives its effects (CR 608.2c): one order, made in one place
(pysolver/events.py in_text_order and effect_place, by the `do:` key of the effect each resolution atom applies:
pysolver/query/resolve_atoms.py EFFECT_OF), which `next` and `outcomes` both read, so they give the same events for
the same resolution."""

from __future__ import annotations

from pathlib import Path

import pysolver
from pysolver import api

CARDS = str(Path(__file__).parent / "fixtures" / "cards" / "effect-order.yaml")


def _board(card: str):
    return pysolver.board_from_data({
        "players": ["Alice", "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "cat", "card": card, "controller": "Alice"}],
        "stack": [{"id": "cat-1", "card": card, "controller": "Alice", "source": "cat", "ability": 1}]},
        card_files=[CARDS])


def test_next_and_outcomes_give_the_events_in_the_text_s_order():
    """"Each opponent loses 1 life and you gain 1 life": Bob's loss, then Alice's gain, from both queries (both
    listed the gain first before: next applied its controller's gain before the others' effects, outcomes sorted its
    events by kind)."""
    card = "Test Cauldron Cat"
    events = ["Bob loses 1 life (CR 119.3)", "Alice gains 1 life (CR 119.3)"]
    board = _board(card)
    [outcome] = pysolver.outcomes(board).outcomes
    assert outcome.words["events"] == events
    [result] = api.next_states(board, ["resolve"])
    assert list(result.events) == [f"cat-1 ({card}, cat:1) resolves", *events]
