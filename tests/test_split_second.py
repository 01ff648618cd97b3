"""Split second (CR 702.61a): "As long as this spell is on the stack, players can't cast spells or activate
abilities that aren't mana abilities."  The keyword is the card's (card_keyword), a spell on the stack is the
board's (spell_card/2); asp/objects.lp says when one with split second is there, asp/legality.lp stops the
abilities that aren't mana abilities and asp/actions.lp the casting of spells.  It was not understood (the card
partial)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.errors import QueryError

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-split-second.yaml"


def board(stack: list[str]) -> pysolver.Board:
    return pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": ["Lightning Bolt"], "mana_pool": "{R}{R}"}, "Bob"],
        "battlefield": [{"id": "talisman", "card": "Test Talisman", "controller": "Alice"}],
        "stack": [{"id": f"spell{i}", "card": card, "controller": "Bob",
                   **({"targets": [{"player": "Alice"}]} if card == "Lightning Bolt" else {})}
                  for i, card in enumerate(stack)]},
        [CARDS])


def test_no_ability_but_a_mana_ability_while_split_second_is_on_the_stack():
    checked = pysolver.can_activate(board(["Sudden Spoiling"]), "talisman", 2)
    assert not checked.can_activate and checked.reasons == (
        "702.61a: a spell with split second is on the stack: only mana abilities can be activated",)
    assert pysolver.can_activate(board(["Sudden Spoiling"]), "talisman", 1).can_activate
    assert pysolver.available(board(["Sudden Spoiling"]), "Alice").pools == ("{R}{R}{C}",)


def test_another_spell_on_the_stack_stops_nothing():
    assert pysolver.can_activate(board(["Lightning Bolt"]), "talisman", 2).can_activate


def test_no_spell_is_cast_while_split_second_is_on_the_stack():
    with pytest.raises(QueryError) as refused:
        pysolver.api.next_states(board(["Sudden Spoiling"]), ["cast", "Lightning Bolt", "target=Bob"])
    assert str(refused.value).endswith(
        "cast Lightning Bolt: a spell with split second is on the stack: no other spell is cast until it leaves it "
        "(CR 702.61a)")
    done = pysolver.api.next_states(board(["Lightning Bolt"]), ["cast", "Lightning Bolt", "target=Bob"])
    assert len(done) == 1 and [s["card"] for s in done[0].board["stack"]] == ["Lightning Bolt", "Lightning Bolt"]
