""""When the twelfth hour counter is put on ~, [effect]" (CR 603.2, 122.6; issue 13): a trigger on counters of
that kind put on its source by an event that takes their count from fewer than twelve to twelve or more
(pysolver/cards/oracle_counter_events.py, `reaches`; asp/counter_events.lp): `pysolver next` puts it on the stack as
the twelfth is put on it, and not for the eleventh (tests/cases/next/nth-counter.yaml)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import write_inputs
from pysolver.cards.oracle import compile_card

CASES = Path(__file__).parent / "cases" / "next"


@pytest.mark.parametrize(("text", "triggered"), [
    ("When the twelfth hour counter is put on ~, shuffle your hand and graveyard into your library, then draw seven "
     "cards. Exile ~.",
     {"when": {"event": "counters_put", "kind": "hour", "reaches": 12},
      "text": "shuffle your hand and graveyard into your library, then draw seven cards. Exile Clock"}),
    ("When the third plan counter is put on ~, you gain 3 life.",
     {"when": {"event": "counters_put", "kind": "plan", "reaches": 3},
      "do": [{"gain_life": 3}], "text": "you gain 3 life"}),
])
def test_nth_counter_is_a_counter_trigger_reaching_n(text, triggered):
    result = compile_card("Clock", "{T}: Add {U}.\n" + text, "Artifact")
    assert (result.status, result.card["abilities"][1]) == ("ok", {"triggered": triggered})
    assert {s["class"] for s in result.sentences[1:]} == {"compiled"}


@pytest.mark.parametrize("text", [
    "When the twelfth hour counter is put on target artifact, draw a card.",  # not its own source
    "When the third plan counter is put on ~, if you control a Robot, draw a card.",  # an intervening "if"
])
def test_other_nth_counter_sentences_stay_not_understood(text):
    result = compile_card("Clock", "{T}: Add {U}.\n" + text, "Artifact")
    assert (result.status, result.ignored) == ("partial", [text])


@pytest.mark.parametrize(("had", "triggered"), [(11, True), (10, False), (12, False)])
def test_the_twelfth_hour_counter_triggers_it(cli, tmp_path, had, triggered):
    """The upkeep trigger puts an hour counter on the Clock: the twelfth (11 before) triggers its ability, the
    eleventh or the thirteenth doesn't (CR 603.2, 122.6)."""
    path, _ = write_inputs(tmp_path, board=f"""\
players: [Alice, Bob]
turn: {{number: 3, active: Alice, step: untap}}
battlefield: [{{id: clock, card: Midnight Clock, controller: Alice, counters: {{hour: {had}}}}}]
""")
    code, out, err = cli("next", path, "pass", "resolve", "--cards", CASES / "nth-counter.yml", "--json")
    assert (code, err) == (0, "")
    [outcome] = json.loads(out)["outcomes"]
    assert outcome["board"]["battlefield"][0]["counters"] == {"hour": had + 1}
    assert outcome["board"].get("stack", []) == ([{"id": "clock-4", "card": "Midnight Clock", "controller": "Alice",
                                                   "source": "clock", "ability": 4}] if triggered else [])
    assert outcome["events"][-1] == ("put clock-4 (Midnight Clock, clock:4) on the stack" if triggered
                                     else "hour counter on clock")
