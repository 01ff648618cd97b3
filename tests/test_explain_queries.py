"""--explain for can-activate, available and x: exact output, read from the encodings' atoms,
citing only rule numbers that exist."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pysolver

RULE_NUMBERS = {line.strip() for line in
                (Path(__file__).parent / "fixtures" / "rule_numbers.txt").read_text().splitlines()
                if line.strip() and not line.startswith("#")}

CRACKLEBURR = """\
players: [Alice, Bob]
battlefield:
- {card: Crackleburr, controller: Alice}
- {card: Raging Goblin, controller: Alice}
- {card: Island, controller: Alice}
- {card: Mountain, controller: Alice}
"""


def cited(text: str) -> set[str]:
    return set(re.findall(r"\b\d{3}\.\d+[a-z]?\b", text))


def test_can_activate_explain_lists_every_check(cli, board_file):
    code, out, err = cli("can-activate", board_file(CRACKLEBURR), "crackleburr", "--ability", "1",
                         "--explain")
    assert (code, err) == (0, "")
    assert out == (
        "no: Crackleburr (crackleburr), ability 1: {U/R}{U/R}, {T}, tap 2 untapped red creatures\n"
        "  118.3: Alice has 1 untapped red creature other than Crackleburr to tap; 2 needed\n"
        "checked:\n"
        "  FAIL  118.3: tap 2 untapped red creatures other than Crackleburr: Alice has 1\n"
        "  ok    107.5: {T}: Crackleburr is untapped before it is paid\n"
        "  ok    118.3: pay {U/R}{U/R} from Alice's mana pool and the mana abilities Alice can "
        "activate now (601.2g)\n"
        "  ok    302.6: Crackleburr is a creature; Alice has controlled it continuously since their "
        "most recent turn began\n"
        "  ok    601.2c: a legal target: any target\n"
        "  ok    601.2h: all of the costs ({U/R}{U/R}, {T}, tap 2 untapped red creatures) paid together\n"
        "N  KIND       COST\n"
        "1  activated  {U/R}{U/R}, {T}, tap 2 untapped red creatures\n"
        "2  activated  {U/R}{U/R}, {Q}, untap 2 tapped blue creatures\n")
    assert cited(out) <= RULE_NUMBERS


def test_can_activate_explain_marks_each_failure(load):
    board = load(CRACKLEBURR.replace("{card: Crackleburr, controller: Alice}",
                                     "{card: Crackleburr, controller: Alice, tapped: true, "
                                     "entered: {turn: 1, step: upkeep}}"))
    answer = pysolver.can_activate(board, "crackleburr", 1, explain=True)
    failed = [(c.rule, c.text) for c in answer.checks if c.failed]
    assert failed == [("107.5", "{T}: Crackleburr is tapped before it is paid"),
                      ("118.3", "tap 2 untapped red creatures other than Crackleburr: Alice has 1")]
    # One failed check for each reason, and the same rule.
    assert sorted(r.split(":")[0] for r in answer.reasons) == sorted(r for r, _ in failed)
    assert pysolver.can_activate(board, "crackleburr", 1).checks is None


def test_can_activate_explain_json(cli, board_file):
    code, out, _ = cli("can-activate", board_file(CRACKLEBURR), "island", "--explain", "--json")
    assert code == 0
    assert json.loads(out)["checks"] == [
        {"rule": "107.5", "text": "{T}: Island is untapped before it is paid", "failed": False},
        {"rule": "302.6", "text": "Island is not a creature, so summoning sickness doesn't apply",
         "failed": False}]
