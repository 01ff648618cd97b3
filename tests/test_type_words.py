"""could-produce names a type of mana by its letter; mana symbols are for amounts (issue 14 item 5).

A chain's reflecting step and every "missing" line name types (``could produce G``,
``would add no W, U, B or R mana now``); mana symbols appear only inside quoted card
text, an ability's own text, and replacement steps, which change an amount of mana
(``replaces {G} with {B}{B}``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).parent.parent / "examples"
NYKTHOS = """\
players: [Alice, Bob]
battlefield:
- {id: nykthos, card: "Nykthos, Shrine to Nyx", controller: Alice}
- {id: bears, card: Grizzly Bears, controller: Alice}
"""


def test_types_with_no_amount_are_letters(cli, board_file):
    code, out, _ = cli("could-produce", board_file(NYKTHOS), "nykthos", "--explain")
    assert code == 0
    assert out.splitlines()[-1] == (
        '  none  "{2}, {T}: Choose a color. Add an amount of mana of that color equal to your devotion to '
        "that color. (Your devotion to a color is the number of mana symbols of that color in the mana "
        'costs of permanents you control.)" would add no W, U, B or R mana now: the amount is 0 (106.7)')


def _unquoted(text: str) -> str:
    return re.sub(r'"[^"]*"', '""', text)


@pytest.mark.parametrize("board", sorted(p.name for p in EXAMPLES.glob("*.yaml")) + ["commander.json"])
def test_no_type_is_written_as_a_symbol(cli, board):
    code, out, _ = cli("could-produce", str(EXAMPLES / board), "--explain", "--json")
    assert code == 0
    for permanent in json.loads(out)["permanents"]:
        for reason in permanent["reasons"]:
            for step in reason["steps"]:
                if step["kind"] == "reflect":
                    assert not re.search(r"\{[WUBRGC]\}", step["text"]), step["text"]
        for missing in permanent["missing"]:
            assert not re.search(r"\{[WUBRGC]\}", _unquoted(missing["text"])), missing["text"]
