"""Issue 17 (and issue 11 items 5 and 7): hostile input gets one exact line, limits bind
before the work, the timed child dies with its parent, boards that mean nothing are
refused, and imports leave nothing behind.  Each test failed on the main branch of
2026-11-30 (3b6604f)."""

from __future__ import annotations

import json
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

import pysolver
from pysolver import limits
from pysolver.cards import db as carddb
from pysolver.errors import BoardError, LimitExceeded, PysolverError

from helpers import child_env, child_outlives_parent, imported_library

FIXTURES = Path(__file__).parent / "fixtures" / "cards"
ATOMIC = FIXTURES / "atomic-fixture.json"
BOARD_COMMANDS = [("could-produce", []), ("turn", []), ("outcomes", []),
                  ("can-activate", ["p0"]), ("available", ["A"]), ("x", ["p0"]), ("mana", ["p0"])]
ALL_BOARD = [pytest.param(c, a, id=c) for c, a in BOARD_COMMANDS]


@pytest.fixture(autouse=True)
def no_user_library(monkeypatch, tmp_path):
    monkeypatch.delenv(carddb.ENVIRONMENT, raising=False)
    monkeypatch.delenv("PYSOLVER_MAX_OBJECTS", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def write_json(path: Path, data) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def one_forest(**fields) -> dict:
    return {"players": ["A", "B"],
            "battlefield": [{"id": "p0", "card": "Forest", "controller": "A", **fields}]}


# ------------------------------------------------------------ 1. silent wrong answers
@pytest.mark.parametrize("command, args", ALL_BOARD)
def test_nul_in_an_id_is_refused(cli, tmp_path, command, args):
    # clingo's C strings would cut "p0\0x" to "p0": two ids merged, a wrong answer.
    board = {"players": ["A", "B"], "battlefield": [
        {"id": "p0\u0000x", "card": "Forest", "controller": "A"},
        {"id": "p0", "card": "Swamp", "controller": "A"}]}
    path = write_json(tmp_path / "nul.json", board)
    assert cli(command, path, *args) == (
        2, "", f"error: {path}: battlefield[0].id: a NUL character (\\0) is not allowed in text\n")


def test_nul_in_a_player_name_is_refused_in_yaml_too(cli, tmp_path):
    path = tmp_path / "nul.yaml"
    path.write_text('players: [A, "B\\0x", B]\nbattlefield: [{card: Exotic Orchard, controller: A}]\n',
                    encoding="utf-8")
    assert cli("could-produce", path) == (
        2, "", f"error: {path}: 1:14: a NUL character (\\0) is not allowed in text\n")


def test_nul_and_surrogates_are_refused_in_data_given_to_the_api():
    with pytest.raises(BoardError) as caught:
        pysolver.board_from_data({"players": ["A", "B\x00"]})
    assert str(caught.value) == "<board>: players[1]: a NUL character (\\0) is not allowed in text"
    with pytest.raises(BoardError) as caught:
        pysolver.board_from_data({"players": ["A", "B"], "battlefield": [
            {"card": "Forest", "controller": "A", "counters": {1: 2}}]})
    assert str(caught.value) == "<board>: battlefield[0].counters: a mapping key must be text, not int 1"


def test_a_lone_surrogate_is_refused(cli, tmp_path):
    path = tmp_path / "surrogate.json"
    path.write_text('{"players": ["A", "B"], "battlefield": [{"id": "a\\ud800", "card": "Forest", '
                    '"controller": "A"}]}', encoding="utf-8")
    assert cli("could-produce", path) == (
        2, "", f"error: {path}: battlefield[0].id: a lone surrogate (\\ud800) is not a character\n")


def test_a_library_path_is_not_a_uri(cli, tmp_path):
    """SQLite's URI decoding would open "lib%41" as "libA" (the decoy), and cut the
    path at "#" or "?"."""
    forest_library = tmp_path / "forest.sqlite"
    imported_library(forest_library)
    board = tmp_path / "board.yaml"
    board.write_text("A: [Forest, Mox Jet]\nB: [Island]\n", encoding="utf-8")
    expected = cli("could-produce", board, "--cards", forest_library)
    assert expected[0] == 0
    decoy = tmp_path / "libA.sqlite"
    decoy.write_bytes(b"not a library")
    for name in ("lib%41.sqlite", "lib#1.sqlite", "lib?mode=rwc.sqlite"):
        library = tmp_path / name
        library.write_bytes(forest_library.read_bytes())
        assert cli("could-produce", board, "--cards", library) == expected, name
    assert decoy.read_bytes() == b"not a library"
    assert sorted(p.name for p in tmp_path.iterdir() if p.suffix == ".sqlite") == [
        "forest.sqlite", "lib#1.sqlite", "lib%41.sqlite", "lib?mode=rwc.sqlite", "libA.sqlite"]


# -------------------------------------------------- 2. limits that bind before the work
def run_limited(args: list, memory_mb: int = 700, timeout: float = 120, **kwargs):
    """The CLI in a child process whose address space is capped: memory that grows
    without bound ends in MemoryError (a traceback), not in the limit's message."""
    def cap():
        limit = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return subprocess.run([sys.executable, "-m", "pysolver", *map(str, args)], capture_output=True,
                          text=True, preexec_fn=cap, timeout=timeout, **kwargs)


def test_a_memory_limit_a_fresh_query_meets_while_importing_is_a_limit(board_file):
    """PYSOLVER_MAX_MEMORY below what a fresh process's query needs: the capped child fails to map a
    module it imports lazily (the loader's ImportError, not MemoryError): a limit in one line, exit 3
    (it ended in a traceback and exit 1).  The C library's allocator: jemalloc, which .ci/check may
    preload, keeps freed memory mapped for the forked child."""
    path = board_file("A: [Forest, Reflecting Pool]\nB: []\n")
    env = dict(child_env(drop=("LD_PRELOAD",)), PYSOLVER_MAX_MEMORY="0.02")
    done = subprocess.run([sys.executable, "-m", "pysolver", "could-produce", str(path)], capture_output=True,
                          text=True, env=env, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (
        3, "", f"error: {path}: incomplete: the query needs more memory than its limit (0.02 GB of address "
        "space, PYSOLVER_MAX_MEMORY)\n")


def test_dev_zero_is_refused_within_the_size_limit():
    done = run_limited(["could-produce", "/dev/zero"])
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", "error: /dev/zero: file too large (more than 16000000 bytes)\n")
    done = run_limited(["could-produce", "board.yaml", "--cards", "/dev/zero"])
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", "error: /dev/zero: file too large (more than 16000000 bytes)\n")
    done = run_limited(["cards", "import", "/dev/zero", "--output", "/nonexistent/x.sqlite"])
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", "error: /dev/zero: not a regular file (card data is read from a file)\n")


def test_a_fifo_that_never_ends_is_refused_within_the_size_limit(tmp_path):
    fifo = tmp_path / "board.yaml"
    os.mkfifo(fifo)
    stop = threading.Event()

    def writer():
        try:
            with open(fifo, "wb") as handle:
                handle.write(b"players: [A, B]\nnotes: '")
                while not stop.is_set():
                    handle.write(b"x" * 65536)
        except (BrokenPipeError, OSError):
            pass

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    try:
        done = run_limited(["could-produce", fifo])
    finally:
        stop.set()
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", f"error: {fifo}: file too large (more than 16000000 bytes)\n")


def test_values_are_counted_while_composing(cli, tmp_path, monkeypatch):
    """A file past the value limit is refused at the value that passes it, with its
    line and column, before the rest is built (here with the limit lowered to 1,000)."""
    from pysolver import documents
    from pysolver.cards import builtin_library

    builtin_library()  # read (and cached) under the real limit
    monkeypatch.setattr(documents, "MAX_VALUES", 1_000)
    path = tmp_path / "many.yaml"
    path.write_text("players: [A, B]\nnotes: [" + "1, " * 1_500_000 + "1]\n", encoding="utf-8")
    started = time.monotonic()
    assert cli("could-produce", path) == (
        2, "", f"error: {path}: 2:2988: too many values (more than 1000, aliases counted as expanded)\n")
    assert time.monotonic() - started < 30  # not the 1.5 million values: about a second


def test_a_full_form_board_at_the_object_cap_fits_the_file_limits(tmp_path, monkeypatch):
    """The file limits let a full-form board reach the object cap (50,000 objects with
    up to 9 fields each), so one object more is refused by the cap, not by the file
    limits.  Measured on 1,000 objects (the values per object), checked for 50,001."""
    from pysolver import documents, documents_yaml

    fields = "tapped: false, owner: A, timestamp: 1, continuous_control: true, token: false, x: 0"

    def text(count: int) -> str:
        lines = ["players: [A, B]", "battlefield:"]
        lines += [f"- {{id: o{i}, card: Endless One, controller: A, {fields}}}" for i in range(count)]
        return "\n".join(lines) + "\n"

    cap = limits.DEFAULT_MAX_OBJECTS
    assert len(text(cap + 1).encode()) < documents.MAX_BYTES
    counted = []
    for count in (1_000, 2_000):
        composer = documents_yaml._Composer("x.yaml", BoardError, documents.MAX_VALUES)
        composer.document(iter(__import__("yaml").parse(text(count), Loader=documents_yaml._LOADER)))
        counted.append(composer.count)
    per_object = (counted[1] - counted[0]) // 1_000
    assert per_object == 1 + 2 * 9
    assert counted[0] - 1_000 * per_object + (cap + 1) * per_object <= documents.MAX_VALUES
    path = tmp_path / "cap.yaml"
    path.write_text(text(1_000), encoding="utf-8")
    monkeypatch.setattr(limits, "DEFAULT_MAX_OBJECTS", 999)
    with pytest.raises(LimitExceeded) as caught:
        pysolver.could_produce(path)
    assert str(caught.value) == (f"{path}: the board has 1000 objects; the limit is 999 "
                                 "(set PYSOLVER_MAX_OBJECTS to change it)")


@pytest.mark.parametrize("command, args", ALL_BOARD)
def test_the_object_cap_is_checked_by_every_query(cli, tmp_path, monkeypatch, command, args):
    board = {"players": ["A", "B"], "turn": {"number": 3, "active": "A", "step": "upkeep"},
             "battlefield": [{"id": "p0", "card": "Forest", "controller": "A"},
                             {"id": "p1", "card": "Crackleburr", "controller": "A"}]}
    path = write_json(tmp_path / "board.json", board)
    monkeypatch.setenv("PYSOLVER_MAX_OBJECTS", "1")
    assert cli(command, path, *args) == (
        3, "", f"error: {path}: the board has 2 objects; the limit is 1 "
               "(set PYSOLVER_MAX_OBJECTS to change it)\n")


@pytest.mark.parametrize("value", ["abc", "0", "-5", "1e3", "99999999999"])
def test_a_bad_object_cap_is_one_line(cli, tmp_path, monkeypatch, value):
    path = write_json(tmp_path / "board.json", one_forest())
    monkeypatch.setenv("PYSOLVER_MAX_OBJECTS", value)
    assert cli("could-produce", path) == (
        2, "", f"error: PYSOLVER_MAX_OBJECTS: {value!r} is not a whole number from 1 to 999999999\n")


def test_available_stops_at_max_outcomes_as_the_pools_are_read(tmp_path):
    board = {"players": ["A", "B"], "battlefield": [
        {"id": f"p{i}", "card": card, "controller": "A"}
        for i, card in enumerate(["Tropical Island", "Badlands", "Forest"])]}
    path = write_json(tmp_path / "board.json", board)
    assert pysolver.available(path, "A").count == 4
    with pytest.raises(LimitExceeded) as caught:
        pysolver.available(path, "A", explain=True, max_outcomes=2)
    assert str(caught.value) == f"{path}: incomplete: more than 2 pools (--max-outcomes)"


def test_every_query_takes_the_same_limits_and_a_path(tmp_path):
    """Limits belong in the API: every query takes timeout and max_outcomes (and cards),
    and a board given as a path is read inside the time limit."""
    board = {"players": ["A", "B"], "turn": {"number": 3, "active": "A", "step": "upkeep"},
             "battlefield": [{"id": "p0", "card": "Endless One", "controller": "A", "x": 2,
                              "counters": {"+1/+1": 2}},
                             {"id": "forest", "card": "Forest", "controller": "A"}]}
    path = write_json(tmp_path / "board.json", board)
    calls = {
        "could_produce": lambda **k: pysolver.could_produce(path, **k),
        "explain_could_produce": lambda **k: pysolver.explain_could_produce(path, **k),
        "turn": lambda **k: pysolver.turn(path, **k),
        "outcomes": lambda **k: pysolver.outcomes(path, **k),
        "can_activate": lambda **k: pysolver.can_activate(path, "forest", **k),
        "available": lambda **k: pysolver.available(path, "A", **k),
        "x_value": lambda **k: pysolver.x_value(path, "p0", **k),
        "mana_outcomes": lambda **k: pysolver.mana_outcomes(path, "forest", **k),
    }
    for name, call in calls.items():
        assert call(cards=(), timeout=60, max_outcomes=100) is not None, name
        with pytest.raises(PysolverError) as caught:
            call(timeout=float("nan"))
        assert str(caught.value) == ("timeout: the time limit must be a number of seconds above 0 "
                                     "and at most 86400 (got nan)"), name


def test_the_timeout_covers_reading_the_board(tmp_path):
    """A FIFO no one writes to blocks the reading forever: the time limit still stops it."""
    fifo = tmp_path / "board.yaml"
    os.mkfifo(fifo)
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pysolver", "could-produce", str(fifo), "--timeout", "1"],
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (
        3, "", f"error: {fifo}: incomplete: the query took longer than the time limit (1 s)\n")
    assert time.monotonic() - started < 30


def test_outcomes_and_mana_have_no_hidden_limits():
    import inspect

    from pysolver.query import outcomes
    assert not hasattr(outcomes, "DEFAULT_TIMEOUT") and not hasattr(outcomes, "DEFAULT_MAX_OUTCOMES")
    for function in (pysolver.outcomes, pysolver.mana_outcomes):
        parameters = inspect.signature(function).parameters
        assert parameters["timeout"].default is None and parameters["max_outcomes"].default is None
    package = Path(pysolver.__file__).parent
    cli_source = "".join(path.read_text("utf-8") for path in [package / "cli.py", *(package / "commands").glob("*.py")])
    assert "max_outcomes or " not in cli_source and "timeout or " not in cli_source


# --------------------------------------------------- 3. the timed child dies with its parent
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL])
def test_the_timed_child_dies_with_its_parent(tmp_path, sig):
    assert not child_outlives_parent(tmp_path / "child.pid", sig), f"the child outlived its parent ({sig.name})"


