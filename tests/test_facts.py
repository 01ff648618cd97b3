"""Facts reach clingo as symbols only; could-produce is decided by grounding."""

from __future__ import annotations

import pytest

import pysolver
from pysolver import facts, solver

HOSTILE = [
    'x"). could_produce("forest", w',
    "a). b :- c(",
    "p(1;2). #show.",
    "o:-o.",
    "it's \\\" odd",
    "% comment",
    "naïve 🂡 \u202e",
]


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_ids_and_player_names_round_trip(hostile):
    player = hostile + " (player)"  # an id can't be a player's name (board.py)
    board = pysolver.board_from_data({
        "players": [player, "Bob"],
        "battlefield": [
            {"id": hostile + "-pool", "card": "Reflecting Pool", "controller": player},
            {"id": hostile, "card": "Forest", "controller": player},
            {"id": "orchard", "card": "Exotic Orchard", "controller": "Bob"},
        ],
    })
    answers = pysolver.could_produce(board)
    assert [(a.id, a.controller, a.types) for a in answers] == [
        (hostile + "-pool", player, ("G",)),
        (hostile, player, ("G",)),
        ("orchard", "Bob", ("G",)),
    ]


@pytest.mark.parametrize("hostile", HOSTILE)
def test_hostile_card_names_are_data(tmp_path, hostile):
    cards = tmp_path / "cards.yaml"
    import yaml
    cards.write_text(yaml.safe_dump({"format": "pysolver-cards/1", "cards": [
        {"name": hostile, "types": ["Land"], "abilities": [
            {"mana": {"cost": ["{T}"], "add": {"mana": "{U}"}}}]},
    ]}), encoding="utf-8")
    board = pysolver.board_from_data(
        {"players": ["A", "B"], "battlefield": [
            {"id": "h", "card": hostile, "controller": "A"},
            {"id": "p", "card": "Reflecting Pool", "controller": "A"}]},
        card_files=[cards])
    assert [(a.id, a.card, a.types) for a in pysolver.could_produce(board)] == [
        ("h", hostile, ("U",)), ("p", "Reflecting Pool", ("U",))]


def test_could_produce_is_decided_by_grounding_alone():
    board = pysolver.board_from_data({
        "players": ["A", "B", "C"],
        "battlefield": [
            {"card": "Reflecting Pool", "controller": "A"},
            {"card": "Exotic Orchard", "controller": "B"},
            {"card": "Exotic Orchard", "controller": "C"},
            {"card": "Forest", "controller": "C"},
            {"card": "Contamination", "controller": "A"},
            {"card": "Mana Reflection", "controller": "B"},
            {"card": "Blood Moon", "controller": "C"},
            {"card": "Urborg, Tomb of Yawgmoth", "controller": "A"},
        ],
    })
    grounded = solver.ground(facts.board_facts(board))
    atoms = grounded.atoms("could_produce", 2)
    assert atoms is not None, "some could_produce atom was left to the solver"
    assert sorted(str(a) for a in atoms) == sorted([
        'could_produce("exotic-orchard",b)', 'could_produce("exotic-orchard-2",b)',
        'could_produce("forest",b)', 'could_produce("reflecting-pool",b)',
        'could_produce("urborg-tomb-of-yawgmoth",b)',
    ])
