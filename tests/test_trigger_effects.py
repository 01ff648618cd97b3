"""Effects of triggered abilities compiled into `do:` for pysolver next and outcomes (issue 13, the
mission "what happens next"): "put a [kind] counter on each [other] [kind] you control / your
opponents control" (CR 122.1, 122.6: asp/outcomes.lp's put/3, one event of asp/counter_put.lp) and
"each opponent / each player loses N life" (CR 119.3: asp/effects.lp's loses_life/3), read by every
trigger form the same way; a whole effect that is one targeted effect (targets chosen as it is put on the
stack, CR 603.3d; asp/targets.lp as it resolves); the near shapes left as text, which next keeps refusing
to resolve.  The ruling cases are tests/cases/next/trigger-effects.yaml and trigger-targets.yaml."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card


CASES = Path(__file__).parent / "cases" / "next"


def trigger(text: str, type_line: str = "Creature — Vampire") -> dict:
    result = compile_card("Watcher", text, type_line, power="1", toughness="1")
    assert result.status == "ok", result.ignored
    return result.card["abilities"][0]["triggered"]


@pytest.mark.parametrize(("text", "do"), [
    ("When ~ enters, put a +1/+1 counter on each other creature you control.",
     [{"counter_on_each": {"kind": "+1/+1", "whose": "you", "filter": {"other": True, "types": ["Creature"]}}}]),
    ("When ~ dies, put a +1/+1 counter on each Vampire you control.",  # a dies trigger (oracle_next)
     [{"counter_on_each": {"kind": "+1/+1", "whose": "you", "filter": {"subtypes": ["Vampire"]}}}]),
    ("Whenever you cast a Dragon spell, put a +1/+1 counter on each Dragon creature you control.",  # a cast trigger
     [{"counter_on_each": {"kind": "+1/+1", "whose": "you",
                           "filter": {"subtypes": ["Dragon"], "types": ["Creature"]}}}]),
    ("When ~ enters, put a -1/-1 counter on each creature.",
     [{"counter_on_each": {"kind": "-1/-1", "whose": "any", "filter": {"types": ["Creature"]}}}]),
    ("When ~ enters, put a deathtouch counter on each creature you control.",  # its keyword (CR 122.1b)
     [{"counter_on_each": {"kind": "deathtouch", "whose": "you", "filter": {"types": ["Creature"]}}}]),
    ("When ~ enters, put a rejection counter on each creature your opponents control.",
     [{"counter_on_each": {"kind": "rejection", "whose": "opponent", "filter": {"types": ["Creature"]}}}]),
    ("When ~ enters, put a +1/+1 counter on each other creature you control with a +1/+1 counter on it.",
     [{"counter_on_each": {"kind": "+1/+1", "whose": "you",
                           "filter": {"with_counter": "+1/+1", "other": True, "types": ["Creature"]}}}]),
    ("When ~ dies, each opponent loses 2 life.", [{"lose_life": {"amount": 2, "whose": "opponent"}}]),
    ("When ~ dies, each player loses 3 life.", [{"lose_life": {"amount": 3, "whose": "any"}}]),
    ("When ~ enters, each opponent loses 1 life and you gain 1 life.",
     [{"lose_life": {"amount": 1, "whose": "opponent"}}, {"gain_life": 1}]),
    ("Whenever another Knight you control dies, each opponent loses 1 life and you draw a card.",
     [{"lose_life": {"amount": 1, "whose": "opponent"}}, {"draw": 1}]),
    ("When ~ enters, you lose 2 life.", [{"lose_life": 2}]),  # its controller: the number alone, as before
])
def test_effects_read(text, do):
    """CR 122.1, 122.6, 119.3: the effects the resolution applies, the same from every trigger form."""
    assert trigger(text)["do"] == do


@pytest.mark.parametrize("text", [
    # targeted (CR 603.3d), "up to", a count the board can't judge, a second sentence, a choice
    "When ~ enters, put a +1/+1 counter on each of up to two target creatures.",
    "When ~ enters, put a +1/+1 counter on each creature you control with toughness less than the number of basic "
    "land types among lands you control.",
    "When ~ enters, put a +1/+1 counter on each creature you control. Untap those creatures.",
    "When ~ enters, put a +1/+1 counter on each creature each opponent controls.",
    "When ~ enters, put a +1/+1 counter on each creature you control that has a +1/+1 counter on it.",
    "When ~ enters, put two +1/+1 counters on each creature you control.",
    "When ~ enters, put a +1/+1 counter on each creature of the chosen type you control.",
    "When ~ enters, each opponent loses X life, where X is the number of creatures you control.",
    "When ~ enters, each opponent loses life equal to the life they lost this turn.",
    # CR 608.2c: the controller loses, then gains: a gain replacement reading the life total between isn't judged
    "When ~ enters, each player loses 1 life and you gain 1 life.",
    # step triggers read trigger_do's forms only: outcomes resolves those of a step in stages, whose filters it
    # judges on the board as it is (oracle.py's STEP_TRIGGER)
    "At the beginning of your upkeep, put a -1/-1 counter on each creature.",
    "At the beginning of your upkeep, each opponent loses 1 life.",
])
def test_effects_left_as_text(text):
    """A shape no `do` form reads whole stays text only: next refuses to resolve it."""
    result = compile_card("Watcher", text, "Creature — Vampire", power="1", toughness="1")
    abilities = [a["triggered"] for a in result.card.get("abilities", []) if "triggered" in a]
    assert all("do" not in a for a in abilities), abilities


# ---------------------------------------------------------------- targeted triggered abilities (CR 603.3d)
ANY = {"zone": "any_target", "text": "any target"}


@pytest.mark.parametrize(("text", "aimed"), [
    ("When ~ enters, it deals 1 damage to any target.",
     {"targets": [ANY], "do": [{"damage": {"amount": 1, "target": 1}}]}),
    ("When ~ dies, it deals 2 damage to target creature.",  # its source as it last existed (CR 603.10a)
     {"targets": [{"zone": "battlefield", "filter": {"types": ["Creature"]}, "text": "target creature"}],
      "do": [{"damage": {"amount": 2, "target": 1}}]}),
    ("Whenever you cast an instant spell, ~ deals 1 damage to any target.",  # ~ is the source, never the spell
     {"targets": [ANY], "do": [{"damage": {"amount": 1, "target": 1}}]}),
    ("When ~ enters, target creature you control gets +2/+2 until end of turn.",
     {"targets": [{"zone": "battlefield", "whose": "you", "filter": {"types": ["Creature"]},
                   "text": "target creature you control"}],
      "do": [{"pump": {"power": 2, "toughness": 2, "target": 1}}]}),
    ("When ~ enters, put two -1/-1 counters on target creature you control.",  # asp/counter_put.lp's target(K)
     {"targets": [{"zone": "battlefield", "whose": "you", "filter": {"types": ["Creature"]},
                   "text": "target creature you control"}],
      "do": [{"counters_on": {"kind": "-1/-1", "count": 2, "target": 1}}]}),
    ("When ~ enters, put a deathtouch counter on target creature.",  # its keyword (CR 122.1b)
     {"targets": [{"zone": "battlefield", "filter": {"types": ["Creature"]}, "text": "target creature"}],
      "do": [{"counters_on": {"kind": "deathtouch", "count": 1, "target": 1}}]}),
    ("When ~ enters, destroy target artifact.",
     {"targets": [{"zone": "battlefield", "filter": {"types": ["Artifact"]}, "text": "target artifact"}],
      "do": [{"destroy": {"target": 1}}]}),
])
def test_targeted_trigger_forms(text, aimed):
    """CR 603.3d, 115.1: the targets chosen as it is put on the stack, and what resolving does to them."""
    found = trigger(text)
    assert {k: v for k, v in found.items() if k in ("targets", "do")} == aimed


@pytest.mark.parametrize("text", [
    "Whenever a creature you control dies, it deals 1 damage to any target.",  # "it": the creature that died
    "Whenever you cast an instant spell, it deals 1 damage to any target.",  # "it": the spell
    "When ~ enters, if you control a Swamp, it deals 1 damage to any target.",
    "When ~ enters, put a +1/+1 counter on each of up to two target creatures.",
])
def test_targeted_trigger_shapes_left_as_text(text):
    result = compile_card("Watcher", text, "Creature — Vampire", power="1", toughness="1")
    abilities = [a["triggered"] for a in result.card.get("abilities", []) if "triggered" in a]
    assert all("targets" not in a for a in abilities), abilities


def test_a_stacked_targeted_trigger_needs_its_targets(cli, tmp_path):
    """CR 603.3d: a triggered ability on the stack has its targets; a board without them is refused."""
    board = tmp_path / "board.yaml"
    board.write_text("""\
