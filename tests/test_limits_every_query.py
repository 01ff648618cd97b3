"""Every query takes --timeout and --max-outcomes; when one is hit: exit status 3,
one line saying "incomplete" and which limit, and nothing on stdout."""

from __future__ import annotations

import json

import pytest

from helpers import BOMBARDMENT


BOARD = """\
players: [A, B]
turn: {number: 3, active: A, step: upkeep}
battlefield:
- {card: Crackleburr, controller: A, tapped: true}
- {card: Forest, controller: A}
- {card: Tropical Island, controller: A}
- {card: Endless One, controller: A, x: 2, counters: {"+1/+1": 2}}
stack:
- {id: e1, card: Endless One, controller: A, x: 4}
"""

OUTCOMES = BOMBARDMENT

# Contamination and Mana Reflection apply in either order (CR 616.1): two outcomes.
MANA = """\
players: [A, B]
battlefield:
- {card: Forest, controller: A}
- {card: Contamination, controller: B}
- {card: Mana Reflection, controller: A}
"""

# (arguments after BOARD, the board, the largest --max-outcomes that is hit, what is counted)
COMMANDS = {
    "could-produce": ([], BOARD, 3, "permanents"),
    "turn": ([], BOARD, 10, "steps"),
    "outcomes": ([], OUTCOMES, 1, "outcomes"),
    "can-activate": (["crackleburr", "--ability", "1"], BOARD, 2, "reasons"),
    "available": (["A"], BOARD, 1, "pools"),
    "x-spell": (["e1"], BOARD, 1, "values of X"),
    "x-permanent": (["endless-one"], BOARD, 1, "values of X"),
    "mana": (["forest"], MANA, 1, "outcomes"),
}


@pytest.mark.parametrize("name", COMMANDS)
def test_max_outcomes_is_explicit(cli, board_file, name):
    args, board, hit, what = COMMANDS[name]
    command = name.split("-")[0] if name.startswith("x-") else name
    path = board_file(board)
    assert cli(command, path, *args, "--max-outcomes", str(hit)) == (
        3, "", f"error: {path}: incomplete: more than {hit} {what} (--max-outcomes)\n")
    code, out, err = cli(command, path, *args, "--max-outcomes", str(hit + 1), "--timeout", "60")
    assert (code, err) == (0, "") and out
    # The same answer as without limits, and the JSON form too.
    assert cli(command, path, *args) == (0, out, "")
    code, out, _ = cli(command, path, *args, "--json", "--max-outcomes", str(hit + 1))
    assert code == 0 and json.loads(out)["schema"].startswith(f"pysolver/{command}/")


def big_board(size: int, stack: bool = True) -> dict:
    lands = ["Forest", "Tropical Island", "Reflecting Pool", "Exotic Orchard"]
    return {"players": ["A", "B"], "turn": {"number": 3, "active": "A", "step": "upkeep"},
            "battlefield": [{"id": f"o{i}", "card": lands[i % 4], "controller": "AB"[i % 2]}
                            for i in range(size)]
            + [{"id": "endless", "card": "Endless One", "controller": "A", "x": 2}],
            "stack": [{"id": "e1", "card": "Endless One", "controller": "A", "x": 4}] if stack else []}


@pytest.mark.parametrize("command, args", [
    ("could-produce", []), ("turn", []), ("outcomes", []), ("can-activate", ["o0"]),
    ("available", ["A"]), ("x", ["e1"]), ("mana", ["o0"]),
])
def test_timeout_is_explicit(cli, tmp_path, command, args):
    path = tmp_path / "big.json"
    path.write_text(json.dumps(big_board(6000, stack=command != "outcomes")), encoding="utf-8")
    assert cli(command, path, *args, "--timeout", "0.01") == (
        3, "", f"error: {path}: incomplete: the query took longer than the time limit (0.01 s)\n")


@pytest.mark.parametrize("option, value", [("--timeout", "0"), ("--timeout", "-1"),
                                           ("--max-outcomes", "0"), ("--max-outcomes", "x")])
@pytest.mark.parametrize("command, args", [
    ("could-produce", []), ("turn", []), ("outcomes", []), ("can-activate", ["forest"]),
    ("available", ["A"]), ("x", ["e1"]), ("mana", ["forest"]),
])
def test_bad_limits_are_bad_input(cli, board_file, command, args, option, value):
    code, out, err = cli(command, board_file(BOARD), *args, option, value)
    assert (code, out) == (2, "")
    assert f"Invalid value for '{option}'" in err and "Traceback" not in err
