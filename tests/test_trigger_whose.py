"""Whose objects a triggered ability watches, in other words (issue 13): "a creature you don't control" is one an
opponent controls (CR 102.3: every other player is an opponent), "the chosen player's upkeep" the upkeep of the
player chosen as its source entered (603.2b, 614.12).  The ruling cases are tests/cases/next/dies-filters.yaml and
tests/cases/turn/chosen-player-steps.yaml."""

from __future__ import annotations

import pytest

from helpers import lone_trigger


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever a creature you don't control dies, you gain 1 life.",
     {"event": "dies", "filter": {"types": ["Creature"]}, "whose": "opponent"}),
    ("Whenever one or more creatures you don't control die, you gain 1 life.",
     {"event": "dies", "filter": {"types": ["Creature"]}, "whose": "opponent", "batch": True}),
    ("Whenever an artifact you don't control is put into a graveyard from the battlefield, you gain 1 life.",
     {"event": "put_into_graveyard", "filter": {"types": ["Artifact"]}, "whose": "opponent"}),
    ("Whenever a creature you don't control enters, you gain 1 life.",
     {"event": "permanent_enters", "filter": {"types": ["Creature"]}, "whose": "opponent"}),
])
def test_you_dont_control(text, when):
    assert lone_trigger(text, "Enchantment")["when"] == when


def test_an_if_about_control_is_not_the_event():
    """Only the event's "you don't control" is read so: an intervening "if" after it is the forms' own (CR 603.4)."""
    from pysolver.cards.oracle_triggers import not_controlled_form

    def anything(sentence: str):
        return [("ability", {"triggered": {"when": {"event": "dies"}, "text": sentence}})], "read"
    assert not_controlled_form("Whenever a creature dies, if you don't control a Swamp, you gain 1 life",
                               anything) is None
    assert not_controlled_form("Whenever a creature you don't control dies, you gain 1 life", anything) == (
        [("ability", {"triggered": {"when": {"event": "dies"},
                                    "text": "Whenever a creature an opponent controls dies, you gain 1 life"}})],
        "read; one you don't control is one an opponent controls: every other player is an opponent (CR 102.3)")


@pytest.mark.parametrize(("text", "when"), [
    ("At the beginning of the chosen player's upkeep, ~ deals 1 damage to that player.",
     {"step": "upkeep", "whose": "chosen"}),
    ("At the beginning of the chosen player's end step, you gain 1 life.", {"step": "end", "whose": "chosen"}),
])
def test_the_chosen_players_step(text, when):
    """CR 603.2b, 614.12: the step of the player chosen as its source entered (asp/turn.lp)."""
    assert lone_trigger(text, "Artifact")["when"] == when
