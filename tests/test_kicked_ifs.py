"""An enters trigger's intervening "if it was kicked" (CR 603.4, 702.33d) is judged by `next` on the spell the
permanent was as it resolves: its stack item's `kicked` (`next cast CARD kicked` gives it), as "enters with ...
counters if it was kicked" already was (asp/zone_change.lp). It was kept unjudged ("reads whether it was kicked,
which no board records"), so next refused the resolution of every such spell, kicked or not (Krosan Druid,
Mold Shambler, Citanul Woodreaders, Josu Vess, Kitesail Cleric: 17 ok cards of the sample's development part)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-kicked-ifs.yaml"


def test_the_condition_compiles_judged():
    result = compile_card("Krosan Druid", "Kicker {4}{G} (You may pay an additional {4}{G} as you cast this spell.)\n"
                          "When this creature enters, if it was kicked, you gain 10 life.", "Creature — Centaur Druid",
                          power="1", toughness="1", mana_cost="{2}{G}", keywords=["Kicker"])
    assert result.status == "ok"
    assert result.card["abilities"] == [{"triggered": {"when": {"event": "enters"}, "if": {"kicked": True},
                                                       "text": "you gain 10 life", "do": [{"gain_life": 10}]}}]


def test_a_dies_trigger_if_it_was_kicked_stays_unjudged():
    """As it dies, whether the spell it was had been kicked is on no board: still refused where it triggers."""
    result = compile_card("Test Ghost", "Kicker {2}\nWhen this creature dies, if it was kicked, you gain 2 life.",
                          "Creature — Spirit", power="1", toughness="1", keywords=["Kicker"])
    (ability,) = result.card["abilities"]
    assert "unjudged" in ability["triggered"]["if"]


def outcomes(stack_item: dict, actions: tuple[str, ...]) -> list[tuple[int, list[str]]]:
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "stack": [{"id": "druid", "controller": "Alice", "card": "Krosan Druid", **stack_item}]}, [CARDS])
    return [(result.board["players"][0].get("life", 20), list(result.events))
            for result in pysolver.api.next_states(board, list(actions))]


ENTERS = ["druid resolves: it becomes a permanent (CR 608.3a)", "druid enters untapped"]


@pytest.mark.parametrize(("item", "actions", "expected"), [
    ({}, ("resolve",), [(20, ENTERS)]),
    ({"kicked": False}, ("resolve",), [(20, ENTERS)]),
    ({"kicked": True}, ("resolve", "resolve"), [(30, ENTERS + [
        "put druid-1 (Krosan Druid, druid:1) on the stack", "druid-1 (Krosan Druid, druid:1) resolves",
        "Alice gains 10 life (CR 119.3)"])]),
])
def test_the_trigger_reads_the_stack_item_kicked(item, actions, expected):
    assert outcomes(item, actions) == expected
