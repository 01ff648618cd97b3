""""~ can't have more than seven dream counters on it" (CR 101.2, 122.1; issue 13): the card's counter_limits,
which asp/counter_put.lp applies to every event putting counters (tests/cases/next/counter-limit.yaml) and the
board check applies to the counters a board states."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import write_inputs
from pysolver.cards.oracle import compile_card
from pysolver.cards.oracle_counter_limit import WHY

CASES = Path(__file__).parent / "cases" / "next"


def test_a_counter_limit_compiles():
    result = compile_card("Dreamer", "Remove a dream counter from ~: Add {C}.\n~ can't have more than seven dream "
                          "counters on it.", "Creature — Human Wizard", power="4", toughness="1")
    assert (result.status, result.card["counter_limits"]) == ("ok", [{"kind": "dream", "at_most": 7}])
    assert [(s["class"], s["why"]) for s in result.sentences][1] == ("compiled", WHY)


@pytest.mark.parametrize("text", [
    "~ can't have more than X dream counters on it.",  # no number
    "Creatures you control can't have more than seven dream counters on them.",  # not its own
])
def test_other_limits_stay_not_understood(text):
    result = compile_card("Dreamer", "{T}: Add {C}.\n" + text, "Creature — Human Wizard", power="4", toughness="1")
    assert (result.status, result.ignored) == ("partial", [text])


def test_a_board_with_more_counters_is_refused(cli, tmp_path):
    path, _ = write_inputs(tmp_path, board="""\
players: [Alice, Bob]
battlefield:
- {id: rasputin, card: Rasputin Dreamweaver, controller: Alice, counters: {dream: 8}}
""")
    code, out, err = cli("could-produce", path, "--cards", CASES / "counter-limit.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: 3:83: battlefield[0].counters.dream: Rasputin Dreamweaver can't have more than "
                   "7 dream counters on it (CR 101.2)\n")
