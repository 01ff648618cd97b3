"""State triggers (CR 603.8, issue 13): "When you control no Islands, sacrifice ~" is compiled as a
trigger whose `when` is the board's state, judged by the rules of an intervening "if" (asp/turn.lp)
but not checked again on resolution; `pysolver next` puts it on the stack once the board matches it
(asp/state_triggers.lp, cases in tests/cases/next/state-triggers.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pysolver.cards.oracle import compile_card

from helpers import write_inputs

CASES = Path(__file__).parent / "cases" / "next"


def state_trigger(text: str, type_line: str = "Creature — Fish") -> dict:
    result = compile_card("Watcher", text, type_line, power="1", toughness="1")
    assert result.status == "ok", result.ignored
    return result.card["abilities"][0]["triggered"]


@pytest.mark.parametrize(("text", "state", "do"), [
    ("When you control no Islands, sacrifice Watcher.",
     {"you_control": {"at_most": 0, "filter": {"subtypes": ["Island"]}}}, [{"sacrifice_self": True}]),
    # CR 122.1: "with phylactery counters on them": one or more
    ("When you control no permanents with phylactery counters on them, sacrifice this creature.",
     {"you_control": {"at_most": 0, "filter": {"with_counter": "phylactery"}}}, [{"sacrifice_self": True}]),
    ("When you control no snow lands, sacrifice this creature.",
     {"you_control": {"at_most": 0, "filter": {"supertypes": ["Snow"], "types": ["Land"]}}},
     [{"sacrifice_self": True}]),
    ("When you control seven or more Thrulls, sacrifice Watcher.",
     {"you_control": {"at_least": 7, "filter": {"subtypes": ["Thrull"]}}}, [{"sacrifice_self": True}]),
    ("When you control a Dwarf, sacrifice this creature.",
     {"you_control": {"at_least": 1, "filter": {"subtypes": ["Dwarf"]}}}, [{"sacrifice_self": True}]),
    ("When there are no creatures on the battlefield, sacrifice this creature.",
     {"on_battlefield": {"at_most": 0, "filter": {"types": ["Creature"]}}}, [{"sacrifice_self": True}]),
    ("When no creatures are on the battlefield, sacrifice this creature.",
     {"on_battlefield": {"at_most": 0, "filter": {"types": ["Creature"]}}}, [{"sacrifice_self": True}]),
    ("When this creature has no +1/+1 counters on it, sacrifice it.",
     {"self_no_counter": "+1/+1"}, [{"sacrifice_self": True}]),
    ("When this creature has twenty or more charge counters on it, you win the game.",
     {"self_counters": {"kind": "charge", "at_least": 20}}, None),
    # CR 702.1, 208.1: a keyword of its source, its power
    ("When this creature has flying, sacrifice it.", {"self_is": {"keywords": ["Flying"]}}, [{"sacrifice_self": True}]),
    ("When this creature's power is 7 or greater, sacrifice it.", {"self_is": {"power_at_least": 7}},
     [{"sacrifice_self": True}]),
])
def test_state_trigger_forms(text, state, do):
    """CR 603.8: the condition is the trigger's `when: {state: ...}`, never an intervening `if:`."""
    triggered = state_trigger(text)
    assert triggered["when"] == {"state": state}
    assert "if" not in triggered
    assert triggered.get("do") == do


@pytest.mark.parametrize("text", [
    "When there are 1,000 or more time counters on this creature, sacrifice it.",
    "When a player has no cards in hand, sacrifice this creature.",
])
def test_state_triggers_left_unread(text):
    result = compile_card("Watcher", text, "Creature — Fish", power="1", toughness="1")
    assert result.status == "partial"
    assert result.ignored == [text.replace("this creature", "~").replace("Watcher", "~")]


def test_state_trigger_facts_are_no_intervening_if():
    """CR 603.8: trigger_state/2, which outcomes doesn't check again as the ability resolves (an
    intervening "if", trigger_if/2, is checked again: 603.4)."""
    from pysolver.cards import Card
    from pysolver.facts.cards import card_facts

    [card, *_] = yaml.safe_load((CASES / "state-triggers.yml").read_text("utf-8"))["cards"]
    shown = {str(symbol) for symbol in card_facts(Card(card["name"], card, "fixture"))}
    assert any(s.startswith('trigger_state(ab("Barbarian Outcast",0),you_control(at_most,0,') for s in shown)
    assert not any(s.startswith(("trigger_if(", "trigger_event(")) for s in shown)


def test_a_board_where_a_state_trigger_has_triggered_is_refused(cli, tmp_path):
    """CR 603.8, 117.5: the board matches the condition and the ability isn't on the stack: it has
    triggered and would be on the stack before any player acts, so next refuses the board."""
    path, _ = write_inputs(tmp_path, board="""\
players: [Alice, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: outcast, card: Barbarian Outcast, controller: Alice}
""")
    code, out, err = cli("next", path, "pass", "--cards", CASES / "state-triggers.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: outcast's state trigger (\"sacrifice Barbarian Outcast\") has triggered on this "
                   "board, whose state matches its condition, and isn't on the stack (CR 603.8, 117.5): put it on "
                   "the stack\n")


def test_a_flip_when_it_has_flying_is_a_state_trigger_kept_as_text():
    """CR 603.8, 709.4: next can grant flying (a spell resolving), so "When ~ has flying, flip it." triggers there
    (never irrelevant); flipping isn't modelled, so the effect keeps only its text, which next refuses to resolve."""
    triggered = state_trigger("When this creature has flying, flip it.")
    assert triggered == {"when": {"state": {"self_is": {"keywords": ["Flying"]}}}, "text": "flip it"}
