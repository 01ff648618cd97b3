"""Replacements of creating tokens (CR 111.2, 614.1a, 616.1): what the Oracle compiler makes of
them (pysolver/cards/oracle_replace.py) and the count's bound.  The answers are ruling cases:
tests/cases/next/token-doublers.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards import oracle
from pysolver.errors import LimitExceeded
from pysolver.next_state import next_states, parse_actions

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-token-doublers.yaml"
DOUBLED = [{"event_replacement": {"event": "create_tokens", "multiply": 2}}]


@pytest.mark.parametrize("text", [
    "If one or more tokens would be created under your control, twice that many of those tokens are created instead.",
    "If an effect would create one or more tokens under your control, it creates twice that many of those tokens "
    "instead.",
])
def test_twice_that_many_tokens(text):
    result = oracle.compile_card("Test Card", text, "Enchantment")
    assert result.ok, result.ignored
    assert result.card["abilities"] == DOUBLED


@pytest.mark.parametrize("text", [
    "If one or more tokens would be created under your control, those tokens plus that many 1/1 green Squirrel "
    "creature tokens are created instead.",
    "If an opponent would create one or more tokens, they create half that many of each of those kinds of tokens "
    "instead, rounded down.",
    "If one or more tokens would be created, twice that many of those tokens are created instead.",
])
def test_other_token_replacements_stay_not_understood(text):
    result = oracle.compile_card("Test Card", text, "Enchantment")
    assert result.status == "partial" and result.ignored == [text]


def test_more_tokens_than_counted_are_refused(load):
    doublers = "".join(f"    - {{id: p{i}, card: Anointed Procession, controller: Alice}}\n" for i in range(17))
    board = load(f"""\
    players: [Alice, Bob]
    turn: {{number: 3, active: Alice, step: precombat_main}}
    battlefield:
    - {{id: hw, card: Hangarback Walker, controller: Alice, x: 1, counters: {{"+1/+1": 1}}, damage: 1}}
{doublers}""", [CARDS])
    with pytest.raises(LimitExceeded) as raised:
        next_states(board, parse_actions(["check", "resolve"]))
    assert str(raised.value).endswith(": incomplete: the replacement effects of creating tokens (CR 614.1a) make "
                                      "more Thopter Token tokens than are counted here")
