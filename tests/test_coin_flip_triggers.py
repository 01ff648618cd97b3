"""Triggers on winning or losing a coin flip (issue 13): "Whenever a player wins a coin flip", "Whenever you lose a
coin flip" (CR 705.1, 603.2): the event coin_flip with its result; a mana ability's flip, its controller's, triggers
it (asp/mana_activation.lp: the mana query lists it).  Cases: tests/cases/mana/coin-flip-triggers.yaml."""

from __future__ import annotations

import pytest

from helpers import lone_trigger


@pytest.mark.parametrize(("text", "triggered"), [
    ("Whenever a player wins a coin flip, draw a card.",
     {"when": {"event": "coin_flip", "result": "won", "whose": "any"}, "do": [{"draw": 1}], "text": "draw a card"}),
    ("Whenever you lose a coin flip, you gain 1 life.",
     {"when": {"event": "coin_flip", "result": "lost", "whose": "you"}, "do": [{"gain_life": 1}],
      "text": "you gain 1 life"}),
])
def test_coin_flip_triggers(text, triggered):
    assert lone_trigger(text, "Enchantment") == triggered


def test_an_intervening_if_on_a_flip_is_not_read():
    assert lone_trigger("Whenever you win a coin flip, if it's your turn, draw a card.", "Enchantment") is None
