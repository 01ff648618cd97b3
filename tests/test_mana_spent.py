"""Counters a permanent enters with on the mana spent to cast it (CR 601.2h, 614.1c): sunburst and converge's "for
each color of mana spent to cast it" (702.44a), "unless two or more colors of mana were spent to cast it", adamant's
"if at least three white mana was spent".  `next cast` records the mana a way spent on the stack item (mana_spent),
and the permanent entering reads it; all of these were unjudged (next refused the spell's resolution)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.errors import BoardError, QueryError

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-mana-spent.yaml"
TURN = {"number": 3, "active": "Alice", "step": "precombat_main"}


def resolved_counters(card: str, **item) -> dict | str | None:
    """The counters it entered with; "dies": a 0/0 with none is put into a graveyard (CR 704.5f)."""
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "turn": TURN, "stack": [
        {"id": "spell", "card": card, "controller": "Alice", **item}]}, [CARDS])
    done, = pysolver.api.next_states(board, ["resolve"])
    return done.board["battlefield"][0].get("counters") if "battlefield" in done.board else "dies"


@pytest.mark.parametrize(("card", "spent", "counters"), [
    ("Lunar Avenger", "{W}{U}{R}{R}{C}{C}{C}", {"+1/+1": 3}), ("Lunar Avenger", "{C}{C}{C}{C}{C}{C}{C}", "dies"),
    ("Steel Exemplar", "{W}{C}", {"+1/+1": 2}), ("Steel Exemplar", "{W}{U}", None), ("Steel Exemplar", "", {"+1/+1": 2}),
    ("Ardenvale Paladin", "{W}{W}{W}{C}", {"+1/+1": 1}), ("Ardenvale Paladin", "{W}{W}{U}{C}", None)])
def test_the_counters_follow_the_mana_spent(card, spent, counters):
    assert resolved_counters(card, mana_spent=spent) == counters


@pytest.mark.parametrize(("item", "counters"), [({"copy": True}, "dies"), ({"cast": False}, "dies")])
def test_a_spell_not_cast_spent_no_mana(item, counters):
    """A copy (CR 707.10) or a card put onto the stack wasn't cast: no mana was spent to cast it (sunburst: none)."""
    assert resolved_counters("Lunar Avenger", **item) == counters


def test_the_mana_not_given_is_refused():
    with pytest.raises(QueryError) as refused:
        resolved_counters("Lunar Avenger")
    assert str(refused.value) == (
        "<board>: action 1 (resolve): spell enters, and the mana spent to cast it decides its +1/+1 counters (CR "
        "614.1c, 601.2h), which its stack item spell doesn't say: give it mana_spent")


def test_next_cast_records_each_way_s_mana():
    """Each way of paying is an outcome: the counters follow the mana that way spent (CR 601.2h, 702.44a)."""
    board = pysolver.board_from_data({"players": [{"name": "Alice", "hand": ["Lunar Avenger"],
                                                   "mana_pool": "{W}{U}{C}{C}{C}{C}{C}{C}"}, "Bob"], "turn": TURN},
                                     [CARDS])
    cast = sorted((r.board["stack"][0]["mana_spent"], r.board["players"][0].get("mana_pool"))
                  for r in pysolver.api.next_states(board, ["cast", "Lunar Avenger"]))
    assert cast == [("{U}{C}{C}{C}{C}{C}{C}", "{W}"), ("{W}{C}{C}{C}{C}{C}{C}", "{U}"), ("{W}{U}{C}{C}{C}{C}{C}", "{C}")]
    resolved = sorted((r.board["players"][0].get("mana_pool"), r.board["battlefield"][0].get("counters"))
                      for r in pysolver.api.next_states(board, ["cast", "Lunar Avenger", "resolve"]))
    assert resolved == [("{C}", {"+1/+1": 2}), ("{U}", {"+1/+1": 1}), ("{W}", {"+1/+1": 1})]


def test_mana_spent_of_a_copy_is_refused():
    with pytest.raises(BoardError) as refused:
        pysolver.board_from_data({"players": ["Alice", "Bob"], "stack": [
            {"id": "spell", "card": "Lunar Avenger", "controller": "Alice", "copy": True, "mana_spent": "{W}"}]},
            [CARDS])
    assert str(refused.value).endswith(
        "mana_spent says what mana was spent to cast a spell, but a copy of a spell isn't cast (CR 707.10)")


def test_mana_of_any_color_spent_is_an_outcome_for_each_color():
    """CR 106.4, 601.2h: Birds of Paradise's mana paying generic mana has the color chosen as it was added: each
    choice is a way, with the mana spent it records (next refused the converge spell's resolution, none recorded)."""
    board = pysolver.board_from_data({"players": [{"name": "Alice", "hand": ["Tajuru Stalwart"]}, "Bob"],
                                      "turn": TURN, "battlefield": [
        {"id": f"forest{i}", "card": "Forest", "controller": "Alice"} for i in (1, 2)] + [
        {"id": "birds", "card": "Birds of Paradise", "controller": "Alice"}]}, [CARDS])
    cast = sorted(r.board["stack"][0]["mana_spent"]
                  for r in pysolver.api.next_states(board, ["cast", "Tajuru Stalwart"]))
    assert cast == ["{B}{G}{G}", "{G}{G}{G}", "{R}{G}{G}", "{U}{G}{G}", "{W}{G}{G}"]
    resolved = sorted(r.board["battlefield"][-1]["counters"]["+1/+1"]
                      for r in pysolver.api.next_states(board, ["cast", "Tajuru Stalwart", "resolve"]))
    assert resolved == [1, 2, 2, 2, 2]
