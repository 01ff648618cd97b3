"""A verify run keeps the rule cuts it computes on disk, and the next run reads them
(solver.keeping_cuts, issue 16): the same cuts, the same outcomes, none computed again."""

from __future__ import annotations

import os
import subprocess
import sys
from array import array
from pathlib import Path

import pytest

from pysolver import cache, solver, verify

CORPUS = Path(__file__).parent / "cases"
# A few files of different queries (each program's cuts kept under its own key).
FILES = [CORPUS / name for name in ("x/x.yaml", "turn/trigger-ifs.yaml", "next/land-plays.yaml")]


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENVIRONMENT, str(tmp_path / "cache"))
    return tmp_path / "cache"


def forget_cuts() -> None:
    """This process's cuts forgotten: the next run computes or reads each again."""
    for filename in solver.entry_programs():
        program = solver.prepared((filename,))
        program.cuts.clear()
        program.cut_statements.clear()


def kept(folder: Path) -> dict[bytes, bytes]:
    import marshal

    found: dict[bytes, bytes] = {}
    for path in folder.glob("rule-cuts-*.marshal"):
        found.update(marshal.loads(path.read_bytes()))
    return found


def run(cases, jobs, monkeypatch) -> tuple[list, int]:
    """The outcomes of a run from forgotten cuts, and how many cuts this process computed."""
    computed = []
    real = solver._Program._needed_numbers

    def counting(self, *arguments):
        computed.append(1)
        return real(self, *arguments)
    forget_cuts()
    monkeypatch.setattr(solver._Program, "_needed_numbers", counting)
    outcomes = verify.run_cases(cases, jobs=jobs)
    monkeypatch.setattr(solver._Program, "_needed_numbers", real)
    return [(o.case.id, o.passed, o.actual) for o in outcomes], len(computed)


def test_the_next_run_reads_every_cut_and_computes_none(folder, monkeypatch):
    cases = verify.load_all(FILES)
    first, computed = run(cases, 1, monkeypatch)
    assert computed > 0 and len(kept(folder)) == computed
    again, computed_again = run(cases, 1, monkeypatch)
    assert computed_again == 0
    assert again == first and all(passed for _, passed, _ in first)


def test_workers_hand_their_cuts_to_the_run_that_keeps_them(folder, monkeypatch):
    cases = verify.load_all(FILES)
    parallel, computed_here = run(cases, 2, monkeypatch)
    assert computed_here == 0 and kept(folder)  # the workers computed them
    serial, computed = run(cases, 1, monkeypatch)
    assert computed == 0 and serial == parallel


def test_a_kept_cut_is_the_cut_computed(folder, monkeypatch):
    run(verify.load_all(FILES), 1, monkeypatch)
    stored = kept(folder)
    checked = 0
    for filename in solver.entry_programs():
        for key, numbers in solver.prepared((filename,)).cuts.items():
            assert tuple(array("H", stored[solver._cut_digest(key)])) == numbers
            checked += 1
    assert checked == len(stored)


def test_a_corrupt_entry_is_computed_again(folder, monkeypatch):
    cases = verify.load_all(FILES[:1])
    first, computed = run(cases, 1, monkeypatch)
    for path in folder.glob("rule-cuts-*.marshal"):
        path.write_bytes(b"\x00not marshal")
    again, computed_again = run(cases, 1, monkeypatch)
    assert again == first and computed_again == computed
    assert len(kept(folder)) == computed


def test_outside_a_verify_run_nothing_is_kept(folder):
    forget_cuts()
    verify.run_case(verify.load_all(FILES[:1])[0])
    assert not folder.exists() or not list(folder.glob("rule-cuts-*"))


def test_the_digest_of_a_key_is_the_same_in_every_process():
    key = ((frozenset({("card", 2), ("permanent", 1), ("kind", 2)}),
            frozenset({((("kind", 2), 1), frozenset({("s", "mana"), ("s", "tap")})), ((("life", 2), -2), (3, 20))}),
            frozenset()), frozenset({("tapped", 1)}))
    script = ("from pysolver import solver; "
              f"print(solver._cut_digest({key!r}).hex())")
    digests = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": seed}).stdout for seed in ("1", "2", "3")}
    assert digests == {solver._cut_digest(key).hex() + "\n"}
    other = (key[0], frozenset({("tapped", 1), ("untapped", 1)}))
    assert solver._cut_digest(other) != solver._cut_digest(key)
