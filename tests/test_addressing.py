"""A card name is accepted wherever an id is taken, when it names one object; an ambiguous
name is refused with the matching ids (issue 14, item 3)."""

from __future__ import annotations

import pytest

import pysolver
from pysolver import verify

BOARD = """\
players: [Alice, Bob]
battlefield:
- {card: Forest, controller: Alice}
- {card: Exotic Orchard, controller: Alice}
- {card: Exotic Orchard, controller: Bob}
- {id: v, card: Vesuva, controller: Alice, copy_of: Reflecting Pool}
- {card: Llanowar Elves, controller: Alice}
"""


@pytest.mark.parametrize("args, out", [
    (["mana", "{board}", "Forest"], "forest (Forest, Alice), ability 1: {T}: Add {G}\nMANA  EFFECTS\n{G}   -\n"),
    (["mana", "{board}", "forest"], "forest (Forest, Alice), ability 1: {T}: Add {G}\nMANA  EFFECTS\n{G}   -\n"),
    (["can-activate", "{board}", "llanowar elves"],
     "yes: Llanowar Elves (llanowar-elves), ability 1: {T}: Add {G}.\n"),
])
def test_a_name_that_names_one_permanent(cli, board_file, args, out):
    path = board_file(BOARD)
    assert cli(*[a.format(board=path) for a in args]) == (0, out, "")


def test_could_produce_by_name_and_a_copy_by_either_name(cli, board_file):
    path = str(board_file(BOARD))
    by_id = cli("could-produce", path, "forest", "v", "--json")
    by_name = cli("could-produce", path, "Forest", "Reflecting Pool", "--json")
    assert by_name[0] == 0
    assert by_name[1].replace(path, "B") == by_id[1].replace(path, "B")
    assert cli("could-produce", path, "Vesuva", "--json")[1] == cli("could-produce", path, "v", "--json")[1]


@pytest.mark.parametrize("args, place, message", [
    (["mana", "{board}", "Exotic Orchard"], "PERMANENT",
     "'Exotic Orchard' names 2 permanents (exotic-orchard, exotic-orchard-2); give one of their ids"),
    (["could-produce", "{board}", "forest", "exotic orchard"], "argument 2",
     "'exotic orchard' names 2 permanents (exotic-orchard, exotic-orchard-2); give one of their ids"),
    (["can-activate", "{board}", "Exotic Orchard"], "argument PERMANENT",
     "'Exotic Orchard' names 2 permanents (exotic-orchard, exotic-orchard-2); give one of their ids"),
    (["x", "{board}", "Exotic Orchard"], "argument OBJECT",
     "'Exotic Orchard' names 2 spells or permanents (exotic-orchard, exotic-orchard-2); give one of "
     "their ids"),
    (["mana", "{board}", "Island"], "PERMANENT",
     "no permanent with id 'Island' on the battlefield (ids: exotic-orchard, exotic-orchard-2, forest, "
     "llanowar-elves, v)"),
])
def test_ambiguous_or_unknown_names_are_refused(cli, board_file, args, place, message):
    path = board_file(BOARD)
    assert cli(*[a.format(board=path) for a in args]) == (2, "", f"error: {path}: {place}: {message}\n")


def test_an_id_wins_over_a_card_name(load):
    board = load("""\
players: [Alice, Bob]
battlefield:
- {id: Forest, card: Island, controller: Alice}
- {card: Forest, controller: Alice}
""")
    assert [a.id for a in pysolver.could_produce(board, ["Forest"])] == ["Forest"]
    assert [a.types for a in pysolver.could_produce(board, ["Forest"])] == [("U",)]


def test_ruling_case_args_take_names(tmp_path):
    path = tmp_path / "cases.yaml"
    path.write_text("""\
cases:
- id: by-name
  source: CR 305.6
  reason: a Forest has the intrinsic ability to add G, named here by its card
  board: {Alice: [Forest], Bob: [Island]}
  query: could-produce
  args: {ids: [Forest]}
  expect: {forest: [G]}
""")
    (outcome,) = verify.run_all([path], jobs=1)
    assert outcome.passed, outcome.diff()
