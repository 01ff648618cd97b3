"""The card library is built once and kept in the cache (pysolver/cache.py), keyed by its inputs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from pysolver import cache, cards


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.setenv(cache.ENVIRONMENT, str(tmp_path / "cache"))
    return tmp_path / "cache"


def counting(value):
    calls = []

    def build():
        calls.append(1)
        return value

    return build, calls


def test_a_value_is_built_once_for_the_same_inputs(folder):
    build, calls = counting({"a": [1, "x"]})
    inputs = [("one.yaml", b"content")]
    assert cache.cached("kind", inputs, build) == {"a": [1, "x"]}
    assert cache.cached("kind", inputs, build) == {"a": [1, "x"]}
    assert len(calls) == 1
    assert [p.name.split("-")[0] for p in folder.iterdir()] == ["kind"]


@pytest.mark.parametrize("changed", [[("one.yaml", b"content!")], [("two.yaml", b"content")],
                                     [("one.yaml", b"content"), ("two.yaml", b"")]])
def test_any_change_of_the_inputs_builds_again(folder, changed):
    build, calls = counting([1])
    cache.cached("kind", [("one.yaml", b"content")], build)
    cache.cached("kind", changed, build)
    assert len(calls) == 2


def test_a_new_version_of_the_code_builds_again(folder, monkeypatch):
    build, calls = counting([1])
    cache.cached("kind", [], build)
    monkeypatch.setattr(cache, "code_version", lambda: "another")
    cache.cached("kind", [], build)
    assert len(calls) == 2


def test_a_corrupt_entry_is_rebuilt(folder):
    build, calls = counting({"b": 2})
    cache.cached("kind", [], build)
    entry, = folder.iterdir()
    entry.write_text('{"b": ', encoding="utf-8")
    assert cache.cached("kind", [], build) == {"b": 2}
    assert len(calls) == 2
    assert json.loads(entry.read_text(encoding="utf-8")) == {"b": 2}


@pytest.mark.parametrize("damage", [b"", b"\x00garbage", b"\xdb\x02\x00\x00\x00"])
def test_a_marshal_entry_keeps_built_in_values_and_a_corrupt_one_is_rebuilt(folder, damage):
    value = {"rules": [(0, frozenset({("p", 1)}), None)], "wanted": {("q", 2): {1: {("f", "tap", 0)}}}}
    build, calls = counting(value)
    assert cache.cached("kind", [], build, form="marshal") == value
    entry, = folder.iterdir()
    assert entry.suffix == ".marshal"
    assert cache.cached("kind", [], build, form="marshal") == value
    assert len(calls) == 1
    entry.write_bytes(damage)
    assert cache.cached("kind", [], build, form="marshal") == value
    assert len(calls) == 2


def test_off_and_unwritable(tmp_path, monkeypatch):
    build, calls = counting([3])
    monkeypatch.setenv(cache.ENVIRONMENT, "off")
    assert cache.cached("kind", [], build) == [3]
    assert cache.cached("kind", [], build) == [3]
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv(cache.ENVIRONMENT, str(blocker / "cache"))
    assert cache.cached("kind", [], build) == [3]
    assert len(calls) == 3


def test_the_cached_library_equals_the_one_built_from_its_files(folder):
    cards.builtin_library.cache_clear()
    try:
        built = cards.builtin_library()  # builds and writes
        cards.builtin_library.cache_clear()
        read = cards.builtin_library()  # reads
    finally:
        cards.builtin_library.cache_clear()
    assert len(list(folder.iterdir())) == 1
    assert read.cards == built.cards
    assert len(read.cards) > 100


def test_the_smallest_query_imports_what_it_needs_only(tmp_path):
    """A valid board needs no jsonschema; could-produce needs no card database, no Oracle
    compiler nor its forms' patterns (the built-in library is cached), no OpenSSL (the cache's
    keys: BLAKE2), no verify, no process pool, no other
    query nor its own explanation, and no other command (cli.LazyGroup; issue 16)."""
    board = tmp_path / "board.yaml"
    board.write_text("Alice: [Forest, Reflecting Pool]\nBob: [Island]\n", encoding="utf-8")
    script = ("import sys\nfrom pysolver.cli import main\n"
              f"try:\n    main(['could-produce', {str(board)!r}])\nexcept SystemExit:\n    pass\n"
              "heavy = ['jsonschema', 'pysolver.cards.db', 'pysolver.cards.oracle', 'sqlite3',\n"
              "         'pysolver.cards.oracle_costs', 'pysolver.cards.oracle_static', '_hashlib',\n"
              "         'multiprocessing', 'pysolver.verify', 'pysolver.next_state',\n"
              "         'pysolver.query.could_produce_explain', 'pysolver.query.activation',\n"
              "         'pysolver.query.mana', 'pysolver.query.outcomes', 'pysolver.query.payment',\n"
              "         'pysolver.query.turn', 'pysolver.query.turns', 'pysolver.query.x_value',\n"
              "         'pysolver.query.next', 'pysolver.commands.turn', 'pysolver.commands.verify',\n"
              "         'pysolver.commands.cards', 'pysolver.commands.mana', 'pysolver.commands.next']\n"
              "print(type(sys.modules['clingo.ast']).__name__)\n"
              "print(sorted(m for m in heavy if m in sys.modules))\n")
    subprocess.run([sys.executable, "-c", script], capture_output=True, check=True)  # fills the cache
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "[]"
    # clingo's syntax trees are bound lazily (pysolver/lazy.py) and never loaded: nothing is parsed, and no
    # module reads one of their names as it is imported (a tuple of statement kinds did: 5 ms, issue 16).
    assert done.stdout.splitlines()[-2] == "_LazyModule"
    assert done.stdout.splitlines()[0].startswith("ID ")
    script = script.replace("print(sorted(m for m in heavy", "print(sorted(m for m in sys.modules\n"
                            "             if m.startswith('pysolver.commands.')")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "['pysolver.commands.could_produce']"


def test_importing_pysolver_imports_no_query_and_no_command_line():
    """``import pysolver`` imports no query module (each is imported when its query is
    asked: pysolver/query/registry.py), and neither click nor jsonschema (issue 16)."""
    script = ("import sys\nimport pysolver\n"
              "print(sorted(m for m in sys.modules if m.startswith('pysolver.query.')\n"
              "             or m.split('.')[0] in ('click', 'jsonschema')))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout == "['pysolver.query.registry']\n"


def test_entries_unused_for_a_week_are_forgotten_once_a_process(folder, monkeypatch):
    monkeypatch.setattr(cache, "_PRUNED", set())
    folder.mkdir(parents=True)
    week_ago = time.time() - cache.STALE_SECONDS - 60
    old, recent, other_kind = folder / "kind-old.json", folder / "kind-recent.json", folder / "other-old.json"
    for path in (old, recent, other_kind):
        path.write_text("1")
    for path in (old, other_kind):
        os.utime(path, (week_ago, week_ago))
    cache.store("kind", [("one.yaml", b"a")], 1)
    assert not old.exists() and recent.exists() and other_kind.exists()
    # a second store of the kind in the same process lists the folder no more (a week is long beside a run)
    old.write_text("1")
    os.utime(old, (week_ago, week_ago))
    cache.store("kind", [("two.yaml", b"b")], 2)
    assert old.exists()
    assert len(list(folder.glob("kind-*.json"))) == 4
