"""Triggers on a permanent entering tapped or untapped (issue 13): "Whenever a permanent you control enters
tapped", "When this land enters untapped" (CR 603.6a, 614.12): the enters trigger's ``when`` with ``entering``,
judged on the permanent's status as it enters (asp/zone_change.lp).  Cases: tests/cases/next/entering-status.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.errors import QueryError
from pysolver.next_state import next_states, parse_actions

from helpers import lone_trigger

CASES = Path(__file__).parent / "cases" / "next"


@pytest.mark.parametrize(("text", "type_line", "when"), [
    ("Whenever a permanent you control enters tapped, untap it.", "Artifact",
     {"event": "permanent_enters", "filter": {}, "whose": "you", "entering": "tapped"}),
    ("Whenever an artifact or creature an opponent controls enters untapped, they may tap that permanent.",
     "Creature — Vampire Soldier",
     {"event": "permanent_enters", "filter": {"any_of": [{"types": ["Artifact"]}, {"types": ["Creature"]}]},
      "whose": "opponent", "entering": "untapped"}),
    ("When Fiend enters untapped, you gain 2 life.", "Land", {"event": "enters", "entering": "untapped"}),
])
def test_the_status_it_enters_with_is_the_triggers(text, type_line, when):
    stats = {"power": "1", "toughness": "1"} if "Creature" in type_line else {}
    assert lone_trigger(text, type_line, **stats)["when"] == when


def test_a_land_entering_untapped_triggers_its_ability():
    """Three other Swamps: Witch's Cottage enters untapped (CR 614.1c) and its ability triggers; its effect targets
    a card and isn't modelled, so next refuses to put it on the stack (603.3d) rather than leave it out."""
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": ["Witch's Cottage"], "graveyard": ["Grizzly Bears"]}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": f"swamp-{i}", "card": "Swamp", "controller": "Alice"} for i in (1, 2, 3)]},
        [CASES / "entering-status.yml"])
    with pytest.raises(QueryError, match=r"witch-s-cottage's \"you may put target creature card from your graveyard "
                                         r"on top of your library\" triggers \(CR 603.2\)"):
        next_states(board, parse_actions(["play", "Witch's Cottage"]))
