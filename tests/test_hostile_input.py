"""Malformed and hostile files never crash a command: one line, exit status 2."""

from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**30, 10**30), st.floats(allow_nan=True),
                    st.text(max_size=12), st.sampled_from(["Forest", "Reflecting Pool", "A", "B", "{T}"]))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(st.sampled_from(
                                ["players", "battlefield", "card", "controller", "id", "turn", "cases",
                                 "effects", "stack", "x", "tapped", "A", "B", "format", "cards",
                                 "attached_to", "counters", "query", "expect"]), inner, max_size=5)),
    max_leaves=25,
)


def assert_clean(code, out, err, allowed=(0, 1, 2)):
    assert code in allowed
    assert "Traceback" not in err
    if code == 2:
        assert out == ""
        assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1


@SETTINGS
@given(data=values)
def test_any_structure_as_a_board(cli, tmp_path, data):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data, default=str), encoding="utf-8")
    assert_clean(*cli("could-produce", path))
    yaml_path = tmp_path / "board.yaml"
    yaml_path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert_clean(*cli("could-produce", yaml_path))


@SETTINGS
@given(data=values)
def test_any_structure_as_a_card_file(cli, tmp_path, data):
    cards = tmp_path / "cards.yaml"
    cards.write_text(yaml.safe_dump(data), encoding="utf-8")
    board = tmp_path / "board.yaml"
    board.write_text("A: [Forest]\nB: [Island]\n", encoding="utf-8")
    assert_clean(*cli("could-produce", board, "--cards", cards), allowed=(0, 2))


@SETTINGS
@given(data=values)
def test_any_structure_as_a_case_file(cli, tmp_path, data):
    cases = tmp_path / "cases.yaml"
    cases.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert_clean(*cli("verify", cases))


@SETTINGS
@given(raw=st.binary(max_size=200))
def test_any_bytes(cli, tmp_path, raw):
    path = tmp_path / "board.yaml"
    path.write_bytes(raw)
    assert_clean(*cli("could-produce", path), allowed=(2,))


def test_alias_bomb_is_refused(cli, tmp_path):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]")
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code, out, err = cli("could-produce", path)
    assert (code, out) == (2, "")
    assert err == f"error: {path}: 6:45: too many values (more than 1000000, aliases counted as expanded)\n"


def test_deep_nesting_is_refused(cli, tmp_path):
    path = tmp_path / "deep.yaml"
    path.write_text("[" * 100 + "]" * 100, encoding="utf-8")
    assert cli("could-produce", path) == (2, "", f"error: {path}: 1:66: nested deeper than 64 levels\n")
    path.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    assert cli("could-produce", path) == (2, "", f"error: {path}: nested deeper than 64 levels\n")
    json_path = tmp_path / "deep.json"
    json_path.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    assert cli("could-produce", json_path) == (2, "", f"error: {json_path}: nested deeper than 64 levels\n")


def test_huge_file_is_refused(cli, tmp_path):
    path = tmp_path / "huge.yaml"
    path.write_text("# " + "x" * 16_100_000 + "\n", encoding="utf-8")
    assert cli("could-produce", path) == (
        2, "", f"error: {path}: file too large (16100003 bytes; the limit is 16000000)\n")


def test_card_files_are_data_only(cli, tmp_path):
    board = tmp_path / "board.yaml"
    board.write_text("A: [Forest]\nB: [Island]\n", encoding="utf-8")
    code_card = tmp_path / "code.yaml"
    code_card.write_text("format: pysolver-cards/1\ncards: !!python/object/apply:os.system [id]\n",
                         encoding="utf-8")
    assert cli("could-produce", board, "--cards", code_card) == (
        2, "", f"error: {code_card}: 2:8: unsupported tag 'tag:yaml.org,2002:python/object/apply:os.system'\n")
    include = tmp_path / "include.yaml"
    include.write_text("format: pysolver-cards/1\ninclude: /etc/passwd\ncards: []\n", encoding="utf-8")
    assert cli("could-produce", board, "--cards", include) == (
        2, "", f"error: {include}: 2:10: include: unknown field 'include'\n")


# --------------------------------------------------------- every command
# Each command that reads a board, with the arguments after BOARD.
BOARD_COMMANDS = [("could-produce", []), ("turn", []), ("outcomes", []),
                  ("can-activate", ["p0"]), ("available", ["A"]), ("x", ["p0"]), ("mana", ["p0"])]
