"""Replacements of creating tokens (CR 111.2, 614.1a, 616.1): what the Oracle compiler makes of
them (pysolver/cards/oracle_replace.py) and the count's bound.  The answers are ruling cases:
tests/cases/next/token-doublers.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards import oracle
from pysolver.errors import LimitExceeded, QueryError
from pysolver.next_state import next_states, parse_actions
from pysolver.query.outcomes import outcomes

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


@pytest.mark.parametrize("text, adds, of", [
    ("If one or more tokens would be created under your control, those tokens plus that many 1/1 green Squirrel "
     "creature tokens are created instead.", "that many 1/1 green Squirrel creature tokens", "tokens"),
    ("If you would create one or more Treasure tokens, instead create those tokens plus an additional Treasure token.",
     "an additional Treasure token", "Treasure tokens"),
    ("If one or more artifact tokens would be created under your control, those tokens plus an additional 1/1 "
     "colorless Thopter artifact creature token with flying are created instead.",
     "an additional 1/1 colorless Thopter artifact creature token with flying", "artifact tokens"),
])
def test_tokens_plus_others_are_kept_worded(text, adds, of):
    """CR 111.2, 614.1a: the addition is kept worded; where tokens would be created under its controller's control,
    next and outcomes refuse (asp/token_replacement.lp)."""
    result = oracle.compile_card("Test Card", text, "Enchantment")
    assert (result.status, result.card["abilities"]) == (
        "ok", [{"event_replacement": {"event": "create_tokens", "adds": adds, "of": of}}])


def _thopter_dies(load, automaton: str) -> list:
    """Hangarback Walker with one +1/+1 counter dies (lethal damage) beside a Stridehangar Automaton of
    ``automaton``'s: its trigger would create one Thopter under Alice's control."""
    board = load(f"""\
    players: [Alice, Bob]
    turn: {{number: 3, active: Alice, step: precombat_main}}
    battlefield:
    - {{id: hw, card: Hangarback Walker, controller: Alice, x: 1, counters: {{"+1/+1": 1}}, damage: 1}}
    - {{id: automaton, card: Stridehangar Automaton, controller: {automaton}}}
""", [CARDS])
    return next_states(board, parse_actions(["check", "resolve"]))


def test_tokens_plus_others_are_refused_where_they_apply(load):
    # CR 614.1a, 616.1: Hangarback Walker's Thopters are created under Alice's control, with her Stridehangar
    # Automaton: which tokens, and in which order beside a doubler, isn't followed.
    with pytest.raises(QueryError) as raised:
        _thopter_dies(load, "Alice")
    assert str(raised.value).endswith(": resolve: tokens would be created under the control of a player with a "
                                      "replacement effect that adds others (\"those tokens plus an additional ... "
                                      "are created instead\", CR 614.1a, 616.1), which next doesn't follow")


def test_outcomes_refuses_tokens_plus_others_too(load):
    board = load("""\
    players: [Alice, Bob]
    turn: {number: 3, active: Alice, step: precombat_main}
    battlefield:
    - {id: hw, card: Hangarback Walker, controller: Alice, x: 1, counters: {"+1/+1": 1}}
    - {id: automaton, card: Stridehangar Automaton, controller: Alice}
    stack:
    - {card: Hangarback Walker, controller: Alice, source: hw, ability: 1}
""", [CARDS])
    with pytest.raises(QueryError, match=r"tokens would be created under the control of a player with a replacement "
                                         r"effect that adds others .* which outcomes doesn't follow$"):
        outcomes(board)


def test_anothers_tokens_plus_others_dont_apply(load):
    # Bob's Automaton: Alice's Thopter is created alone (CR 111.2, 614.1a).
    (result,) = _thopter_dies(load, "Bob")
    assert result.events[-1] == "create 1 Thopter Token: thopter (CR 111.2)"


@pytest.mark.parametrize("text", [
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
