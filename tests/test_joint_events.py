""""Whenever an opponent casts a spell during your turn and when ~ dies, ..." (issue 13; CR 603.2): two trigger
events joined by "and when"/"and whenever", each read by the form that reads it alone, one ability each (cases:
tests/cases/next/joint-events.yaml)."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card


def whens(text: str) -> list[dict] | None:
    result = compile_card("Fiend", text, "Creature — Horror", power="1", toughness="1")
    return None if result.status != "ok" else [a["triggered"]["when"] for a in result.card["abilities"]]


def test_two_events_two_abilities():
    assert whens("Whenever you cast a noncreature spell and whenever you gain life, draw a card.") == [
        {"event": "cast", "filter": {"not_types": ["Creature"]}, "whose": "you"}, {"event": "gain_life", "whose": "you"}]


@pytest.mark.parametrize("text", [
    "Whenever you gain life and whenever ~ attacks, draw a card.",  # a combat event: no query produces it
    "Whenever you gain life and whenever a player shuffles a library, draw a card.",
])
def test_joint_events_left_unread(text):
    assert whens(text) is None
