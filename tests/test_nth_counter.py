""""When the twelfth hour counter is put on ~, [effect]" (CR 603.2, 122.6; issue 13): a trigger on counters of
that kind put on its source (pysolver/cards/oracle_counter_events.py), the count it looks for kept as its
`unjudged` (next's counter events don't carry how many the permanent had): `pysolver next` refuses where an
hour counter is put on it, and answers where none is (tests/cases/next/nth-counter.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import write_inputs
from pysolver.cards.oracle import compile_card

CASES = Path(__file__).parent / "cases" / "next"


def unjudged(nth: str, kind: str) -> str:
    return (f"it triggers only as the {nth} {kind} counter is put on it, which reads how many it had before "
            "(CR 603.2, 122.6): next doesn't judge it")


@pytest.mark.parametrize(("text", "triggered"), [
    ("When the twelfth hour counter is put on ~, shuffle your hand and graveyard into your library, then draw seven "
     "cards. Exile ~.",
     {"when": {"event": "counters_put", "kind": "hour", "unjudged": unjudged("twelfth", "hour")},
      "text": "shuffle your hand and graveyard into your library, then draw seven cards. Exile Clock"}),
    ("When the third plan counter is put on ~, you gain 3 life.",
     {"when": {"event": "counters_put", "kind": "plan", "unjudged": unjudged("third", "plan")},
      "do": [{"gain_life": 3}], "text": "you gain 3 life"}),
])
def test_nth_counter_is_a_counter_trigger_kept_unjudged(text, triggered):
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


def test_an_hour_counter_put_on_it_is_refused(cli, tmp_path):
    """The upkeep trigger puts the twelfth hour counter on the Clock (11 before): which counter it is isn't judged."""
    path, _ = write_inputs(tmp_path, board="""\
players: [Alice, Bob]
turn: {number: 3, active: Alice, step: untap}
battlefield: [{id: clock, card: Midnight Clock, controller: Alice, counters: {hour: 11}}]
""")
    code, out, err = cli("next", path, "pass", "resolve", "--cards", CASES / "nth-counter.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 2 (resolve): clock's \"shuffle your hand and graveyard into your library, "
                   "then draw seven cards. Exile Midnight Clock\" triggers (CR 603.2), and "
                   + unjudged("twelfth", "hour") + "\n")
