"""Every bundled example runs and prints exactly its expected output.

examples/NAME.yaml (or .json) goes with examples/NAME.QUERY.out: the output of
`pysolver QUERY examples/NAME...`, checked by hand when it was written.
"""

from __future__ import annotations

from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
GOLDEN = sorted(EXAMPLES.glob("*.out"))


def board_for(golden: Path) -> Path:
    stem = golden.name.rsplit(".", 2)[0]
    for suffix in (".yaml", ".json"):
        if (EXAMPLES / f"{stem}{suffix}").exists():
            return EXAMPLES / f"{stem}{suffix}"
    raise AssertionError(f"no board for {golden.name}")


def test_every_example_has_expected_output():
    boards = {p.stem for p in EXAMPLES.iterdir() if p.suffix in (".yaml", ".json")}
    covered = {g.name.rsplit(".", 2)[0] for g in GOLDEN}
    assert boards == covered


@pytest.mark.parametrize("golden", GOLDEN, ids=[g.name for g in GOLDEN])
def test_example_output(cli, golden):
    query = golden.name.rsplit(".", 2)[1]
    code, out, err = cli(query, board_for(golden))
    assert (code, err) == (0, "")
    assert out == golden.read_text(encoding="utf-8")
