"""Properties of can-activate, available, turn, outcomes and mana on generated legal boards:
the order of permanents and the ids chosen don't matter, and repeating a query gives the
same bytes."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pysolver
from pysolver.cli import main

MANA_CARDS = ["Forest", "Island", "Tropical Island", "Reflecting Pool", "Fellwar Stone",
              "Ancient Tomb", "Vivid Crag", "Birds of Paradise", "Llanowar Elves", "Crackleburr",
              "Raging Goblin", "Grizzly Bears", "Squandered Resources", "Blood Moon", "Mana Reflection"]
TURN_CARDS = ["Paradox Haze", "Verdant Force", "Grizzly Bears", "Forest", "Albino Troll"]
PLAYERS = ["A", "B"]

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def boards(draw, cards=MANA_CARDS, step="precombat_main", extra=None):
    size = draw(st.integers(1, 7))
    battlefield = []
    for i in range(size):
        card = draw(st.sampled_from(cards))
        permanent = {"id": f"p{i}", "card": card, "controller": draw(st.sampled_from(PLAYERS)),
                     "tapped": draw(st.booleans()), "timestamp": i + 1}
        if card == "Paradox Haze":
            permanent["attached_to"] = {"player": draw(st.sampled_from(PLAYERS))}
        if extra is not None:
            permanent.update(draw(extra))
        battlefield.append(permanent)
    return {"players": PLAYERS, "turn": {"number": 3, "active": "A", "step": step},
            "battlefield": battlefield}


def shuffled(data, seed):
    battlefield = list(data["battlefield"])
    random.Random(seed).shuffle(battlefield)
    return dict(data, battlefield=battlefield)


def renamed(data):
    """Every id pN becomes zz-N-q (and every mention of it)."""
    text = json.dumps(data)
    return json.loads(re.sub(r"\bp(\d+)\b", r"zz-\1-q", text))


def rename_text(value):
    return json.loads(re.sub(r"\bp(\d+)\b", r"zz-\1-q", json.dumps(value)))


def can_activate_all(data):
    """Every activated ability of every permanent, asked.  A permanent is first asked about
    without a number: with one ability, that is its answer, and with none the refusal, from
    one grounding; only one with several has them listed (a second grounding) and each asked."""
    board = pysolver.board_from_data(data)
    out = {}
    for permanent in board.battlefield:
        try:
            answers = [pysolver.can_activate(board, permanent.id)]
        except pysolver.QueryError as error:
            if error.detail == f"{permanent.id} ({permanent.card_name}) has no activated ability":
                continue
            if " activated abilities; choose one with --ability " not in error.detail:
                raise
            answers = [pysolver.can_activate(board, permanent.id, ability.number)
                       for ability in pysolver.api.activated_abilities(board, permanent.id)]
        for answer in answers:
            out[f"{permanent.id}/{answer.ability}"] = [answer.can_activate, list(answer.reasons)]
    return out


def available_all(data):
    board = pysolver.board_from_data(data)
    return {p: pysolver.available(board, p).to_json() for p in PLAYERS}


def turn_all(data):
    return [s.to_json() for s in pysolver.turn(pysolver.board_from_data(data))]


def outcomes_all(data):
    return [o.to_json() for o in pysolver.outcomes(pysolver.board_from_data(data)).outcomes]


@SETTINGS
@given(data=boards(), seed=st.integers(0, 1000))
def test_can_activate_ignores_order_and_ids(data, seed):
    original = can_activate_all(data)
    assert can_activate_all(shuffled(data, seed)) == original
    assert can_activate_all(renamed(data)) == rename_text(original)


@SETTINGS
@given(data=boards(), seed=st.integers(0, 1000))
def test_available_ignores_order_and_ids(data, seed):
    original = available_all(data)
    assert available_all(shuffled(data, seed)) == original
    assert available_all(renamed(data)) == original


@SETTINGS
@given(data=boards(cards=TURN_CARDS, step="upkeep"), seed=st.integers(0, 1000))
def test_turn_ignores_order_and_ids(data, seed):
    original = turn_all(data)
    assert turn_all(shuffled(data, seed)) == original
    # Triggers are listed by source id, so compare each step's triggers as a multiset.
    def loose(steps):
        return [(s["step"], s["additional"], sorted((t["card"], t["text"]) for t in s["triggers"]))
                for s in steps]
    assert loose(turn_all(renamed(data))) == loose(original)


def mana_all(data):
    """Every mana ability of every permanent, activated: the JSON answers (full) and the
    ability listings with the canonical outcomes (loose: what doesn't depend on one witness),
    from one run of each query."""
    board = pysolver.board_from_data(data)
    full, loose = {}, {}
    for permanent in board.battlefield:
        try:
            first = pysolver.mana_outcomes(board, permanent.id, 1)
        except pysolver.QueryError:  # no mana ability now
            full[permanent.id] = loose[permanent.id] = None
            continue
        for ability in first.abilities:
            result = first if ability.index == first.ability.index else pysolver.mana_outcomes(
                board, permanent.id, ability.index)
            key = f"{permanent.id}/{ability.index}"
            full[key] = result.to_json()
            loose[key] = [ability.to_json(), list(result.cannot_activate), result.canonical()]
    return full, loose


MANA_PROPERTY_CARDS = MANA_CARDS + ["Contamination", "Overabundance", "Mana Flare", "Heartbeat of Spring",
                                    "Spire of Industry", "Cavern of Souls"]


@SETTINGS
@given(data=boards(cards=MANA_PROPERTY_CARDS), seed=st.integers(0, 1000))
def test_mana_ignores_order_and_ids(data, seed):
    original, original_loose = mana_all(data)
    assert mana_all(shuffled(data, seed))[0] == original
    # A witness is one path among equals, picked by name: compare what doesn't depend on it.
    assert mana_all(renamed(data))[1] == rename_text(original_loose)


aim = st.fixed_dictionaries({}, optional={"counters": st.just({"aim": 1})})


@SETTINGS
@given(data=boards(cards=["Haphazard Bombardment", "Grizzly Bears", "Forest", "Darksteel Myr"],
                   step="end", extra=aim), seed=st.integers(0, 1000))
def test_outcomes_ignore_order_and_ids(data, seed):
    original = outcomes_all(data)
    # The outcomes that follow from each set of choices have probabilities summing to exactly 1.
    sums = {}
    for outcome in original:
        key = json.dumps(outcome["choices"], sort_keys=True)  # choices are data (issue 14)
        sums[key] = sums.get(key, Fraction(0)) + Fraction(outcome["probability"])
    assert all(total == 1 for total in sums.values())
    assert outcomes_all(shuffled(data, seed)) == original
    again = outcomes_all(renamed(data))
    # Events name ids; renaming can reorder outcomes sorted by their text.
    def key(o):
        return json.dumps(o, sort_keys=True)

    assert sorted(again, key=key) == sorted(rename_text(original), key=key)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=boards(cards=MANA_CARDS + ["Haphazard Bombardment", "Paradox Haze", "Verdant Force"],
                   step="end", extra=aim))
def test_repeating_each_query_gives_identical_bytes(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("board") / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    commands = [["turn"], ["outcomes"], ["available", "A"], ["available", "B", "--explain"],
                ["can-activate", "p0", "--ability", "1"], ["can-activate", "p0", "--ability", "1", "--explain"],
                ["mana", "p0", "--ability", "1"], ["mana", "p0", "--ability", "1", "--explain"]]
    for command in commands:
        args = [command[0], str(path), *command[1:]]
        for flags in ([], ["--json"]):
            first, second = (CliRunner().invoke(main, args + flags) for _ in range(2))
            assert first.exit_code == second.exit_code
            assert first.stdout_bytes == second.stdout_bytes
            assert first.stderr_bytes == second.stderr_bytes
