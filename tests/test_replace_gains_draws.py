"""Replacements of a player's life gain and draws (CR 614.1a, 616.1): what the Oracle
compiler makes of them (pysolver/cards/oracle_replace.py) and what next refuses.  The
answers are ruling cases: tests/cases/next/replace-gains-draws.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards import oracle
from pysolver.errors import QueryError
from pysolver.next_state import next_states, parse_actions

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-replace.yaml"


def compiled(text: str) -> list:
    result = oracle.compile_card("Test Card", text, "Artifact")
    assert result.ok, result.ignored
    return result.card["abilities"]


def test_gain_twice_with_and_without_a_life_condition():
    assert compiled("If you would gain life, you gain twice that much life instead.") == \
        [{"event_replacement": {"event": "gain_life", "multiply": 2}}]
    assert compiled("If you would gain life while you have 5 or less life, you gain twice that much life "
                    "instead.") == [{"event_replacement": {"event": "gain_life", "multiply": 2, "if_life_at_most": 5}}]


def test_draw_two_with_an_empty_hand():
    assert compiled("If you would draw a card while you have no cards in hand, draw two cards instead.") == \
        [{"event_replacement": {"event": "draw", "draw_instead": 2, "if_hand_empty": True}}]


@pytest.mark.parametrize("text", [
    "If you would gain life, you gain that much life plus 1 instead.",
    "If you would draw a card while you have no cards in hand, instead you draw two cards and you lose 1 life.",
    "If you would draw a card except the first one you draw in each of your draw steps, draw two cards instead.",
])
def test_other_replacements_stay_not_understood(text):
    result = oracle.compile_card("Test Card", text, "Artifact")
    assert result.status == "partial" and result.ignored == [text]


def test_two_draw_replacers_are_refused(load):
    board = load("""\
    players:
    - {name: Alice, library: [Island, Forest, Swamp]}
    - Bob
    turn: {number: 3, active: Alice, step: precombat_main}
    battlefield:
    - {id: phial, card: Phial of Galadriel, controller: Alice}
    - {id: phial-2, card: Phial of Galadriel, controller: Alice}
    stack:
    - {id: divination, card: Divination, controller: Alice}
""", [CARDS])
    with pytest.raises(QueryError) as raised:
        next_states(board, parse_actions(["resolve"]))
    assert str(raised.value).endswith("resolve: phial, phial-2 each replace Alice's draw with an empty hand; "
                                      "how they apply together (CR 616.1, 614.5) isn't modelled")
