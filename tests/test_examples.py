"""Every bundled example runs and prints exactly its expected output.

Each examples/*.out file starts with the command (``$ pysolver QUERY BOARD
ARGS...``), then holds its exact output, checked by hand when it was written.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
GOLDEN = sorted(EXAMPLES.glob("*.out"))


def command_of(golden: Path) -> list[str]:
    first = golden.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("$ pysolver "), golden.name
    return shlex.split(first)[2:]


def test_every_example_board_has_expected_output():
    boards = {p.name for p in EXAMPLES.iterdir() if p.suffix in (".yaml", ".json")}
    used = {Path(arg).name for g in GOLDEN for arg in command_of(g) if arg.startswith("examples/")}
    assert boards == used


@pytest.mark.parametrize("golden", GOLDEN, ids=[g.name for g in GOLDEN])
def test_example_output(cli, golden, monkeypatch):
    monkeypatch.chdir(ROOT)
    expected = golden.read_text(encoding="utf-8").split("\n", 1)[1]
    code, out, err = cli(*command_of(golden))
    assert (code, err) == (0, "")
    assert out == expected
