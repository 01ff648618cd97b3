"""Property tests for issue 17: the hypothesis strategies reach NUL, lone surrogates,
floats where integers are expected, huge integers, odd paths and signals, so the
next such input is found by the suite, not by a user."""

from __future__ import annotations

import json
import signal
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pysolver
from pysolver.errors import BoardError

from helpers import child_outlives_parent, imported_library

FEW = settings(max_examples=25, deadline=None,
               suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

# Text that clingo or a terminal can't take as it is: NUL, lone surrogates, controls.
BAD_CHARACTERS = st.sampled_from(["\x00", "\ud800", "\udfff", "\udc80"])
hostile_text = st.builds(lambda before, bad, after: before + bad + after,
                         st.text(max_size=5), BAD_CHARACTERS, st.text(max_size=5))
control_text = st.text(alphabet=st.characters(categories=["Cc", "Cf", "Zl", "Zp"]), min_size=1, max_size=6)
# Numbers where the schema wants an integer: floats (2.0 too), huge or tiny integers, NaN.
floats_for_ints = st.one_of(st.integers(-1000, 1000).map(float), st.floats(allow_nan=True, allow_infinity=True))
huge_ints = st.one_of(st.integers(min_value=10**6 + 1, max_value=10**40),
                      st.integers(min_value=-10**40, max_value=-10**6 - 1))
# Where a number may stand in a full-form board, and how a hostile one is put there.
NUMBER_PLACES = {
    "life": lambda board, v: board["players"].__setitem__(0, {"name": "A", "life": v}),
    "turn": lambda board, v: board.__setitem__("turn", {"number": v}),
    "x": lambda board, v: board["battlefield"][1].__setitem__("x", v),
    "timestamp": lambda board, v: board["battlefield"][0].__setitem__("timestamp", v),
    "counters": lambda board, v: board["battlefield"][0].__setitem__("counters", {"storage": v}),
    "power": lambda board, v: board["battlefield"][0].__setitem__("power", v),
    "toughness": lambda board, v: board["battlefield"][0].__setitem__("toughness", v),
    "speed": lambda board, v: board["players"].__setitem__(0, {"name": "A", "speed": v}),
}
TEXT_PLACES = {
    "id": lambda board, v: board["battlefield"][0].__setitem__("id", v),
    "player": lambda board, v: board["players"].__setitem__(1, v),
    "card": lambda board, v: board["battlefield"][0].__setitem__("card", v),
    "counter kind": lambda board, v: board["battlefield"][0].__setitem__("counters", {v: 1}),
    "chosen": lambda board, v: board["battlefield"][0].__setitem__("chosen", {"name": v}),
    "notes": lambda board, v: board.__setitem__("notes", v),
}


def base_board() -> dict:
    return {"players": ["A", "B"],
            "battlefield": [{"id": "p0", "card": "Calciform Pools", "controller": "A"},
                            {"id": "e1", "card": "Endless One", "controller": "A", "x": 1}]}


def one_line(code, out, err, allowed=(2,)):
    assert code in allowed, (code, out, err)
    assert "Traceback" not in err
    if code in (2, 3):
        assert out == "" and err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1


@FEW
@given(place=st.sampled_from(sorted(NUMBER_PLACES)), value=st.one_of(floats_for_ints, huge_ints))
def test_a_float_or_huge_integer_anywhere_is_one_line(cli, tmp_path, place, value):
    board = base_board()
    NUMBER_PLACES[place](board, value)
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board), encoding="utf-8")  # NaN and Infinity as JSON writes them
    one_line(*cli("could-produce", path))
    # The same through the API: a typed error, never a crash.
    with pytest.raises(BoardError):
        pysolver.board_from_data(board)


@FEW
@given(place=st.sampled_from(sorted(TEXT_PLACES)), value=hostile_text)
def test_nul_or_a_surrogate_anywhere_is_refused(cli, tmp_path, place, value):
    """Never exit 0: a NUL would be cut by clingo (two names merge), a surrogate is no text."""
    board = base_board()
    TEXT_PLACES[place](board, value)
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board), encoding="utf-8")  # ensure_ascii: "\\u0000", "\\ud800"
    one_line(*cli("could-produce", path))
    with pytest.raises(BoardError):
        pysolver.board_from_data(board)


@FEW
@given(name=control_text)
def test_control_characters_in_names_never_reach_the_terminal(cli, tmp_path, name):
    board = base_board()
    board["battlefield"][0]["id"] = name
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board), encoding="utf-8")
    for args in (["could-produce", path], ["mana", path, "nope"], ["can-activate", path, name]):
        code, out, err = cli(*args)
        one_line(code, out, err, allowed=(0, 2))
        assert all(c.isprintable() or c in "\n" for c in out + err), (args, out, err)


odd_names = st.lists(st.sampled_from(list("%#?&=;:'\" \tAé字-_.~") + ["%41", "%2F", "%00", "?mode=rwc", "#x"]),
                     min_size=1, max_size=8).map("".join)


@FEW
@given(name=odd_names)
def test_odd_paths_read_the_same(cli, tmp_path, name):
    """A board, a card file and a card library at a path with %, #, ?, quotes or spaces
    read the same as at a plain path (no URI decoding, no shell, no format string)."""
    plain = tmp_path / "plain"
    plain.mkdir(exist_ok=True)
    odd = tmp_path / f"odd {name}"
    odd.mkdir(exist_ok=True)
    library = plain / "cards.sqlite"
    if not library.exists():
        imported_library(library)
    (odd / "cards.sqlite").write_bytes(library.read_bytes())
    for folder in (plain, odd):
        (folder / "board.yaml").write_text("A: [Mox Jet, Forest]\nB: [Island]\n", encoding="utf-8")
    expected = cli("could-produce", plain / "board.yaml", "--cards", library)
    assert expected[0] == 0
    assert cli("could-produce", odd / "board.yaml", "--cards", odd / "cards.sqlite") == expected


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sig=st.sampled_from([signal.SIGTERM, signal.SIGHUP, signal.SIGKILL, signal.SIGINT, signal.SIGQUIT]),
       wait=st.floats(0, 0.5))
def test_any_signal_to_the_parent_ends_the_timed_child(tmp_path, sig, wait):
    pid_file = tmp_path / f"child-{time.monotonic_ns()}.pid"
    assert not child_outlives_parent(pid_file, sig, wait), f"the child outlived its parent ({sig.name})"