# ------------------------------------------------------- 4. one line, exit 2, no traceback
FLOATS = [
    ({"players": [{"name": "A", "life": 20.0}, "B"]}, "players[0].life"),
    (one_forest(x=2.0), "battlefield[0].x"),
    (one_forest(timestamp=1.0), "battlefield[0].timestamp"),
    (one_forest(counters={"storage": 1.0}), "battlefield[0].counters.storage"),
    ({"players": ["A", "B"], "turn": {"number": 2.0}}, "turn.number"),
    (one_forest(power=2.0), "battlefield[0].power"),
]


@pytest.mark.parametrize("board, place", FLOATS, ids=[f[1] for f in FLOATS])
def test_a_float_where_an_integer_is_expected(cli, tmp_path, board, place):
    path = write_json(tmp_path / "board.json", board)
    assert cli("turn", path) == (2, "", f"error: {path}: {place}: a decimal number where an integer is expected\n")


HUGE = [
    (one_forest(power=10**30), "battlefield[0].power: 1000000000000000000000000000000 is greater than "
                               "the maximum of 1000000"),
    (one_forest(toughness=-10**30), "battlefield[0].toughness: -1000000000000000000000000000000 is less than "
                                    "the minimum of -1000000"),
    ({"players": [{"name": "A", "mana_pool": "{99999999999}"}, "B"]},
     "players[0].mana_pool: '{99999999999}' is not mana symbols such as {2}{G} (a number in a symbol "
     "has at most 6 digits)"),
]


