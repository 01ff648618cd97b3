"""Amounts beyond clingo's 32-bit integers are exact or refused, never wrapped (issue 11
items 3 and 4), and an amount is written as a count, so output doesn't grow with it."""

from __future__ import annotations

import json

import pytest


def nyxbloom_board(count: int, forests: int = 1) -> str:
    permanents = [{"card": "Forest", "controller": "Alice", "id": f"forest-{i}"} for i in range(forests)]
    permanents += [{"card": "Nyxbloom Ancient", "controller": "Alice"}] * count
    return json.dumps({"players": ["Alice", "Bob"], "battlefield": permanents})


def test_exact_below_the_cap(cli, board_file):
    """3^19 = 1,162,261,467 {G} (CR 614.5: each Nyxbloom applies once): exact, written as a count."""
    code, out, err = cli("mana", board_file(nyxbloom_board(19), ".json"), "forest-0", "--json")
    assert (code, err) == (0, "")
    document = json.loads(out)
    assert document["schema"] == "pysolver/mana/4"
    [outcome] = document["outcomes"]
    assert (outcome["mana"], outcome["amounts"]) == ("{G}×1162261467", {"G": 1162261467})
    assert [step["mana"] for step in outcome["witness"]][-2:] == ["{G}×1162261467", "{G}×1162261467"]
    assert len(out) < 10_000


@pytest.mark.parametrize("query, args", [
    ("mana", ["forest-0"]),
    ("available", ["Alice"]),
    ("can-activate", ["forest-0"]),
])
def test_refused_above_the_cap(cli, board_file, query, args):
    """3^20 {G} passes the cap of 2,000,000,000: refused (exit 3), never wrapped."""
    path = board_file(nyxbloom_board(20), ".json")
    code, out, err = cli(query, path, *args)
    assert (code, out) == (3, "")
    assert err == (f"error: {path}: incomplete: an ability would produce more than 2,000,000,000 mana "
                   "after replacement effects; amounts that large are not computed\n")


def test_could_produce_is_exact_above_the_cap(cli, board_file):
    """Only the types matter for CR 106.7: the Forest could produce G however much it makes."""
    code, out, err = cli("could-produce", board_file(nyxbloom_board(20), ".json"), "forest-0", "--json")
    assert (code, err) == (0, "")
    assert [p["types"] for p in json.loads(out)["permanents"]] == [["G"]]


def test_sum_of_sources_refused(cli, board_file):
    """Two Forests under 19 Nyxbloom Ancients: each alone fits, together they would not pass
    through asp/activation.lp's sums (can-activate grounds them)."""
    path = board_file(nyxbloom_board(19, forests=2), ".json")
    code, out, err = cli("can-activate", path, "forest-0")
    assert (code, out) == (3, "")
    assert err == (f"error: {path}: incomplete: the mana of the player's permanents together could pass "
                   "2,147,483,647; amounts that large are not computed\n")


@pytest.mark.parametrize("query, args", [
    ("mana", ["forest-0"]),
    ("could-produce", []),
    ("available", ["Alice"]),
])
def test_more_effects_than_the_bit_set_holds(cli, board_file, query, args):
    """31 replacement effects could apply: the applied set doesn't fit the bit set, refused."""
    path = board_file(nyxbloom_board(31), ".json")
    code, out, err = cli(query, path, *args)
    assert (code, out) == (3, "")
    assert err == (f"error: {path}: incomplete: more than 30 replacement effects could apply to one mana "
                   "production event; that many are not followed\n")


def test_count_rendering():
    from pysolver.mana import vector_symbols
    assert vector_symbols({"G": 10, "U": 1}) == "{U}" + "{G}" * 10
    assert vector_symbols({"G": 11, "W": 43046721}) == "{W}×43046721{G}×11"
    assert vector_symbols({}) == ""
