"""Auras that change control (layer 2, CR 613.1b, 303.4): "You control enchanted creature"
compiled (pysolver/cards/oracle_control.py) to the card data's ``control_enchanted``; a board whose
enchanted permanent another player controls is refused (pysolver/consistency.py check_control,
the latest timestamp's Aura among several, 613.7); `next` refuses a step after which such an Aura
has left and the permanent stays (its controller then, CR 110.2, isn't on the board).  The ruling
cases are tests/cases/oracle/control.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import BoardError, QueryError
from pysolver.api import next_states
from pysolver.cards.oracle import compile_card

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-control.yaml"


@pytest.mark.parametrize("noun", ["creature", "artifact", "land", "enchantment", "permanent"])
def test_you_control_enchanted_compiles(noun):
    result = compile_card("Test Aura", f"Enchant {noun}\nYou control enchanted {noun}.", "Enchantment — Aura")
    assert result.status == "ok", result.sentences
    assert result.card["control_enchanted"] is True
    assert "abilities" not in result.card


@pytest.mark.parametrize("line", ["You control enchanted creature until end of turn.",
                                  "You control enchanted creature as long as it's tapped.",
                                  "You control enchanted player."])
def test_a_near_shape_stays_not_understood(line):
    result = compile_card("Test Aura", f"Enchant creature\n{line}", "Enchantment — Aura")
    assert result.status == "partial" and "control_enchanted" not in result.card
    assert [s["class"] for s in result.sentences if s["text"] == line] == ["not understood"]


def board(elves_controller: str, *auras: dict) -> dict:
    return {"players": ["Alice", "Bob"], "battlefield": [
        {"id": "elves", "card": "Llanowar Elves", "controller": elves_controller, "owner": "Bob"}, *auras]}


def test_a_board_that_contradicts_the_aura_is_refused():
    with pytest.raises(BoardError) as caught:
        pysolver.board_from_data(board("Bob", {"id": "mc", "card": "Mind Control", "controller": "Alice",
                                               "attached_to": {"permanent": "elves"}}), [CARDS])
    assert str(caught.value).endswith(
        "elves is enchanted by mc (Mind Control: \"You control enchanted ...\"), so Alice controls it, not Bob "
        "(CR 613.1b, 303.4; of several such Auras, the latest timestamp's, 613.7)")


@pytest.mark.parametrize("timestamps, controller", [((1, 2, 3), "Bob"), ((1, 3, 2), "Alice")])
def test_the_latest_auras_controller_controls_it(timestamps, controller):
    """CR 613.7: Alice's Mind Control and Bob's Mark of the Oni on the Elves: the later one decides."""
    elves, mine, his = timestamps
    data = board(controller, {"id": "mc", "card": "Mind Control", "controller": "Alice", "timestamp": mine,
                              "attached_to": {"permanent": "elves"}},
                 {"id": "oni", "card": "Mark of the Oni", "controller": "Bob", "timestamp": his,
                  "attached_to": {"permanent": "elves"}})
    data["battlefield"][0]["timestamp"] = elves
    assert pysolver.board_from_data(data, [CARDS]).permanent("elves").controller == controller
    data["battlefield"][0]["controller"] = {"Alice": "Bob", "Bob": "Alice"}[controller]
    with pytest.raises(BoardError):
        pysolver.board_from_data(data, [CARDS])


def test_next_refuses_the_aura_leaving_while_the_permanent_stays():
    """Mark of the Oni's end step trigger sacrifices it (no Demon): who controls the Elves then isn't
    on the board (the player they entered under, CR 110.2), so next refuses rather than guess."""
    data = board("Alice", {"id": "oni", "card": "Mark of the Oni", "controller": "Alice",
                           "attached_to": {"permanent": "elves"}})
    data["turn"] = {"number": 3, "active": "Alice", "step": "end"}
    data["stack"] = [{"id": "t", "card": "Mark of the Oni", "controller": "Alice", "source": "oni", "ability": 1}]
    with pytest.raises(QueryError) as caught:
        next_states(pysolver.board_from_data(data, [CARDS]), ["resolve"], cards=[CARDS])
    assert "oni (Mark of the Oni) leaves the battlefield, and with it ends its control of elves (CR 613.1b, " \
           "611.3a): who controls elves then (the player it entered under, or another control effect, CR 110.2) " \
           "is not on the board" in str(caught.value)