players: [Alice, Bob]
battlefield:
- {id: archer, card: Skeleton Archer, controller: Alice}
stack:
- {id: archer-1, card: Skeleton Archer, controller: Alice, source: archer, ability: 1}
""", "utf-8")
    code, out, err = cli("next", board, "resolve", "--cards", CASES / "trigger-targets.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {board}: 5:3: stack[0].targets: its ability has 1 target (one for each \"target\", "
                   "CR 115.1), the board gives 0\n")


def test_turned_face_up_trigger_chooses_a_target(cli, tmp_path):
    """CR 603.3d, 708.8: Atarka Efreet turned face up: one outcome for each target of its ability."""
    board = tmp_path / "board.yaml"
    board.write_text("""\
players: [{name: Alice, mana_pool: "{R}{R}{R}"}, Bob]
battlefield:
- {id: efreet, card: Atarka Efreet, controller: Alice, face_down: morph}
""", "utf-8")
    cards = Path(__file__).parent / "fixtures" / "cards" / "face-down.yaml"
    code, out, _ = cli("next", board, "turn-face-up", "efreet", "--cards", cards, "--json")
    assert code == 0
    assert sorted(c for o in json.loads(out)["outcomes"] for c in o["choices"]) == [
        "Alice chooses for Atarka Efreet (efreet-1): Alice (CR 603.3d)",
        "Alice chooses for Atarka Efreet (efreet-1): Atarka Efreet (efreet) (CR 603.3d)",
        "Alice chooses for Atarka Efreet (efreet-1): Bob (CR 603.3d)"]
