"""Triggered (and activated) abilities whose effect is a player's life loss on a target ("target
opponent loses 1 life", CR 119.3), maybe followed by "and you gain N life" (608.2c: the gain after the
effect before it, one event of asp/life_replacement.lp), and the target "creature an opponent
controls" (115.1).  The ruling cases are tests/cases/next/trigger-life.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card


CASES = Path(__file__).parent / "cases" / "next"
OPPONENT = {"zone": "player", "whose": "opponent", "text": "target opponent"}
PLAYER = {"zone": "player", "whose": "any", "text": "target player"}
ANY = {"zone": "any_target", "text": "any target"}


def _triggered(text: str) -> dict:
    result = compile_card("Watcher", text, "Creature — Vampire", power="1", toughness="1")
    assert result.status == "ok", result.ignored
    return result.card["abilities"][0]["triggered"]


@pytest.mark.parametrize(("text", "aimed"), [
    ("When ~ dies, target player loses 2 life.",
     {"targets": [PLAYER], "do": [{"target_loses_life": {"amount": 2, "target": 1}}]}),
    ("Whenever another creature dies, target opponent loses 1 life and you gain 1 life.",
     {"targets": [OPPONENT], "do": [{"target_loses_life": {"amount": 1, "target": 1}},
                                    {"you_gain_life": {"amount": 1}}]}),
    ("When ~ enters, target opponent loses two life and you gain two life.",
     {"targets": [OPPONENT], "do": [{"target_loses_life": {"amount": 2, "target": 1}},
                                    {"you_gain_life": {"amount": 2}}]}),
    ("When ~ dies, it deals 1 damage to any target and you gain 1 life.",  # CR 608.2c: the damage first
     {"targets": [ANY], "do": [{"damage": {"amount": 1, "target": 1}}, {"you_gain_life": {"amount": 1}}]}),
    ("When ~ enters, target creature an opponent controls gets -1/-1 until end of turn.",
     {"targets": [{"zone": "battlefield", "whose": "opponent", "filter": {"types": ["Creature"]},
                   "text": "target creature an opponent controls"}],
      "do": [{"pump": {"power": -1, "toughness": -1, "target": 1}}]}),
])
def test_life_trigger_forms(text, aimed):
    """CR 603.3d, 115.1, 119.3, 608.2c: its targets, and what it does in text order."""
    found = _triggered(text)
    assert {k: v for k, v in found.items() if k in ("targets", "do")} == aimed


@pytest.mark.parametrize("text", [
    "When ~ enters, target opponent loses life equal to the number of Elves you control.",
    "When ~ enters, target opponent loses X life and you gain X life, where X is its power.",
    "When ~ enters, target opponent loses 3 life unless they sacrifice a nonland permanent.",
    "When ~ enters, target opponent loses half their life, rounded up.",
    "When ~ enters, if you control a Swamp, target opponent loses 1 life and you gain 1 life.",
    "When ~ enters, you may have target opponent lose 1 life.",
    "When ~ enters, target opponent loses 1 life and you gain life equal to the life lost this way.",
    "When ~ enters, target creature target opponent controls gets -1/-1 until end of turn.",  # two targets
    "When ~ enters, target opponent loses 1 life and you draw a card.",
])
def test_life_shapes_left_as_text(text):
    result = compile_card("Watcher", text, "Creature — Vampire", power="1", toughness="1")
    abilities = [a["triggered"] for a in result.card.get("abilities", []) if "triggered" in a]
    assert all("targets" not in a and "do" not in a for a in abilities), abilities


def test_tap_target_forms():
    """CR 701.21a: "Tap target creature" of an activated ability and of a triggered one."""
    result = compile_card("Keeper", "{W}, {T}: Tap target creature.", "Creature — Human", power="1", toughness="1")
    activated = result.card["abilities"][0]["activated"]
    creature = {"zone": "battlefield", "filter": {"types": ["Creature"]}, "text": "target creature"}
    assert (activated["targets"], activated["do"]) == ([creature], [{"tap": {"target": 1}}])
    found = _triggered("When ~ enters, tap target artifact or creature an opponent controls.")
    assert (found["targets"], found["do"]) == (
        [{"zone": "battlefield", "whose": "opponent",
          "filter": {"any_of": [{"types": ["Artifact"]}, {"types": ["Creature"]}]},
          "text": "target artifact or creature an opponent controls"}], [{"tap": {"target": 1}}])


@pytest.mark.parametrize(("text", "aimed"), [
    ("When ~ dies, you may put a -1/-1 counter on target creature.",
     {"targets": [{"zone": "battlefield", "filter": {"types": ["Creature"]}, "text": "target creature"}],
      "do": [{"counters_on": {"kind": "-1/-1", "count": 1, "target": 1}}], "may": True}),
    ("When ~ enters, you may have ~ deal 2 damage to any target.",
     {"targets": [ANY], "do": [{"damage": {"amount": 2, "target": 1}}], "may": True}),
    ("When ~ dies, you may have it deal 2 damage to any target.",  # "it": its source (CR 603.10a)
     {"targets": [ANY], "do": [{"damage": {"amount": 2, "target": 1}}], "may": True}),
])
def test_you_may_with_a_target(text, aimed):
    """CR 603.3d, 603.5: targets chosen as it is put on the stack; whether to apply it, as it resolves."""
    found = _triggered(text)
    assert {k: v for k, v in found.items() if k in ("targets", "do", "may")} == aimed


@pytest.mark.parametrize("text", [
    "Whenever a creature you control dies, you may have it deal 1 damage to any target.",  # "it": the creature
    "When ~ enters, you may have target creature get -1/-1 until end of turn.",
])
def test_you_may_shapes_left_as_text(text):
    found = _triggered(text)
    assert "targets" not in found and "do" not in found, found


def test_activated_and_spell_forms():
    """The same targeted effect read for an activated ability (CR 602.2b) and an instant (601.2c)."""
    result = compile_card("Drainer", "{1}{B}, {T}: Target player loses 1 life and you gain 1 life.",
                          "Creature — Vampire", power="1", toughness="1")
    assert result.status == "ok"
    activated = result.card["abilities"][0]["activated"]
    assert (activated["targets"], activated["do"]) == (
        [PLAYER], [{"target_loses_life": {"amount": 1, "target": 1}}, {"you_gain_life": {"amount": 1}}])
    spell = compile_card("Drain", "Target opponent loses 3 life and you gain 3 life.", "Sorcery").card["spell"]
    assert (spell["targets"], spell["do"]) == (
        [OPPONENT], [{"target_loses_life": {"amount": 3, "target": 1}}, {"you_gain_life": {"amount": 3}}])
