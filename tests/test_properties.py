"""Properties that must always hold, on generated legal boards (hypothesis)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pysolver

CARDS = ["Forest", "Island", "Swamp", "Wastes", "Badlands", "Tropical Island", "Reflecting Pool",
         "Exotic Orchard", "Fellwar Stone", "Naga Vitalist", "Harvester Druid", "Squandered Resources",
         "Gaea's Cradle", "Ancient Tomb", "Vivid Crag", "Birds of Paradise", "Contamination",
         "Mana Reflection", "Damping Sphere", "Blood Moon", "Urborg, Tomb of Yawgmoth",
         "Chromatic Lantern", "Prismatic Omen", "Celestial Dawn", "Grizzly Bears", "Llanowar Elves"]
PLAYERS = ["A", "B", "C", "D"]


@st.composite
def boards(draw):
    players = PLAYERS[: draw(st.integers(2, 4))]
    size = draw(st.integers(1, 9))
    battlefield = [
        {"id": f"p{i}", "card": draw(st.sampled_from(CARDS)),
         "controller": draw(st.sampled_from(players)), "timestamp": i + 1}
        for i in range(size)
    ]
    return {"players": players, "battlefield": battlefield}


def answer(data, card_files=()):
    board = pysolver.board_from_data(data, card_files=card_files, allow_partial=True)  # Celestial Dawn: its colors
    return {a.id: a.types for a in pysolver.could_produce(board)}


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(data=boards(), seed=st.integers(0, 1000))
def test_the_order_of_permanents_in_the_file_does_not_matter(data, seed):
    shuffled = dict(data, battlefield=list(data["battlefield"]))
    random.Random(seed).shuffle(shuffled["battlefield"])
    assert answer(shuffled) == answer(data)


@SETTINGS
@given(data=boards())
def test_ids_do_not_matter(data):
    renamed = dict(data, battlefield=[dict(p, id=f"x{len(p['id'])}-{p['id'][::-1]}")
                                      for p in data["battlefield"]])
    original = answer(data)
    assert answer(renamed) == {f"x{len(k)}-{k[::-1]}": v for k, v in original.items()}


@SETTINGS
@given(data=boards(), where=st.integers(0, 9))
def test_a_permanent_without_abilities_changes_no_could_produce_set(tmp_path_factory, data, where):
    cards = tmp_path_factory.mktemp("cards") / "inert.yaml"
    cards.write_text("format: pysolver-cards/1\ncards:\n- {name: Inert Relic, types: [Enchantment]}\n",
                     encoding="utf-8")
    battlefield = list(data["battlefield"])
    battlefield.insert(min(where, len(battlefield)),
                       {"id": "inert", "card": "Inert Relic", "controller": data["players"][-1]})
    before = answer(data, [cards])
    after = answer(dict(data, battlefield=battlefield), [cards])
    assert after.pop("inert") == ()
    assert after == before


@settings(max_examples=10, deadline=None)
@given(data=boards())
def test_repeating_a_query_gives_identical_output(tmp_path_factory, data):
    import json
    from click.testing import CliRunner

    from pysolver.cli import main

    path = tmp_path_factory.mktemp("board") / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    runs = [CliRunner().invoke(main, ["could-produce", str(path), *flag]).stdout_bytes
            for flag in ([], [], ["--json"], ["--json"])]
    assert runs[0] == runs[1] and runs[2] == runs[3]
