""""You may have ~ enter tapped. If you do, ..." (CR 614.1c, 614.12; issue 13): its controller's choice as it enters
and what follows it, kept as the card's ``enters_tapped: {unjudged: ...}``: no rule reads it, and next refuses the
permanent entering (the cases on the battlefield: tests/cases/next/optionally-tapped.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import write_inputs
from pysolver.cards.oracle import OPTIONALLY_TAPPED, compile_card

CASES = Path(__file__).parent / "cases" / "next"


@pytest.mark.parametrize(("text", "unjudged"), [
    ("You may have ~ enter tapped. If you do, you get two rad counters.",
     "as its controller chooses, and if it does, you get two rad counters"),
    ("You may have ~ enter tapped.", "as its controller chooses"),
])
def test_an_optional_enters_tapped_is_kept_unjudged(text, unjudged):
    result = compile_card("Base", text + "\n{T}: Add {C}.", "Land")
    assert (result.status, result.card["enters_tapped"]) == ("ok", {"unjudged": unjudged})
    assert {s["why"] for s in result.sentences if s["line"] == 1} == {OPTIONALLY_TAPPED}


def test_next_refuses_it_entering(cli, tmp_path):
    path, _ = write_inputs(tmp_path, board="""\
players:
- {name: Alice, hand: [Mariposa Military Base]}
- Bob
turn: {number: 3, active: Alice, step: precombat_main}
""")
    code, out, err = cli("next", path, "play", "Mariposa Military Base", "--cards", CASES / "optionally-tapped.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (play Mariposa Military Base): mariposa-military-base may enter tapped as "
                   "its controller chooses, and if it does, you get two rad counters (CR 614.1c, 614.12), which next "
                   "doesn't judge: give the board after it enters\n")
