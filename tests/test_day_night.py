"""Day and night (CR 728, 502.2, 702.145; pysolver/day_night.py): daybound and nightbound are the card's keywords,
which next reads to follow a turn's untap step where day and night don't change (tests/cases/next/day-night.yaml)
and to refuse it where they do or can't be told; `turn --turns` refuses the turns after this one."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.board import Board
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError

CARDS = Path(__file__).parent / "cases" / "next" / "day-night.yml"


@pytest.mark.parametrize("line, type_line", [("Daybound", "Creature — Human Werewolf"),
                                             ("Nightbound", "Creature — Werewolf")])
def test_daybound_and_nightbound_are_the_cards_keywords(line, type_line):
    result = compile_card("Test Wolf", line, type_line, power="2", toughness="2", keywords=[line])
    assert result.status == "ok"
    [sentence] = result.sentences
    assert sentence["class"] == "compiled"
    assert sentence["why"].startswith(f"{line.lower()} (CR 702.145b, 702.145e): the card's keywords, which next reads")


def _board(battlefield: list[dict], cast: int, step: str = "end", hand: tuple[str, ...] = ()) -> Board:
    return pysolver.board_from_data({
        "players": [{"name": "Alice", "library": ["Forest"], "spells_cast_this_turn": cast, "hand": list(hand),
                     "mana_pool": "{R}{R}{R}{R}"}, {"name": "Bob", "library": ["Forest"]}],
        "turn": {"number": 3, "active": "Alice", "step": step}, "battlefield": battlefield}, [CARDS])


RUFFIAN = {"id": "ruffian", "card": "Tavern Ruffian", "controller": "Bob"}
SMASHER = {"id": "smasher", "card": "Tavern Smasher", "controller": "Bob"}


@pytest.mark.parametrize("battlefield, cast, why", [
    ([RUFFIAN], 0, "it is day (ruffian has daybound) and Alice cast no spells this turn, so it becomes night as turn "
                   "4's untap step begins (CR 502.2, 728.2a) and ruffian transforms (702.145b), which isn't modelled"),
    ([SMASHER], 2, "it is night (smasher has nightbound) and Alice cast 2 spells this turn, so it becomes day as turn "
                   "4's untap step begins (CR 502.2, 728.2b) and smasher transforms (702.145e), which isn't modelled"),
    ([RUFFIAN, SMASHER], 1, "ruffian (daybound) and smasher (nightbound) say it is day and night at once "
                            "(CR 702.145c, 702.145f): one of them would have transformed"),
])
def test_next_refuses_a_new_turn_where_day_or_night_changes(battlefield, cast, why):
    with pytest.raises(QueryError) as caught:
        pysolver.api.next_states(_board(battlefield, cast), ["pass"])
    assert str(caught.value).endswith(why)


def test_next_refuses_a_daybound_permanent_entering_where_the_board_doesnt_show_day():
    board = _board([], 0, "precombat_main", ("Tavern Ruffian",))
    with pytest.raises(QueryError) as caught:
        pysolver.api.next_states(board, ["cast", "Tavern Ruffian", "resolve"])
    assert str(caught.value).endswith(
        "tavern-ruffian has daybound: it enters transformed if it is night (CR 702.145b), and the board doesn't show "
        "whether it is (no other permanent with daybound on the battlefield, CR 728.1)")


def test_turn_listing_refuses_the_turns_after_with_a_daybound_permanent():
    with pytest.raises(QueryError) as caught:
        pysolver.api.turns(_board([RUFFIAN], 1), 2)
    assert "ruffian has daybound or nightbound: whether it becomes day or night" in str(caught.value)
