"""Static abilities of attacking creatures ("Attacking creatures you control get +1/+0", CR 508.1k, 511.3):
compiled from Oracle text with the filter's ``attacking`` (pysolver/cards/oracle_pt.py), which no permanent of a
board matches (asp/filter_conditions.lp); a board in the combat steps after attackers are declared, with a card
that names them, is refused (pysolver/consistency.py check_attacking).  The ruling cases are
tests/cases/oracle/attacking.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import BoardError, api
from pysolver.errors import QueryError
from pysolver.cards.oracle import compile_card

FIXTURE = Path(__file__).parent / "fixtures" / "cards" / "oracle-attacking.yaml"


@pytest.mark.parametrize("text, static", [
    ("Attacking creatures you control get +1/+0.",
     {"affects": {"types": ["Creature"], "attacking": True}, "whose": "you", "pt": {"power": 1, "toughness": 0}}),
    ("Attacking Elves you control have deathtouch.",
     {"affects": {"subtypes": ["Elf"], "attacking": True}, "whose": "you", "grant_keywords": ["Deathtouch"]}),
    ("Attacking creatures get -1/-0.",
     {"affects": {"types": ["Creature"], "attacking": True}, "whose": "any", "pt": {"power": -1, "toughness": 0}}),
])
def test_attacking_groups_compile(text, static):
    result = compile_card("Test Banner", text, "Enchantment")
    assert result.ok, result.ignored
    assert [a["static"] for a in result.card["abilities"]] == [static]


@pytest.mark.parametrize("step", ["declare_attackers", "declare_blockers", "combat_damage", "end_of_combat"])
def test_a_board_in_combat_is_refused(step):
    """CR 508.1k: in these steps some creatures may attack, which the board doesn't say."""
    with pytest.raises(BoardError, match=r"Weakstone reads which creatures are attacking, which the board doesn't"):
        pysolver.board_from_data({"players": ["Alice", "Bob"], "turn": {"active": "Alice", "step": step},
                                  "battlefield": [{"card": "Grizzly Bears", "controller": "Alice"},
                                                  {"card": "Weakstone", "controller": "Bob"}]}, [FIXTURE])


def test_beginning_of_combat_is_read():
    """CR 508.1k: attackers are declared in the declare attackers step, after this one: none attacks yet."""
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "turn": {"active": "Alice",
                                                                           "step": "beginning_of_combat"},
                                      "battlefield": [{"card": "Weakstone", "controller": "Bob"}]}, [FIXTURE])
    assert [p.card_name for p in board.battlefield] == ["Weakstone"]


@pytest.mark.parametrize("text", [
    "Attacking creatures you control have double strike.",
    "Attacking creatures you control have first strike and trample.",
    "Attacking creatures you control have menace.",
])
def test_what_only_combat_reads_stays_irrelevant(text):
    """CR 702.4, 702.19, 702.111: keywords that act only as blockers are declared or combat damage is dealt, granted
    to attackers alone, concern no query (a board in combat with such a card is not refused for them)."""
    result = compile_card("Test Banner", text, "Enchantment")
    assert result.ok and [s["class"] for s in result.sentences] == ["irrelevant"]


def test_next_refuses_to_pass_into_declare_attackers():
    """CR 508.1, 508.1k: passing from the beginning of combat reaches the declare attackers step, whose attackers next
    doesn't choose: a card that reads them is refused there, as on a board in that step (not a board next can't read)."""
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "turn": {"active": "Alice",
                                                                           "step": "beginning_of_combat"},
                                      "battlefield": [{"card": "Grizzly Bears", "controller": "Alice"},
                                                      {"card": "Weakstone", "controller": "Bob"}]}, [FIXTURE])
    with pytest.raises(QueryError, match=r"pass: Weakstone reads which creatures are attacking, which the board "
                                         r"doesn't state \(it is the declare attackers step, CR 508.1k\); next doesn't "
                                         r"declare attackers \(CR 508.1\)"):
        api.next_states(board, ["pass"])