ALL_BOARD = [pytest.param(c, a, id=c) for c, a in BOARD_COMMANDS]
FEWER = settings(max_examples=25, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


def assert_one_line_error(code, out, err, allowed=(2,)):
    assert code in allowed, (code, out, err)
    assert "Traceback" not in err
    if code in (2, 3):
        assert out == ""
        assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1


@pytest.mark.parametrize("command, args", ALL_BOARD)
@FEWER
@given(data=values)
def test_any_structure_as_a_board_for_every_command(cli, tmp_path, command, args, data):
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert_one_line_error(*cli(command, path, *args), allowed=(0, 2))


# Legal-looking boards with hostile values in one place.
permanent_values = st.fixed_dictionaries({
    "id": st.one_of(st.just("p0"), st.text(max_size=6)),
    "card": st.sampled_from(["Forest", "Endless One", "Crackleburr", "Calciform Pools", "Nope", ""]),
    "controller": st.sampled_from(["A", "B", "C", ""]),
}, optional={
    "counters": st.dictionaries(st.text(max_size=5), st.integers(-10**30, 10**30), max_size=2),
    "x": st.integers(-10**30, 10**30),
    "tapped": st.one_of(st.booleans(), st.integers()),
    "timestamp": st.integers(-10**30, 10**30),
})
hostile_boards = st.fixed_dictionaries({
    "players": st.one_of(st.just(["A", "B"]), st.lists(st.text(max_size=4), max_size=3),
                         st.just([{"name": "A", "life": 10**30}, "B"])),
    "battlefield": st.lists(permanent_values, max_size=3),
}, optional={
    "turn": st.fixed_dictionaries({"number": st.integers(-10**30, 10**30),
                                   "active": st.sampled_from(["A", "B", "Z"]),
                                   "step": st.sampled_from(["upkeep", "end", "nope"])}),
    "stack": st.lists(st.fixed_dictionaries({"id": st.just("s0"), "card": st.just("Endless One"),
                                             "controller": st.just("A"),
                                             "x": st.integers(-10**30, 10**30)}), max_size=1),
})


@pytest.mark.parametrize("command, args", ALL_BOARD)
@FEWER
@given(data=hostile_boards)
def test_hostile_values_for_every_command(cli, tmp_path, command, args, data):
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert_one_line_error(*cli(command, path, *args, "--timeout", "60"), allowed=(0, 2))


@pytest.mark.parametrize("command, args", ALL_BOARD)
@FEWER
@given(raw=st.binary(max_size=200))
def test_any_bytes_for_every_command(cli, tmp_path, command, args, raw):
    path = tmp_path / "board.yaml"
    path.write_bytes(raw)
    assert_one_line_error(*cli(command, path, *args))


@pytest.mark.parametrize("command, args", ALL_BOARD)
def test_alias_bomb_deep_nesting_and_bytes_for_every_command(cli, tmp_path, command, args):
    bomb = tmp_path / "bomb.yaml"
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    bomb.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert cli(command, bomb, *args) == (
        2, "", f"error: {bomb}: 6:45: too many values (more than 1000000, aliases counted as expanded)\n")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    assert cli(command, deep, *args) == (2, "", f"error: {deep}: nested deeper than 64 levels\n")
    latin = tmp_path / "latin.yaml"
    latin.write_bytes(b"players: [A, B]\nbattlefield: [{card: For\xeat, controller: A}]\n")
    assert_one_line_error(*cli(command, latin, *args))


@pytest.mark.parametrize("command, args", ALL_BOARD)
@pytest.mark.parametrize("field, value, message", [
    ("counters", {"storage": 10**30}, "battlefield[0].counters.storage: "
     "1000000000000000000000000000000 is greater than the maximum of 100"),
    ("counters", {"storage": 101}, "battlefield[0].counters.storage: 101 is greater than the maximum of 100"),
    ("x", 10**30, "battlefield[0].x: 1000000000000000000000000000000 is greater than the maximum of 1000000"),
    ("timestamp", -10**30, "battlefield[0].timestamp: -1000000000000000000000000000000 is less than "
     "the minimum of -1000000"),
])
def test_huge_numbers_are_refused_before_grounding(cli, tmp_path, command, args, field, value, message):
    path = tmp_path / "board.json"
    board = {"players": ["A", "B"],
             "battlefield": [{"id": "p0", "card": "Calciform Pools", "controller": "A", field: value}]}
    path.write_text(json.dumps(board), encoding="utf-8")
    assert cli(command, path, *args) == (2, "", f"error: {path}: {message}\n")


@pytest.mark.parametrize("command, args", ALL_BOARD)
def test_huge_life_and_turn_are_refused(cli, tmp_path, command, args):
    path = tmp_path / "board.json"
    path.write_text(json.dumps({"players": [{"name": "A", "life": 10**30}, "B"],
                                "battlefield": [{"id": "p0", "card": "Forest", "controller": "A"}]}),
                    encoding="utf-8")
    assert cli(command, path, *args) == (
        2, "", f"error: {path}: players[0].life: 1000000000000000000000000000000 is greater than "
               "the maximum of 1000000\n")


odd_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=20)


