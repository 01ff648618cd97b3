"""Leaves-the-battlefield triggers with an intervening "if" (issue 13; CR 603.4, 603.10a): "if it was historic"
(700.6: an artifact, a legendary permanent or a Saga, as it last existed: left_is), and a condition about earlier
events no board records ("if ~ dealt damage to it this turn": unjudged, next refuses where it would trigger).
Cases: tests/cases/next/leave-ifs.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card

from helpers import write_inputs

CASES = Path(__file__).parent / "cases" / "next"
HISTORIC = {"any_of": [{"types": ["Artifact"]}, {"supertypes": ["Legendary"]}, {"subtypes": ["Saga"]}]}


@pytest.mark.parametrize(("text", "condition"), [
    ("When enchanted permanent leaves the battlefield, if it was historic, you gain 1 life.", {"left_is": HISTORIC}),
    ("Whenever a creature you control dies, if it wasn't historic, you gain 1 life.",
     {"left_is": {"not_types": ["Artifact"], "not_supertypes": ["Legendary"], "not_subtypes": ["Saga"]}}),
])
def test_if_it_was_historic(text, condition):
    result = compile_card("Watcher", text, "Enchantment")
    assert result.status == "ok"
    [ability] = [a["triggered"] for a in result.card["abilities"]]
    assert (ability["if"], ability["do"]) == (condition, [{"gain_life": 1}])


def test_a_condition_about_earlier_events_is_unjudged():
    text = "Whenever a creature an opponent controls dies, if ~ dealt damage to it this turn, you gain 1 life."
    result = compile_card("Watcher", text, "Creature — Test", power="1", toughness="1")
    assert result.status == "ok"
    [ability] = [a["triggered"] for a in result.card["abilities"]]
    assert ability["if"] == {"unjudged": "its intervening \"if\" (~ dealt damage to it this turn) reads what happened "
                                         "earlier this turn or last turn, which no board records (CR 603.4)"}
    assert "do" not in ability  # never applied without its condition


def test_an_unjudged_leave_condition_is_refused_where_it_would_trigger(cli, tmp_path):
    """Bob's creature dies: whether Hawkeye dealt damage to it this turn isn't on the board, so next refuses."""
    path, _ = write_inputs(tmp_path, board="""\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: precombat_main}
battlefield:
- {id: hawkeye, card: "Hawkeye, Avenging Archer", controller: Alice}
- {id: bears, card: Grizzly Bears, controller: Bob, counters: {"-1/-1": 2}}
""")
    code, out, err = cli("next", path, "check", "--cards", CASES / "leave-ifs.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (check): hawkeye's \"if Hawkeye, Avenging Archer dealt damage to it this "
                   "turn, draw a card\" triggers (CR 603.2), and its intervening \"if\" (~ dealt damage to it this turn) "
                   "reads what happened earlier this turn or last turn, which no board records (CR 603.4)\n")
