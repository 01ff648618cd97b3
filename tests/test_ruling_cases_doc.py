"""docs/ruling-cases.md's table (issue 14 item 4): a row for every query, and each example
is a ruling case of the corpus, so `pysolver verify` checks it against the tool."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from pysolver import verify

ROOT = Path(__file__).parent.parent
DOC = (ROOT / "docs" / "ruling-cases.md").read_text(encoding="utf-8")
ROW = re.compile(r"^\| `([a-z-]+)` \| .* \| `(\{[^`]*\})` → `([^`]*)`[^|`]*(?:`[^`]*`[^|`]*)* \|$", re.MULTILINE)


def rows() -> dict[str, tuple[dict, str]]:
    table = DOC.split("## What each query takes and answers", 1)[1].split("\n## ", 1)[0]
    return {m.group(1): (yaml.safe_load(m.group(2)), m.group(3)) for m in ROW.finditer(table)}


def test_every_query_has_a_row():
    assert sorted(rows()) == sorted(verify.QUERIES)


def test_every_example_is_a_case_of_the_corpus():
    cases = verify.load_all([ROOT / "tests" / "cases"])
    for query, (args, expect) in rows().items():
        found = [c for c in cases if c.query == query and c.args == args]
        assert found, (query, args)
        if "..." not in expect:  # an example written out whole is that case's exact answer
            assert any(c.expect == yaml.safe_load(expect) for c in found), (query, expect)