@pytest.mark.parametrize("board, message", HUGE, ids=["power", "toughness", "pool"])
def test_unbounded_integers_on_a_board(cli, tmp_path, board, message):
    path = write_json(tmp_path / "board.json", board)
    assert cli("mana", path, "p0") == (2, "", f"error: {path}: {message}\n")


@pytest.mark.parametrize("card, message", [
    ({"power": 10**30, "toughness": 1},
     "cards[0].power: 1000000000000000000000000000000 is greater than the maximum of 1000000"),
    ({"mana_cost": "{99999999999}"},
     "cards[0].mana_cost: '{99999999999}' is not mana symbols such as {2}{G} (a number in a symbol has "
     "at most 6 digits)"),
    ({"abilities": [{"static": {"affects": {"max_mana_value": 10**30}, "add_types": ["Creature"]}}]},
     "cards[0].abilities[0]"),
], ids=["power", "mana_cost", "max_mana_value"])
def test_unbounded_integers_in_a_card_file(cli, tmp_path, card, message):
    cards = write_json(tmp_path / "cards.json", {"format": "pysolver-cards/1", "cards": [
        {"name": "Huge", "types": ["Creature"], **card}]})
    board = tmp_path / "board.yaml"
    board.write_text("A: [Huge]\nB: [Forest]\n", encoding="utf-8")
    code, out, err = cli("could-produce", board, "--cards", cards)
    assert (code, out) == (2, "") and err.startswith(f"error: {cards}: {message}") and err.count("\n") == 1


