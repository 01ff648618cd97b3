"""Trigger events and conditions (issue 13): "Whenever you discard one or more cards" (once for a discard,
CR 603.2c), "Whenever you cycle or discard a card" (cycling never happens in a query, 702.29d), "Whenever ~
enters or transforms into ~" (no query transforms, 701.28), "When ~ dies, if it was a creature / if it's not
a token" (the permanent as it last existed, 603.4, 603.10a) and "if it wasn't blocking" (always so: no query
declares blockers, 509.1).  Cases: tests/cases/next/event-forms.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card

from helpers import write_inputs

CASES = Path(__file__).parent / "cases" / "next"


def compiled(text: str, type_line: str = "Creature — Fish") -> list:
    result = compile_card("Watcher", text, type_line, power="1", toughness="1")
    assert result.status == "ok", result.ignored
    return [ability["triggered"] for ability in result.card.get("abilities", [])]


@pytest.mark.parametrize(("text", "triggered"), [
    ("Whenever you discard one or more cards, put a +1/+1 counter on Watcher.",
     {"when": {"event": "discard", "whose": "you", "batch": True}, "do": [{"counter_on_self": "+1/+1"}],
      "text": "put a +1/+1 counter on Watcher"}),
    ("Whenever you discard one or more cards, create that many tapped 2/2 black Zombie creature tokens.",
     {"when": {"event": "discard", "whose": "you", "batch": True},
      "text": "create that many tapped 2/2 black Zombie creature tokens"}),
    ("Whenever you cycle or discard a card, Watcher gets +1/+1 until end of turn.",
     {"when": {"event": "discard", "whose": "you"}, "text": "Watcher gets +1/+1 until end of turn",
      "do": [{"pump_self": {"power": 1, "toughness": 1}}]}),
    ("Whenever Watcher enters or transforms into Watcher, you gain 2 life.",
     {"when": {"event": "enters"}, "do": [{"gain_life": 2}], "text": "you gain 2 life"}),
    ("When Watcher dies, if it was a creature, return it to the battlefield under its owner's control.",
     {"when": {"event": "dies"}, "if": {"left_is": {"types": ["Creature"]}},
      "text": "return it to the battlefield under its owner's control"}),
    ("When Watcher dies, if it's not a token, create a token that's a copy of it.",
     {"when": {"event": "dies"}, "if": {"left_is": {"token": False}}, "text": "create a token that's a copy of it"}),
    ("When Watcher dies, if it had two or more +1/+1 counters on it, draw a card.",
     {"when": {"event": "dies"}, "if": {"left_counters_at_least": {"kind": "+1/+1", "at_least": 2}},
      "do": [{"draw": 1}], "text": "draw a card"}),
    ("Whenever a creature dies, if it was a Human, draw a card.",
     {"when": {"event": "dies", "filter": {"types": ["Creature"]}, "whose": "any"},
      "if": {"left_is": {"subtypes": ["Human"]}}, "do": [{"draw": 1}], "text": "draw a card"}),
    ("When Watcher dies, if he wasn't a Spirit, return this card to the battlefield under your control.",
     {"when": {"event": "dies"}, "if": {"left_is": {"not_subtypes": ["Spirit"]}},
      "text": "return this card to the battlefield under your control"}),
    ("When Watcher dies, if it wasn't blocking, draw a card.",
     {"when": {"event": "dies"}, "do": [{"draw": 1}], "text": "draw a card"}),
])
def test_event_forms(text, triggered):
    assert compiled(text) == [triggered]


def test_a_transform_trigger_is_irrelevant():
    """CR 701.28: no action of pysolver next transforms a permanent, so the ability never triggers."""
    result = compile_card("Watcher", "When Watcher transforms into Watcher, you gain 2 life.", "Creature — Fish",
                          power="1", toughness="1")
    assert result.status == "ok"
    assert [s["class"] for s in result.sentences] == ["irrelevant"]
    assert "abilities" not in result.card


def test_a_planeswalker_that_dies_wasnt_a_creature(cli, tmp_path):
    """CR 603.4, 603.10a, 700.4: a planeswalker dies too; "if it was a creature" judges it as it last
    existed, so of its two dies triggers only the one without the condition goes on the stack."""
    path, cards = write_inputs(tmp_path, board="""\
players: [{name: Alice, library: [Island]}, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: walker, card: Test Walker, controller: Alice, counters: {loyalty: 0}}
""", cards="""\
format: pysolver-cards/1
cards:
- name: Test Walker
  types: [Planeswalker]
  abilities:
  - triggered:
      when: {event: dies}
      if: {left_is: {types: [Creature]}}
      text: draw a card
      do: [{draw: 1}]
  - triggered:
      when: {event: dies}
      text: draw a card
      do: [{draw: 1}]
""")
    code, out, err = cli("next", path, "check", "--cards", cards)
    assert (code, err) == (0, "")
    assert out == ("outcome 1: probability 1\n"
                   "  - put into the graveyard: walker (loyalty 0, CR 704.5i)\n"
                   "  - put walker-2 (Test Walker, walker:2) on the stack\n")


def test_a_siege_names_itself_this_siege():
    """CR 310.1, 201.5: a battle's "this Siege" is the battle itself, so its enters trigger is read."""
    result = compile_card("Invasion of Nowhere", "When this Siege enters, you gain 2 life.", "Battle — Siege")
    assert result.status == "ok", result.ignored
    assert result.card["abilities"] == [{"triggered": {"when": {"event": "enters"}, "text": "you gain 2 life",
                                                       "do": [{"gain_life": 2}]}}]
