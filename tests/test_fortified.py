"""A Fortification's static ability reaches the land it is attached to (CR 301.6: rules 301.5a-f
apply to Fortifications and lands as to Equipment and creatures): "Fortified land has
indestructible" gives the fortified land indestructible (613.1f), as "Equipped creature has ..."
does the equipped creature.  It compiled as a filter of lands of a subtype "Fortified", which no
land has, so a destroyed fortified land was destroyed (702.12b).  Darksteel Garrison is the dev
part's one card of the form."""

from __future__ import annotations

from pathlib import Path

import pysolver
from pysolver.cards.oracle import compile_card

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-fortified.yaml"

FORTIFY = {"activated": {"cost": ["{3}"], "targets": [{"zone": "battlefield", "whose": "you", "filter": {"types": ["Land"]},
                                                       "text": "target land you control"}],
                         "timing": "sorcery", "do": [{"attach": {"target": 1}}], "text": "Fortify {3}"}}


def test_fortified_land_is_the_land_it_is_attached_to():
    result = compile_card("Test Fortification", "Fortified land has indestructible.\nFortify {3}",
                          "Artifact — Fortification")
    assert result.status == "ok", result.sentences
    assert result.card["abilities"] == [{"static": {"affects": {"types": ["Land"]}, "whose": "any",
                                                    "enchanted": True, "grant_keywords": ["Indestructible"]}}, FORTIFY]


def test_a_fortified_land_is_not_destroyed():
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": ["Stone Rain"], "mana_pool": "{R}{R}{R}"}, "Bob"],
        "battlefield": [
            {"id": "forest", "card": "Forest", "controller": "Bob"},
            {"id": "garrison", "card": "Darksteel Garrison", "controller": "Bob",
             "attached_to": {"permanent": "forest"}}]}, [CARDS])
    done, = pysolver.api.next_states(board, ["cast", "Stone Rain", "target=forest", "resolve"])
    assert done.board["battlefield"] == [
        {"id": "forest", "card": "Forest", "controller": "Bob", "timestamp": 1},
        {"id": "garrison", "card": "Darksteel Garrison", "controller": "Bob", "attached_to": {"permanent": "forest"},
         "timestamp": 2}]
    assert done.board["players"][0]["graveyard"] == ["Stone Rain"]



def test_fortify_is_an_activated_ability_that_attaches_to_a_land():
    """CR 702.67a: "Fortify [cost]" means "[Cost]: Attach this Fortification to target land you control.
    Activate only as a sorcery." It compiled as the card's keyword alone: can-activate said the
    Fortification had no activated ability."""
    result = compile_card("Test Fortification", "Fortify {3}", "Artifact — Fortification", keywords=["Fortify"])
    assert result.status == "ok", result.sentences
    assert result.card["abilities"] == [FORTIFY]


def test_a_fortify_cost_not_mana_alone_is_not_understood():
    result = compile_card("Test Fortification", "Fortify—Sacrifice a land.", "Artifact — Fortification",
                          keywords=["Fortify"])
    assert result.status == "partial"


def test_next_fortifies_a_land():
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "mana_pool": "{C}{C}{C}"}, "Bob"],
        "battlefield": [
            {"id": "forest", "card": "Forest", "controller": "Alice"},
            {"id": "garrison", "card": "Darksteel Garrison", "controller": "Alice"}]}, [CARDS])
    answer = pysolver.can_activate(board, "garrison", 3)
    assert (answer.can_activate, answer.reasons) == (True, ())
    done, = pysolver.api.next_states(board, ["activate", "garrison", "3", "target=forest", "resolve"])
    garrison = next(p for p in done.board["battlefield"] if p["id"] == "garrison")
    assert garrison["attached_to"] == {"permanent": "forest"}
    assert "stack" not in done.board
