"""Malformed and hostile files never crash a command: one line, exit status 2."""

from __future__ import annotations

import json

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
    assert err.startswith(f"error: {path}: ") and err.endswith(
        ": too many values (more than 200000, aliases counted as expanded)\n")


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
    path.write_text("# " + "x" * 4_100_000 + "\n", encoding="utf-8")
    assert cli("could-produce", path) == (
        2, "", f"error: {path}: file too large (4100003 bytes; the limit is 4000000)\n")


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