@FEWER
@given(text=odd_text)
def test_hostile_arguments(cli, tmp_path, text):
    path = tmp_path / "board.yaml"
    path.write_text("players: [A, B]\nbattlefield: [{id: p0, card: Forest, controller: A}]\n",
                    encoding="utf-8")
    if text.startswith("-"):
        text = "x" + text
    for command, args in [("can-activate", [text]), ("available", [text]), ("x", [text]),
                          ("could-produce", [text]), ("can-activate", ["p0", "--ability", text]),
                          ("mana", [text]), ("mana", ["p0", "--ability", text])]:
        assert_one_line_error(*cli(command, path, *args), allowed=(0, 2))
    for command in (["cards", "show", text], ["cards", "search", text]):
        assert_one_line_error(*cli(*command), allowed=(0, 2))


@FEWER
@given(data=values)
def test_any_structure_as_a_case_file_with_every_query(cli, tmp_path, data):
    cases = tmp_path / "cases.yaml"
    for query in ("turn", "outcomes", "can-activate", "available", "x", "mana"):
        document = {"cases": [{"id": "c", "source": "CR 1", "reason": "r", "board": data,
                               "query": query, "args": data, "expect": data}]}
        cases.write_text(yaml.safe_dump(document), encoding="utf-8")
        assert_clean(*cli("verify", cases))


@pytest.mark.parametrize("args, message", [
    (["can-activate", "{board}"], "error: Missing argument 'PERMANENT'.\n"),
    (["nope"], "error: No such command 'nope'.\n"),
    (["x", "{board}", "p0", "--max-outcomes", "0"],
     "error: Invalid value for '--max-outcomes': 0 is not in the range x>=1.\n"),
    (["mana", "{board}"], "error: Missing argument 'PERMANENT'.\n"),
])
def test_usage_errors_are_one_line(cli, tmp_path, args, message):
    path = tmp_path / "board.yaml"
    path.write_text("players: [A, B]\n", encoding="utf-8")
    assert cli(*[a.replace("{board}", str(path)) for a in args]) == (2, "", message)


@pytest.mark.parametrize("args, message", [
    (["nope"], "PERMANENT: no permanent with id 'nope' on the battlefield (ids: p0, p1)"),
    (["p1"], "PERMANENT: p1 (Grizzly Bears) has no mana ability now"),
    (["p0", "--ability", "2"], "--ability: p0 (Forest) has no ability 2 (abilities: 1 = {T}: Add {G})"),
    (["p0", "--ability", "-1"], "--ability: p0 (Forest) has no ability -1 (abilities: 1 = {T}: Add {G})"),
    (["p0", "--ability", str(10**30)],
     f"--ability: p0 (Forest) has no ability {10**30} (abilities: 1 = {{T}}: Add {{G}})"),
    (["p0", "--ability", "two"], "--ability: p0 (Forest) has no ability 'two' (abilities: 1 = {T}: Add {G})"),
])
def test_mana_bad_arguments_are_one_line(cli, tmp_path, args, message):
    path = tmp_path / "board.yaml"
    path.write_text("players: [A, B]\nbattlefield: [{id: p0, card: Forest, controller: A},"
                    " {id: p1, card: Grizzly Bears, controller: B}]\n", encoding="utf-8")
    assert cli("mana", path, *args) == (2, "", f"error: {path}: {message}\n")
