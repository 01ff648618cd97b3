""""Whenever you cast a spell other than your first spell each turn" (issue 13; CR 603.2): the trigger's
`not_first_each_turn`, judged on the board's spells_cast_this_turn (asp/actions.lp).  Cases:
tests/cases/next/cast-not-first.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card


CASES = Path(__file__).parent / "cases" / "next"


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever you cast a spell other than your first spell each turn, you gain 1 life.",
     {"event": "cast", "whose": "you", "not_first_each_turn": True}),
    ("Whenever an opponent casts a spell other than their first spell each turn, you gain 1 life.",
     {"event": "cast", "whose": "opponent", "not_first_each_turn": True}),
    ("Whenever you cast a creature spell other than your first spell each turn, you gain 1 life.",
     {"event": "cast", "filter": {"types": ["Creature"]}, "whose": "you", "not_first_each_turn": True}),
])
def test_a_spell_other_than_the_first(text, when):
    result = compile_card("Watcher", text, "Artifact")
    assert result.status == "ok"
    [ability] = [a["triggered"] for a in result.card["abilities"]]
    assert (ability["when"], ability["do"]) == (when, [{"gain_life": 1}])


def test_another_players_first_spell_is_not_read():
    """"An opponent casts a spell other than your first spell": not whose spells the count is of."""
    text = "Whenever an opponent casts a spell other than your first spell each turn, you gain 1 life."
    assert compile_card("Watcher", text, "Artifact").status == "partial"


