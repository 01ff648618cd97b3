"""`pysolver verify`: output, exit status, bad input, --json, parallel runs."""

from __future__ import annotations

import dataclasses
import json
import textwrap
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from pysolver import verify
from pysolver.cli import main
from pysolver.errors import BoardError

CORPUS = Path(__file__).parent / "cases"
# A slice of the corpus with a file of every query, for checks that run it more than once
# (--jobs): small files (26 cases; it had 120 and its two runs were the suite's slowest item,
# issue 16), since every case of the whole corpus runs once as its own test item (conftest.py);
# here only what --jobs changes is checked (the same outcomes and output, in order).
SLICE = [CORPUS / name for name in ("oracle/x-costs.yaml", "x/x.yaml", "turn/trigger-ifs.yaml", "turn/turns.yaml",
                                    "outcomes/step-conditions.yaml", "next/land-plays.yaml")]

GOOD = """\
cases:
- id: pool-with-forest
  source: CR 106.7
  reason: A Pool sees the Forest.
  board: {Alice: [Reflecting Pool, Forest], Bob: [Island]}
  query: could-produce
  expect: {reflecting-pool: [G], forest: [G], island: [U]}
- id: pool-wrong-on-purpose
  source: CR 106.7
  reason: A deliberately wrong expectation.
  board: {Alice: [Reflecting Pool, Forest], Bob: [Island]}
  query: could-produce
  args: {ids: [reflecting-pool]}
  expect: {reflecting-pool: [U, G]}
"""


@pytest.fixture
def case_file(tmp_path):
    def write(text: str, name: str = "cases.yaml") -> Path:
        path = tmp_path / name
        path.write_text(textwrap.dedent(text), encoding="utf-8")
        return path

    return write


def test_pass_fail_lines_diff_and_totals(cli, case_file):
    path = case_file(GOOD)
    code, out, err = cli("verify", path)
    assert code == 1
    assert err == ""
    assert out.splitlines() == [
        "pass  pool-with-forest       CR 106.7",
        "FAIL  pool-wrong-on-purpose  CR 106.7",
        f"  ({path}: 8:3: cases[1]) A deliberately wrong expectation.",
        '  reflecting-pool: missing "U"',
        "1 passed, 1 failed",
    ]


def test_all_pass_exits_0(cli, case_file):
    path = case_file(GOOD.split("- id: pool-wrong-on-purpose")[0])
    code, out, _ = cli("verify", path)
    assert code == 0
    assert out.splitlines()[-1] == "1 passed, 0 failed"


def test_folder_of_files(cli, case_file, tmp_path):
    case_file(GOOD.split("- id: pool-wrong-on-purpose")[0], "a.yaml")
    case_file(GOOD.replace("pool-with-forest", "other-id").split("- id: pool-wrong")[0], "b.yaml")
    code, out, _ = cli("verify", tmp_path)
    assert code == 0
    assert [line.split()[1] for line in out.splitlines()[:-1]] == ["pool-with-forest", "other-id"]


def test_diff_shows_unexpected_and_missing_keys():
    case = verify.Case(id="x", source="s", reason="r", board={}, query="could-produce", args={},
                       expect={"a": ["G"], "b": []}, file="f", place="p")
    outcome = verify.Outcome(case, False, {"a": ["G", "C"], "c": ["U"]})
    assert outcome.diff() == ['  a: unexpected "C"', "  b: expected [], missing", '  c: unexpected ["U"]']


@pytest.mark.parametrize("text, message", [
    ("cases: {}\n", "1:1: a case file holds 'cases:', a list of cases"),
    ("cases: []\nextra: 1\n", "2:8: extra: unknown top-level field 'extra' (a case file holds only 'cases:')"),
    ("cases:\n- id: a\n  source: s\n  reason: r\n  board: {A: [Forest], B: [Island]}\n  query: could-produce\n",
     "2:3: cases[0]: 'expect' is missing (pysolver verify --update FILE writes the tool's answer, "
     "for you to check)"),
    ("cases:\n- id: a\n  source: s\n  reason: r\n  board: {A: [Forest], B: [Island]}\n  query: mana-flow\n  expect: {}\n",
     "6:10: cases[0].query: unknown query 'mana-flow' (queries: " + ", ".join(sorted(verify.QUERIES)) + ")"),
    ("cases:\n- id: a\n  source: s\n  reason: r\n  board: {A: [Forest], B: [Island]}\n  query: could-produce\n"
     "  args: {idz: [forest]}\n  expect: {}\n",
     "7:9: cases[0].args: unknown argument 'idz' for could-produce (arguments: ids)"),
    ("cases:\n- id: a\n  source: s\n  reason: r\n  board: {A: [Forest], B: [Island]}\n  query: could-produce\n"
     "  expect: {}\n  expected: {}\n", "8:13: cases[0].expected: unknown field 'expected' (fields: allow_partial, "
     "args, board, cards, expect, id, query, reason, source)"),
    ("cases:\n- id: a\n  source: s\n  reason: r\n  board: {A: [Forest], B: [Island]}\n  query: could-produce\n"
     "  expect: {}\n- id: a\n  source: s\n  reason: r\n  board: {A: [Forest], B: [Island]}\n"
     "  query: could-produce\n  expect: {}\n", "8:7: cases[1].id: duplicate case id 'a' (first at cases[0])"),
    ("cases:\n- id: a\n  source: s\n  reason: r\n  board:\n    players: [A, B]\n    battlefield:\n"
     "    - {card: Forrest, controller: A}\n  query: could-produce\n  expect: {}\n",
     "8:14: battlefield[0].card: unknown card 'Forrest' (did you mean Forest?)"),
    ("cases:\n- id: a\n  source: s\n  reason: r\n  board: {A: [Forest], B: [Island]}\n  query: could-produce\n"
     "  args: {ids: [nope]}\n  expect: {}\n", "argument 1: no permanent with id 'nope' on the battlefield "
     "(ids: forest, island)"),
    ("cases:\n- id: a\n  source: s\n  reason: r\n  board: {A: [Forest], B: [Island]\n",
     "6:1: malformed YAML: expected ',' or '}', but got '<stream end>'"),
])
def test_bad_input_exits_2_with_one_line(cli, case_file, text, message):
    path = case_file(text)
    code, out, err = cli("verify", path)
    assert (code, out) == (2, "")
    assert err == f"error: {path}: {message}\n"


