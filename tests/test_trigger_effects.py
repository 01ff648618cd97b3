"""Effects of triggered abilities compiled into `do:` for pysolver next and outcomes (issue 13, the
mission "what happens next"): "put a [kind] counter on each [other] [kind] you control / your
opponents control" (CR 122.1, 122.6: asp/outcomes.lp's put/3, one event of asp/counter_put.lp) and
"each opponent / each player loses N life" (CR 119.3: asp/effects.lp's loses_life/3), read by every
trigger form the same way; the near shapes left as text, which next keeps refusing to resolve.
The ruling cases are tests/cases/next/trigger-effects.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pysolver.cards.oracle import compile_card

from helpers import compile_stored

CASES = Path(__file__).parent / "cases" / "next"


def test_trigger_effect_cards_are_what_the_compiler_makes():
    cards = yaml.safe_load((CASES / "trigger-effects.yml").read_text("utf-8"))["cards"]
    assert [c["name"] for c in cards] == ["Cordial Vampire", "Ridgescale Tusker", "Soulcage Fiend", "Plague Belcher",
                                          "Kalastria Healer", "Tolarian Contempt"]
    for card in cards:
        result = compile_stored(card)
        assert (result.status, result.card) == ("ok", card), card["name"]


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
    "When ~ enters, put a deathtouch counter on each creature you control.",  # its keyword (CR 122.1b): not modelled
    "When ~ enters, put a +1/+1 counter on each creature of the chosen type you control.",
    "When ~ enters, each opponent loses X life, where X is the number of creatures you control.",
    "When ~ enters, each opponent loses life equal to the life they lost this turn.",
    "When ~ enters, target opponent loses 2 life.",
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
