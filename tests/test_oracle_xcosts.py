"""Costs whose X the player announces (CR 107.3a, 601.2b, 602.2b): the compiler's forms
("Sacrifice X Goats", "Tap X untapped artifacts you control", "Remove X counters from ~ and
exile it"), what the rules refuse, and the limit on the sets a "Sacrifice X" cost can
choose.  The ruling cases are tests/cases/oracle/x-costs.yaml."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import pysolver
from pysolver import solver
from pysolver.cards.oracle import compile_card
from pysolver.query import mana as mana_query

FIXTURES = Path(__file__).parent / "fixtures" / "cards"
COMPILED = FIXTURES / "compiled-xcosts.yaml"
GOATS = FIXTURES / "goats.yaml"


def costs_of(text: str) -> list:
    result = compile_card("Test Card", text, "Artifact")
    assert (result.status, result.problems, result.ignored) == ("ok", [], [])
    (ability,) = result.card["abilities"]
    return next(iter(ability.values()))["cost"]


@pytest.mark.parametrize("text, costs", [
    ("{T}, Sacrifice X Goats: Add X mana of any one color.",
     ["{T}", {"sacrifice_x": {"subtypes": ["Goat"]}}]),
    ("{B}, Sacrifice X other creatures: Target creature gets -X/-X until end of turn.",
     ["{B}", {"sacrifice_x": {"types": ["Creature"], "other": True}}]),
    ("{2}, {T}, Tap X untapped artifacts you control: Target creature gets +X/+0 until end of turn.",
     ["{2}", "{T}", {"tap_untapped": {"count": "X", "filter": {"types": ["Artifact"]}}}]),
    ("{B}, {T}, Tap X untapped Knights you control: Destroy target creature with power X or less.",
     ["{B}", "{T}", {"tap_untapped": {"count": "X", "filter": {"subtypes": ["Knight"]}}}]),
    ("{T}, Remove X time counters from ~ and exile it: Return each nonland permanent card with mana "
     "value X from your graveyard to the battlefield.",
     ["{T}", {"remove_counters": {"kind": "time", "count": "X"}}, {"text": "Exile ~"}]),
])
def test_costs_that_announce_x(text, costs):
    assert costs_of(text) == costs


@pytest.mark.parametrize("text, status, why", [
    # CR 107.3a: a least X the legality rules don't read (they take X = 0).
    ("{2}{B}, Sacrifice X artifacts: Return target creature card with power X or less from your "
     "graveyard to the battlefield. X can't be 0.", "partial",
     ["{2}{B}, Sacrifice X artifacts: Return target creature card with power X or less from your "
      "graveyard to the battlefield."]),
    ("{T}, Tap X untapped artifacts you control: Add X mana of any one color.", "unsupported",
     ["line 1: can't compile the cost '{T}, Tap X untapped artifacts you control' in a mana ability "
      "(only X counters removed or X permanents sacrificed)"]),
    ("{T}, Sacrifice X Goats, Remove X charge counters from ~: Add X mana of any one color.", "unsupported",
     ["line 1: can't compile the cost '{T}, Sacrifice X Goats, Remove X charge counters from ~' (more "
      "than one item announces X)"]),
])
def test_x_costs_the_rules_do_not_read_are_not_compiled(text, status, why):
    result = compile_card("Test Card", text, "Artifact")
    assert result.status == status
    assert (result.problems if status == "unsupported" else result.ignored) == why


def test_the_python_limit_is_the_rules_limit():
    rules = solver.encoding_file("mana_activation.lp").read_text("utf-8")  # as installed
    assert re.search(r"#const max_sacrifice_x = (\d+)\.", rules).group(1) == str(mana_query.MAX_SACRIFICE_X)


def goats(count: int):
    return pysolver.board_from_data({"Alice": ["Springjack Pasture"] + ["Test Goat"] * count, "Bob": []},
                                    [COMPILED, GOATS])


def test_too_many_sets_to_sacrifice_is_refused():
    board = goats(mana_query.MAX_SACRIFICE_X + 1)
    with pytest.raises(pysolver.LimitExceeded) as refused:
        pysolver.mana_outcomes(board, "springjack-pasture", 3)
    assert refused.value.detail == (
        "incomplete: ability 3 of springjack-pasture may sacrifice any set of the 11 permanents that fit "
        "its cost: 2,048 sets, more than the 1,024 enumerated (CR 107.3a)")
    with pytest.raises(pysolver.LimitExceeded) as refused:
        pysolver.available(board, "Alice")
    assert "2,048 sets" in refused.value.detail


def test_each_x_up_to_the_limit_is_a_result():
    """Three Goats: X = 0 once, and for each other X every set of X Goats with five colors."""
    outcomes = pysolver.mana_outcomes(goats(3), "springjack-pasture", 3).outcomes
    by_x: dict[int, set] = {}
    for outcome in outcomes:
        sacrificed = frozenset(e for e in outcome.effects if e.startswith("sacrifice "))
        by_x.setdefault(sum(n for _, n in outcome.mana), set()).add((sacrificed, outcome.mana))
        assert len(sacrificed) == sum(n for _, n in outcome.mana)
    assert {x: len(found) for x, found in by_x.items()} == {0: 1, 1: 3 * 5, 2: 3 * 5, 3: 1 * 5}


def test_exile_as_a_cost_is_refused_by_can_activate():
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "glass", "card": "Hourglass of the Lost", "controller": "Alice",
                         "counters": {"time": 2}}]}, [COMPILED])
    with pytest.raises(pysolver.QueryError) as refused:
        pysolver.can_activate(board, "glass", 2)
    assert refused.value.detail == ("glass (Hourglass of the Lost) ability 2: the cost 'Exile ~' is not "
                                    "modelled, so whether it can be paid is unknown")


def test_a_hand_written_mana_ability_that_taps_x_is_refused(tmp_path):
    cards = tmp_path / "cards.yaml"
    cards.write_text(yaml.safe_dump({"format": "pysolver-cards/1", "cards": [{
        "name": "Test Tapper", "types": ["Artifact"], "abilities": [{"mana": {
            "cost": ["{T}", {"tap_untapped": {"count": "X", "filter": {"types": ["Artifact"]}}}],
            "add": {"mana": "{C}"}}}]}]}))
    board = pysolver.board_from_data({"Alice": ["Test Tapper"], "Bob": []}, [cards])
    with pytest.raises(pysolver.CardError) as refused:
        pysolver.could_produce(board)
    assert "\"Tap X untapped ...\" in its cost: no query models the X tapped for mana (CR 107.3a)" \
        in str(refused.value)


@pytest.mark.parametrize("text, amount", [
    ("{T}, Sacrifice a black or artifact creature: Add an amount of {B} equal to the sacrificed creature's "
     "mana value.", {"sacrificed": "mana_value"}),
    ("{T}, Sacrifice a creature: Add an amount of {G} equal to the sacrificed creature's power.",
     {"sacrificed": "power"}),
])
def test_amounts_read_from_the_sacrificed_permanent(text, amount):
    result = compile_card("Test Card", text, "Creature — Test")
    assert (result.status, result.problems) == ("ok", [])
    (ability,) = result.card["abilities"]
    assert ability["mana"]["add"]["amount"] == amount


def test_an_amount_of_a_sacrificed_permanent_needs_one_sacrificed():
    result = compile_card("Test Card", "{T}: Add an amount of {B} equal to the sacrificed creature's mana value.",
                          "Creature — Test")
    assert result.problems == ["line 1: can't compile the amount 'the sacrificed creature's mana value' (it "
                               "depends on which permanent the cost sacrifices; no amount form reads it)"]
