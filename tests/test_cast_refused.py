"""Bestow, mutate, disturb and assist (CR 702.103a, 702.140a, 702.146a, 702.132a): a way to cast the card or to pay
for it that pay --spell and next cast don't model; the keyword is compiled to the card's keywords, which they read
to refuse casting it (pysolver/cards/oracle_keywords.py CAST_REFUSED; pysolver/query/payment.py _spell), and a
permanent on the battlefield is what it is without it (tests/cases/next/cast-refused.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.board import Board
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError

CARDS = Path(__file__).parent / "cases" / "next" / "cast-refused.yml"


@pytest.mark.parametrize("line, type_line, keyword, rule", [
    ("Bestow {2}{W}", "Enchantment Creature — Human Soldier", "bestow", "702.103a"),
    ("Mutate {2}{W}", "Creature — Fox Bird", "mutate", "702.140a"),
    ("Disturb {3}{W}", "Creature — Human Cleric", "disturb", "702.146a"),
    ("Assist", "Instant", "assist", "702.132a"),
])
def test_a_way_to_cast_that_casting_refuses_is_the_cards_keyword(line, type_line, keyword, rule):
    result = compile_card("Test Card", line, type_line, power="1", toughness="1")
    assert result.status == "ok"
    [sentence] = result.sentences
    assert sentence["class"] == "compiled"
    assert sentence["why"].startswith(f"{keyword} (CR {rule}): the card's keywords, which pay --spell and next cast "
                                      "read to refuse casting it")
    assert keyword.capitalize() in result.card["keywords"]


def test_a_way_to_cast_with_a_cost_after_a_dash_is_the_keyword_too():
    """CR 702.103a: "Bestow—{R}, Collect evidence 6" (a cost other than mana) is the keyword bestow, which casting
    refuses, never a line that touches nothing (it was read so once bestow left the unmodelled keywords)."""
    result = compile_card("Test Phoenix", "Bestow—{R}, Collect evidence 6.", "Creature — Phoenix", power="2",
                          toughness="2", keywords=["Bestow"])
    assert [(s["class"], s["why"][:6]) for s in result.sentences] == [("compiled", "bestow")]


def _board(hand: str) -> Board:
    return pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": [hand], "mana_pool": "{W}{W}{W}{W}{R}{R}{R}{R}{R}{R}{R}{R}{R}"}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"}}, [CARDS])


@pytest.mark.parametrize("card, why", [
    ("Nyxborn Shieldmate", "has bestow: it may be cast bestowed for its bestow cost, an Aura spell (CR 702.103a-b)"),
    ("Vulpikeet", "has mutate: it may be cast for its mutate cost, a mutating creature spell (CR 702.140a-c)"),
    ("Chaplain of Alms", "has disturb: it may be cast transformed from its owner's graveyard for its disturb cost "
                         "(CR 702.146a-b)"),
    ("Lava-Field Overlord", "has assist: another player may pay generic mana of its total cost (CR 702.132a)"),
])
def test_pay_and_next_refuse_casting_it(card, why):
    board = _board(card)
    with pytest.raises(QueryError) as paying:
        pysolver.api.pay(board, "Alice", spell=card)
    assert str(paying.value) == f"<board>: --spell: {card} {why}, which isn't modelled"
    with pytest.raises(QueryError) as casting:
        pysolver.api.next_states(board, ["cast", card])
    assert f"{card} {why}, which isn't modelled" in str(casting.value)