def test_missing_path_and_empty_folder(cli, tmp_path):
    code, out, err = cli("verify", tmp_path / "nope.yaml")
    assert (code, out, err) == (2, "", f"error: {tmp_path / 'nope.yaml'}: no such file or folder\n")
    empty = tmp_path / "empty"
    empty.mkdir()
    code, out, err = cli("verify", empty)
    assert (code, out, err) == (2, "", f"error: {empty}: no case files (*.yaml) in this folder\n")


def test_duplicate_ids_across_files(case_file, tmp_path):
    first = case_file(GOOD, "a.yaml")
    case_file(GOOD, "b.yaml")
    with pytest.raises(BoardError) as error:
        verify.load_all([tmp_path])
    assert str(error.value) == (f"{tmp_path / 'b.yaml'}: 2:3: cases[0]: duplicate case id "
                                f"'pool-with-forest' (also in {first})")


def test_json_output(cli, case_file):
    path = case_file(GOOD)
    code, out, _ = cli("verify", path, "--json")
    assert code == 1
    data = json.loads(out)
    assert data["schema"] == "pysolver/verify/1"
    assert (data["passed"], data["failed"]) == (1, 1)
    assert [c["id"] for c in data["cases"]] == ["pool-with-forest", "pool-wrong-on-purpose"]
    assert data["cases"][1]["diff"] == ['  reflecting-pool: missing "U"']
    assert data["cases"][1]["actual"] == {"reflecting-pool": ["G"]}
    assert data["cases"][0]["diff"] == []


def test_the_slice_has_every_query():
    assert {case.query for case in verify.load_all(SLICE)} == set(verify.QUERIES)


@cache
def slice_runs():
    """The slice run through the CLI with --jobs 1 and with --jobs 2: each run's exit code and
    output, and the outcomes verify.run_cases gave it (the jobs it was given, checked).  The
    two tests below share them: the slice runs twice, not four times (issue 16)."""
    real = verify.run_cases
    given: list = []  # (the jobs run_cases was given, its outcomes), for each call

    def spy(cases, jobs=None):
        given.append((jobs, real(cases, jobs)))
        return given[-1][1]

    runs = {}
    verify.run_cases = spy
    try:
        for jobs in (1, 2):
            result = CliRunner().invoke(main, ["verify", *map(str, SLICE), "--jobs", str(jobs)],
                                        catch_exceptions=False)
            runs[jobs] = (result.exit_code, result.stdout, given[-1][1])
    finally:
        verify.run_cases = real
    assert [jobs for jobs, _ in given] == [1, 2]
    return runs


def test_parallel_run_matches_serial():
    runs = slice_runs()
    serial, parallel = runs[1][2], runs[2][2]
    assert [o.case.id for o in serial] == [c.id for c in verify.load_all(SLICE)]
    assert [(o.case.id, o.passed, o.actual) for o in parallel] == \
        [(o.case.id, o.passed, o.actual) for o in serial]


def test_jobs_option_gives_the_same_output():
    (_, one, _), (code, two, _) = slice_runs()[1], slice_runs()[2]
    assert code == 0
    assert one == two
    assert one.splitlines()[-1].endswith("passed, 0 failed")


def test_parallel_run_raises_first_bad_case(case_file, tmp_path):
    bad = GOOD.replace("[Reflecting Pool, Forest], Bob: [Island]}\n  query: could-produce\n  args",
                       "[Reflecting Pool, Forest], Bob: [Island]}\n  query: could-produce\n  args", 1)
    bad = bad.replace("args: {ids: [reflecting-pool]}", "args: {ids: [no-such-id]}")
    cases = verify.load_cases(case_file(bad)) * 30
    with pytest.raises(Exception) as error:
        verify.run_cases(cases, jobs=2)
    assert "no permanent with id 'no-such-id'" in str(error.value)


def test_corpus_size_and_unique_ids():
    cases = verify.load_all([CORPUS])
    assert len(cases) >= 100
    assert len({c.id for c in cases}) == len(cases)


def test_args_of_an_open_ended_query(monkeypatch):
    def query(answer):
        return dataclasses.replace(verify.QUERIES["x"], answer=answer)

    monkeypatch.setitem(verify.QUERIES, "open", query(lambda board, **options: options))
    assert verify._bad_args("open", {"anything": 1}) is None
    monkeypatch.setitem(verify.QUERIES, "needs", query(lambda board, player: player))
    assert verify._bad_args("needs", {}) == "argument 'player' of needs is missing"


@pytest.mark.parametrize(("count", "jobs"), [(0, 2), (3, 2), (40, 2), (1000, 2), (1983, 3)])
def test_the_workers_ranges_cover_every_case_once_in_order(count, jobs):
    """verify --jobs hands consecutive ranges, large first, small at the end (guided scheduling)."""
    ranges = verify.guided_ranges(count, jobs)
    assert [i for start, stop in ranges for i in range(start, stop)] == list(range(count))
    sizes = [stop - start for start, stop in ranges]
    assert sizes == sorted(sizes, reverse=True)
