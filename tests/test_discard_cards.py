"""Discard triggers that look at the card discarded (issue 13): "Whenever you discard a creature card", "... a
noncreature, nonland card", "... one or more land cards" (CR 603.2, 603.2c, 701.8a): the discard trigger with a
filter of cards, judged on the card's printed characteristics as it is discarded (asp/player_events.lp).  Cases:
tests/cases/next/discard-cards.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.errors import LimitExceeded
from pysolver.next_state import next_states, parse_actions

from helpers import lone_trigger

CASES = Path(__file__).parent / "cases" / "next"


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever you discard a noncreature, nonland card, draw a card.",
     {"event": "discard", "whose": "you", "filter": {"not_types": ["Creature", "Land"]}}),
    ("Whenever you discard an Island, Pirate, or Vehicle card, create a tapped Treasure token.",
     {"event": "discard", "whose": "you",
      "filter": {"any_of": [{"subtypes": ["Island"]}, {"subtypes": ["Pirate"]}, {"subtypes": ["Vehicle"]}]}}),
    ("Whenever you discard one or more artifact cards, create a tapped Powerstone token.",
     {"event": "discard", "whose": "you", "batch": True, "filter": {"types": ["Artifact"]}}),
    ("Whenever an opponent discards a creature card, you gain 2 life.",
     {"event": "discard", "whose": "opponent", "filter": {"types": ["Creature"]}}),
])
def test_the_card_discarded_is_the_triggers_filter(text, when):
    assert lone_trigger(text, "Creature — Zombie", power="1", toughness="1")["when"] == when


def test_a_quality_the_rules_dont_judge_on_a_card_is_not_understood():
    """"a card with disturb": a keyword of a card in a hand, which no filter of cards judges."""
    assert lone_trigger("Whenever you discard a Spirit card or a card with disturb, put a +1/+1 counter on Fiend.",
                        "Creature — Spirit", power="1", toughness="1") is None


def test_a_mana_abilitys_discard_of_a_land_card_is_refused_beside_bone_miser():
    """A mana ability's cost discards a card (CR 602.2b), one board for each card: Bone Miser's "Whenever you discard
    a land card, add {B}{B}" triggered by discarding the Island is a mana ability itself (605.1b), which resolves at
    once (605.4a) and next doesn't follow, so the action is refused rather than put it on the stack.  Its other
    abilities, which add no mana, are judged on the card (tests/cases/next/discard-cards.yaml)."""
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": ["Island", "Grizzly Bears"]}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "miser", "card": "Bone Miser", "controller": "Alice"},
                        {"id": "altar", "card": "Test Discarding Altar", "controller": "Alice"}]},
        [CASES / "discard-cards.yml"])
    with pytest.raises(LimitExceeded) as raised:
        next_states(board, parse_actions(["activate", "altar", "1"]))
    assert raised.value.detail == (
        "incomplete: miser's ability 2 (\"add {B}{B}\") may trigger as Alice's mana abilities are activated and add "
        "mana: a triggered mana ability (CR 605.1b) resolves at once (605.4a), which no rule here follows")
