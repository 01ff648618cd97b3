"""The command line: exact output, JSON, exit statuses."""

from __future__ import annotations

import json
import subprocess
import sys

from pysolver import schemas


def test_could_produce_table(cli, board_file):
    path = board_file("Alice: [Forest, Reflecting Pool, Grizzly Bears]\nBob: [Exotic Orchard]\n")
    assert cli("could-produce", path) == (0, (
        "ID               CARD             CONTROLLER  COULD PRODUCE\n"
        "forest           Forest           Alice       G\n"
        "reflecting-pool  Reflecting Pool  Alice       G\n"
        "grizzly-bears    Grizzly Bears    Alice       nothing\n"
        "exotic-orchard   Exotic Orchard   Bob         G\n"), "")


def test_could_produce_named_ids_json(cli, board_file):
    path = board_file("Alice: [Forest, Reflecting Pool, Wastes]\nBob: [Exotic Orchard]\n")
    code, out, err = cli("could-produce", path, "reflecting-pool", "exotic-orchard", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "schema": "pysolver/could-produce/2",
        "board": str(path),
        "permanents": [
            {"id": "reflecting-pool", "card": "Reflecting Pool", "controller": "Alice", "types": ["G", "C"]},
            {"id": "exotic-orchard", "card": "Exotic Orchard", "controller": "Bob", "types": ["G"]},
        ],
    }


def test_unknown_id(cli, board_file):
    path = board_file("Alice: [Forest]\nBob: [Island]\n")
    assert cli("could-produce", path, "forest", "pool") == (
        2, "", f"error: {path}: argument 2: no permanent with id 'pool' on the battlefield "
               "(ids: forest, island)\n")


def test_user_card_file(cli, board_file, tmp_path):
    cards = tmp_path / "mine.yaml"
    cards.write_text(
        "format: pysolver-cards/1\n"
        "cards:\n"
        "- name: Prism Well\n"
        "  types: [Land]\n"
        "  abilities:\n"
        "  - mana: {cost: ['{T}'], add: {one_of: [W, U]}}\n", encoding="utf-8")
    path = board_file("Alice: [Prism Well, Reflecting Pool]\nBob: [Island]\n")
    code, out, err = cli("could-produce", path, "--cards", cards, "--json")
    assert (code, err) == (0, "")
    assert [p["types"] for p in json.loads(out)["permanents"]] == [["W", "U"], ["W", "U"], ["U"]]
    code, out, err = cli("could-produce", path)
    assert (code, out) == (2, "")
    assert err == f"error: {path}: 1:9: Alice[0]: unknown card 'Prism Well'\n"


def test_bad_card_file(cli, board_file, tmp_path):
    cards = tmp_path / "bad.yaml"
    cards.write_text("format: pysolver-cards/1\ncards:\n- name: Odd\n  types: [Land]\n"
                     "  abilities:\n  - mana: {cost: ['{T}'], add: {one_of: [P]}}\n", encoding="utf-8")
    path = board_file("Alice: [Forest]\nBob: [Island]\n")
    code, out, err = cli("could-produce", path, "--cards", cards)
    assert (code, out) == (2, "")
    assert err == (f"error: {cards}: 6:42: cards[0].abilities[0].mana.add.one_of[0]: "
                   "'P' is not one of: W, U, B, R, G, C\n")


def test_schema_command_prints_the_schemas(cli):
    code, out, err = cli("schema", "board")
    assert (code, err) == (0, "") and json.loads(out) == schemas.BOARD_SCHEMA
    code, out, err = cli("schema", "cards")
    assert (code, err) == (0, "") and json.loads(out) == schemas.CARDS_SCHEMA


def test_python_dash_m(board_file):
    path = board_file("Alice: [Forest]\nBob: [Island]\n")
    result = subprocess.run([sys.executable, "-m", "pysolver", "could-produce", str(path), "island"],
                            capture_output=True, text=True, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (
        0, "ID      CARD    CONTROLLER  COULD PRODUCE\nisland  Island  Bob         U\n", "")