def test_json_integers_over_4300_digits(cli, tmp_path):
    path = tmp_path / "board.json"
    path.write_text('{"players": ["A", "B"], "turn": {"number": ' + "9" * 5000 + "}}", encoding="utf-8")
    assert cli("turn", path) == (
        2, "", f"error: {path}: malformed JSON: Exceeds the limit (4300 digits) for integer string "
               "conversion: value has 5000 digits; use sys.set_int_max_str_digits() to increase the limit\n")
    source = tmp_path / "cards.json"
    source.write_text('{"data": {"X": [{"name": "X", "type": "Land", "power": ' + "9" * 5000 + "}]}}",
                      encoding="utf-8")
    code, out, err = cli("cards", "import", source, "--output", tmp_path / "x.sqlite")
    assert (code, out) == (2, "") and err.startswith(f"error: {source}: malformed JSON: Exceeds the limit")
    assert err.count("\n") == 1


def test_integer_keys_are_text(cli, tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text("players: [A, B]\nbattlefield:\n- {id: p0, card: Utopia Sprawl, controller: A, "
                    "chosen: {1: G}, attached_to: {permanent: f}}\n- {id: f, card: Forest, controller: A}\n",
                    encoding="utf-8")
    code, _out, err = cli("could-produce", path)
    assert (code, err) == (0, "")


@pytest.mark.parametrize("value", ["nan", "inf", "1e400", "-inf", "100000"])
@pytest.mark.parametrize("command, args", ALL_BOARD)
def test_a_bad_timeout_is_one_line(cli, tmp_path, command, args, value):
    path = write_json(tmp_path / "board.json", one_forest())
    code, out, err = cli(command, path, *args, "--timeout", value)
    assert (code, out) == (2, "") and "Traceback" not in err and err.count("\n") == 1
    assert err.startswith("error: Invalid value for '--timeout': ")


def test_a_huge_max_steps_is_one_line(cli, tmp_path):
    path = write_json(tmp_path / "board.json", one_forest())
    assert cli("turn", path, "--max-steps", "99999999999") == (
        2, "", "error: Invalid value for '--max-steps': 99999999999 is not in the range 1<=x<=10000.\n")


@pytest.mark.parametrize("args", [{"ids": 5}, {"ids": [1, 2]}, {"player": 3}, {"permanent": ["x"]},
                                  {"ability": "one"}, {"ability": 1.5}, {"object": {"a": 1}}])
@pytest.mark.parametrize("query", ["could-produce", "can-activate", "available", "x", "mana"])
def test_verify_case_arguments_of_the_wrong_type(cli, tmp_path, query, args):
    cases = tmp_path / "cases.yaml"
    cases.write_text(json.dumps({"cases": [{
        "id": "c", "source": "CR 1", "reason": "r", "board": {"A": ["Forest"], "B": []},
        "query": query, "args": args, "expect": {}}]}), encoding="utf-8")
    code, out, err = cli("verify", cases)
    assert "Traceback" not in err and code in (1, 2)
    if code == 2:
        assert out == "" and err.startswith(f"error: {cases}") and err.count("\n") == 1


def test_import_into_a_folder_that_cant_be_written(cli, tmp_path):
    code, out, err = cli("cards", "import", ATOMIC, "--output", "/proc/cards.sqlite")
    assert (code, out) == (0, "") or (code == 2 and out == "")
    assert err.endswith("error: /proc/cards.sqlite: can't write the library: unable to open database file\n")


def test_import_when_nothing_in_the_folder_can_be_changed(cli, tmp_path, monkeypatch):
    """A read-only folder as a non-root user sees it (root writes anyway): every write,
    rename and removal there fails."""
    def refuse(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(carddb.os, "replace", refuse)
    monkeypatch.setattr(Path, "unlink", refuse)
    output = tmp_path / "cards.sqlite"
    code, out, err = cli("cards", "import", ATOMIC, "--output", output)
    assert (code, out) == (2, "") and err.endswith(
        f"error: {output}: can't write the library: Permission denied\n")


def test_a_card_database_with_deeply_nested_definitions(cli, tmp_path):
    library = tmp_path / "cards.sqlite"
    imported_library(library)
    with sqlite3.connect(library) as connection:
        connection.execute("UPDATE cards SET definition = ? WHERE name = 'Forest'", ("[" * 100_000 + "]" * 100_000,))
    board = tmp_path / "board.yaml"
    board.write_text("A: [Forest]\nB: []\n", encoding="utf-8")
    assert cli("could-produce", board, "--cards", library)[0] == 0  # the built-in Forest comes first
    with sqlite3.connect(library) as connection:
        connection.execute("UPDATE cards SET definition = ? WHERE name = 'Mox Jet'",
                           ("[" * 100_000 + "]" * 100_000,))
    board.write_text("A: [Mox Jet]\nB: []\n", encoding="utf-8")
    assert cli("could-produce", board, "--cards", library) == (
        2, "", f"error: {library}: card 'Mox Jet': damaged definition\n")


# -------------------------------------------------------- 5. output a terminal can trust
def test_names_are_escaped_in_errors(cli, tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text('players: [A, B]\nbattlefield: [{id: "p\\n0\\e[2J", card: Forest, controller: A}]\n',
                    encoding="utf-8")
    assert cli("mana", path, "nope") == (
        2, "", f"error: {path}: PERMANENT: no permanent with id 'nope' on the battlefield "
               "(ids: p\\n0\\x1b[2J)\n")
    code, out, _err = cli("could-produce", path)
    assert code == 0 and "\x1b" not in out and "p\\n0\\x1b[2J" in out


def test_answers_carry_no_terminal_control(cli, tmp_path):
    """Every line of an answer: an escape sequence or a bidi override in a name is
    written as \\uXXXX (in JSON the same string, decoded)."""
    name = "p\x1b[2J\u202e\x9b"
    board = write_json(tmp_path / "board.json", {"players": ["A", "B"], "battlefield": [
        {"id": name, "card": "Forest", "controller": "A"}]})
    for args in (["can-activate", board, name], ["mana", board, name], ["could-produce", board]):
        code, out, err = cli(*args)
        assert (code, err) == (0, "") and all(c.isprintable() or c == "\n" for c in out), args
        assert "\x1b" not in out and "\u202e" not in out and "\x9b" not in out, args
    code, out, err = cli("can-activate", board, name)
    # (click itself drops an ANSI sequence when stdout is no terminal; on one, it is escaped)
    assert out.startswith("yes: Forest (p") and "\\u202e\\u009b), ability 1" in out
    code, out, err = cli("can-activate", board, name, "--json")
    assert code == 0 and json.loads(out)["id"] == name


def test_an_echo_cost_is_bounded(cli, tmp_path):
    cards = write_json(tmp_path / "cards.json", {"format": "pysolver-cards/1", "cards": [
        {"name": "Echoer", "types": ["Creature"], "echo": "{99999999999}"}]})
    board = tmp_path / "board.yaml"
    board.write_text("A: [Echoer]\nB: []\n", encoding="utf-8")
    code, out, err = cli("turn", board, "--cards", cards)
    assert (code, out) == (2, "") and err.startswith(f"error: {cards}: cards[0].echo: '{{99999999999}}' does not match")


def test_the_content_of_a_file_not_ours_is_never_quoted(cli, tmp_path):
    secret = tmp_path / "passwd"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/usr/sbin/nologin\n", encoding="utf-8")
    board = tmp_path / "board.yaml"
    board.write_text("A: [Forest]\nB: []\n", encoding="utf-8")
    assert cli("could-produce", board, "--cards", secret) == (
        2, "", f"error: {secret}: 1:1: text where a mapping is expected\n")
    assert cli("could-produce", secret) == (
        2, "", f"error: {secret}: 1:1: a board must be a mapping (players, battlefield, ...)\n")


# ------------------------------------------------------------ 6. boards that mean nothing
NONSENSE = [
    ("two Auras on each other",
     [{"id": "w1", "card": "Wild Growth", "controller": "A", "attached_to": {"permanent": "w2"}},
      {"id": "w2", "card": "Wild Growth", "controller": "A", "attached_to": {"permanent": "w1"}}],
     "battlefield[0].attached_to.permanent: Wild Growth can enchant only a Land, and w2 (Wild Growth) "
     "is not one (CR 303.4c, 704.5m)"),
    ("a Forest on a Forest",
     [{"id": "f1", "card": "Forest", "controller": "A", "attached_to": {"permanent": "f2"}},
      {"id": "f2", "card": "Forest", "controller": "A"}],
     "battlefield[0].attached_to.permanent: Forest is not an Aura, an Equipment or a Fortification: "
     "it can't be attached to anything (CR 704.5p)"),
    ("Wild Growth on a creature",
     [{"id": "w", "card": "Wild Growth", "controller": "A", "attached_to": {"permanent": "b"}},
      {"id": "b", "card": "Grizzly Bears", "controller": "A"}],
     "battlefield[0].attached_to.permanent: Wild Growth can enchant only a Land, and b (Grizzly Bears) "
     "is not one (CR 303.4c, 704.5m)"),
    ("Wild Growth on a player",
     [{"id": "w", "card": "Wild Growth", "controller": "A", "attached_to": {"player": "B"}}],
     "battlefield[0].attached_to.player: Wild Growth enchants a permanent and can't be attached to a "
     "player (CR 702.5a)"),
    ("Wild Growth on nothing",
     [{"id": "w", "card": "Wild Growth", "controller": "A"}],
     "battlefield[0]: Wild Growth is an Aura: it must be attached to a Land (attached_to; CR 303.4c, 704.5m)"),
    ("Utopia Sprawl on an Island",
     [{"id": "u", "card": "Utopia Sprawl", "controller": "A", "attached_to": {"permanent": "i"}},
      {"id": "i", "card": "Island", "controller": "A"}],
     "battlefield[0].attached_to.permanent: Utopia Sprawl can enchant only a Forest, and i (Island) "
     "is not one (CR 303.4c, 704.5m)"),
    ("a non-Aura on a player",
     [{"id": "m", "card": "Umbral Mantle", "controller": "A", "attached_to": {"player": "B"}}],
     "battlefield[0].attached_to.player: Umbral Mantle can't be attached to a player: only an Aura can "
     "(CR 704.5n)"),
    ("an Equipment on a land",
     [{"id": "m", "card": "Umbral Mantle", "controller": "A", "attached_to": {"permanent": "f"}},
      {"id": "f", "card": "Forest", "controller": "A"}],
     "battlefield[0].attached_to.permanent: Umbral Mantle can be attached only to a creature, and f "
     "(Forest) is not one (CR 301.5, 301.6, 704.5n)"),
    ("a sorcery on the battlefield",
     [{"id": "d", "card": "Double Major", "controller": "A"}],
     "battlefield[0].card: Double Major is an Instant card, not a permanent card: it can't be on the "
     "battlefield (CR 110.4)"),
    ("a copy of an instant on the battlefield",
     [{"id": "d", "card": "Forest", "copy_of": "Pale Moon", "controller": "A"}],
     "battlefield[0].copy_of: Pale Moon is an Instant card, not a permanent card: it can't be on the "
     "battlefield (CR 110.4)"),
    ("a chosen color that is no color",
     [{"id": "u", "card": "Utopia Sprawl", "controller": "A", "attached_to": {"permanent": "f"},
       "chosen": {"color": "Q"}}, {"id": "f", "card": "Forest", "controller": "A"}],
     "battlefield[0].chosen.color: 'Q' is not a color (colors: W, U, B, R, G; CR 105.1)"),
]


@pytest.mark.parametrize("battlefield, message", [n[1:] for n in NONSENSE], ids=[n[0] for n in NONSENSE])
def test_boards_that_mean_nothing_are_refused(cli, tmp_path, battlefield, message):
    path = write_json(tmp_path / "board.json", {"players": ["A", "B"], "battlefield": battlefield})
    assert cli("could-produce", path) == (2, "", f"error: {path}: {message}\n")


@pytest.mark.parametrize("board, message", [
    ({"players": ["A", "B"], "turn": {"number": 5, "active": "A", "step": "upkeep"},
      "battlefield": [{"id": "p0", "card": "Forest", "controller": "A",
                       "entered": {"turn": 5, "step": "end"}}]},
     "battlefield[0].entered.step: the end step of this turn is still to come (the board is in the upkeep step)"),
    ({"players": ["A", "B"], "turn": {"number": 5, "active": "A", "step": "end"},
      "battlefield": [{"id": "p0", "card": "Llanowar Elves", "controller": "A", "continuous_control": True,
                       "entered": {"turn": 5, "step": "upkeep"}}]},
     "battlefield[0].continuous_control: continuous_control: true contradicts entered: it came under A's "
     "control on turn 5, not before A's most recent turn (turn 5) began (CR 302.6)"),
    ({"players": [{"name": "A", "hand": ["Forrest"]}, "B"]},
     "players[0].hand[0]: unknown card 'Forrest' (did you mean Forest?)"),
    ({"players": [{"name": "A", "library": ["Forest", "Forrest"]}, "B"]},
     "players[0].library[1]: unknown card 'Forrest' (did you mean Forest?)"),
    ({"players": ["A", "B"], "effects": [{"card": "Mutavault", "controller": "A"}]},
     "effects[0].card: Mutavault creates no continuous effect as it resolves (its card data has no "
     "effect:), so it can't be in effects (CR 611.2)"),
    ({"players": ["A", "B"], "turn": {"number": 5, "active": "A", "step": "end"},
      "battlefield": [{"id": "p0", "card": "Forest", "controller": "A",
                       "entered": {"turn": 5, "step": "upkeep", "additional": True}}]},
     "battlefield[0].entered.additional: it says it entered in an additional upkeep step, which comes after the "
     "turn's own, but only 1 upkeep step has begun this turn (turn.upkeeps; CR 500.8)"),
    ({"players": ["A", "B"], "turn": {"number": 5, "active": "A", "step": "upkeep"},
      "battlefield": [{"id": "p0", "card": "Forest", "controller": "A",
                       "entered": {"turn": 5, "step": "untap", "additional": True}}]},
     "battlefield[0].entered.additional: it says it entered in an additional step of this turn, but the board is "
     "in the turn's own upkeep step (no turn.resume_after), before which no additional step comes (CR 500.8, "
     "502.4)"),
    ({"players": ["A", "B"], "turn": {"number": 5, "active": "A", "step": "upkeep", "resume_after": "postcombat_main"},
      "battlefield": [{"id": "p0", "card": "Forest", "controller": "A",
                       "entered": {"turn": 4, "step": "precombat_main", "additional": True}}]},
     "battlefield[0].entered.additional: it says it entered in an additional step of this turn, but turn 4 isn't "
     "this turn (5)"),
    ({"players": ["A", "B"], "turn": {"number": 5, "active": "A", "step": "end"},
      "battlefield": [{"id": "p0", "card": "Forest", "controller": "A",
                       "entered": {"turn": 4, "step": "end", "upkeeps": 1}}]},
     "battlefield[0].entered.upkeeps: it counts the upkeep steps of this turn when it came, but it came on turn 4, "
     "not this turn (5)"),
    ({"players": ["A", "B"], "turn": {"number": 5, "active": "A", "step": "end", "upkeeps": 2},
      "battlefield": [{"id": "p0", "card": "Forest", "controller": "A",
                       "entered": {"turn": 5, "step": "draw", "upkeeps": 3}}]},
     "battlefield[0].entered.upkeeps: 3 upkeep steps had begun this turn when it came, more than the 2 begun at "
     "the board's step (turn.upkeeps, and the step itself if it is an upkeep; CR 500.8)"),
    ({"players": ["A", "B"], "turn": {"number": 5, "active": "A", "step": "end", "upkeeps": 2},
      "battlefield": [{"id": "p0", "card": "Forest", "controller": "A",
                       "entered": {"turn": 5, "step": "untap", "upkeeps": 1}}]},
     "battlefield[0].entered.upkeeps: 1 upkeep step had begun when it came, but it came in the turn's own untap "
     "step, before any upkeep step (CR 500.1)"),
    ({"players": ["A", "B"], "turn": {"number": 5, "active": "A", "step": "end", "upkeeps": 2},
      "battlefield": [{"id": "p0", "card": "Forest", "controller": "A",
                       "entered": {"turn": 5, "step": "upkeep", "upkeeps": 2}}]},
     "battlefield[0].entered.upkeeps: 2 upkeep steps had begun when it came, but it came in the turn's own upkeep "
     "step, the turn's first (CR 500.8: an additional one comes after it)"),
    ({"players": ["A", "B"], "turn": {"number": 5, "active": "A", "step": "end", "upkeeps": 2},
      "battlefield": [{"id": "p0", "card": "Forest", "controller": "A",
                       "entered": {"turn": 5, "step": "upkeep", "additional": True, "upkeeps": 1}}]},
     "battlefield[0].entered.upkeeps: 1 upkeep step had begun when it came, but it came in an additional upkeep "
     "step, which comes after the turn's own (CR 500.8)"),
    ({"players": ["A", "B"], "turn": {"number": 5, "active": "A", "step": "end", "upkeeps": 2},
      "battlefield": [{"id": "p0", "card": "Forest", "controller": "A",
                       "entered": {"turn": 5, "step": "end", "upkeeps": 1}}]},
     "battlefield[0].entered.upkeeps: 1 upkeep step had begun when it came, but it came in the current step (the "
     "turn's own end step), at which 2 have begun (turn.upkeeps)"),
    ({"players": ["A", "B"], "turn": {"number": 5, "active": "A", "step": "upkeep", "resume_after": "upkeep"},
      "battlefield": [{"id": "p0", "card": "Forest", "controller": "A",
                       "entered": {"turn": 5, "step": "upkeep", "upkeeps": 2}}]},
     "battlefield[0].entered.upkeeps: 2 upkeep steps had begun when it came, but it came in the turn's own upkeep "
     "step, the turn's first (CR 500.8: an additional one comes after it)"),
    ({"players": ["A", "B"], "turn": {"number": 5, "active": "A", "step": "upkeep", "resume_after": "postcombat_main",
                                       "upkeeps": 1},
      "battlefield": [{"id": "p0", "card": "Forest", "controller": "A",
                       "entered": {"turn": 5, "step": "precombat_main", "upkeeps": 2}}]},
     "battlefield[0].entered.upkeeps: 2 upkeep steps had begun when it came, but it came before the board's "
     "upkeep step, before which 1 began (turn.upkeeps)"),
    ({"players": ["A", "B"], "turn": {"number": 5, "active": "A", "step": "end"},
      "battlefield": [{"id": "p0", "card": "Forest", "controller": "A",
                       "entered": {"turn": 5, "step": "draw", "upkeeps": 0}}]},
     "battlefield[0]: entered.upkeeps: 0 contradicts the turn: 1 upkeep step has begun this turn, the first "
     "before any step after it unless A skips upkeep steps (CR 500.8, 614.10)"),
], ids=["entered later this turn", "continuous control", "hand", "library", "effects",
        "entered additional upkeep, one upkeep begun", "entered additional, in the own upkeep",
        "entered additional, another turn", "upkeeps, another turn", "upkeeps, more than begun",
        "upkeeps, own untap", "upkeeps, own upkeep", "upkeeps, additional upkeep", "upkeeps, current step",
        "upkeeps, own upkeep in an additional one", "upkeeps, before the current step",
        "upkeeps, none after the own upkeep"])
def test_contradictions_are_refused(cli, tmp_path, board, message):
    path = write_json(tmp_path / "board.json", board)
    assert cli("turn", path) == (2, "", f"error: {path}: {message}\n")


def test_entered_this_turn_means_not_continuously_controlled(cli, tmp_path):
    """Issue 11 item 5: entered on turn 5, on turn 5, with no continuous_control given:
    derived false, so summoning sickness applies (CR 302.6)."""
    board = {"players": ["A", "B"], "turn": {"number": 5, "active": "A", "step": "end"},
             "battlefield": [{"id": "elves", "card": "Llanowar Elves", "controller": "A",
                              "entered": {"turn": 5, "step": "upkeep"}}]}
    path = write_json(tmp_path / "board.json", board)
    code, out, err = cli("can-activate", path, "elves")
    assert (code, err) == (0, "") and out.startswith("no: ")
    board["battlefield"][0]["entered"] = {"turn": 4, "step": "end"}
    write_json(path, board)
    code, out, err = cli("can-activate", path, "elves")
    assert (code, err) == (0, "") and out.startswith("yes: ")


# ------------------------------------------------------------------ 7. import hygiene
def test_a_killed_import_leaves_nothing_behind(cli, tmp_path):
    output = tmp_path / "cards.sqlite"
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    stale = [tmp_path / f".cards.sqlite.{dead.pid}.tmp", tmp_path / f".cards.sqlite.{dead.pid}.tmp-journal"]
    for path in stale:
        path.write_bytes(b"x" * 1000)
    mine = tmp_path / f".cards.sqlite.{os.getppid()}.tmp-journal"  # a live process's: kept
    mine.write_bytes(b"x")
    assert cli("cards", "import", ATOMIC, "--output", output)[0] == 0
    assert not any(p.exists() for p in stale) and mine.exists()
    mine.unlink()
    for path in stale:
        path.write_bytes(b"x")
    board = tmp_path / "board.yaml"
    board.write_text("A: [Mox Jet]\nB: []\n", encoding="utf-8")
    assert cli("could-produce", board, "--cards", output)[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.yaml", "cards.sqlite"]


def test_an_empty_import_does_not_replace_a_library(cli, tmp_path):
    output = tmp_path / "cards.sqlite"
    assert cli("cards", "import", ATOMIC, "--output", output)[0] == 0
    held = len(carddb.CardDatabase(output))  # every card of the fixture
    empty = write_json(tmp_path / "empty.json", {"data": {}})
    code, out, err = cli("cards", "import", empty, "--output", output)
    assert (code, out) == (2, "") and err.endswith(
        f"error: {output}: {empty} has no cards, and the library here holds {held}: pass --force to "
        "replace it with an empty one\n")
    assert held > 300 and len(carddb.CardDatabase(output)) == held
    code, out, err = cli("cards", "import", empty, "--output", output, "--force")
    assert code == 0 and len(carddb.CardDatabase(output)) == 0


def test_the_output_can_not_be_the_source(cli, tmp_path):
    source = tmp_path / "cards.json"
    source.write_bytes(ATOMIC.read_bytes())
    code, out, err = cli("cards", "import", source, "--output", source)
    assert (code, out, err) == (2, "", f"error: {source}: the library would overwrite the card data it "
                                       "is made from: choose another --output\n")
    assert source.read_bytes() == ATOMIC.read_bytes()
