"""Mana abilities whose mana is left to chance or to other players (issue 13; CR 705, 608.2d):
the compiler's forms (pysolver/cards/oracle_chance.py), the fixture
tests/fixtures/cards/compiled-chance.yaml is exactly what it makes (its boards:
tests/cases/oracle/mana-chance.yaml), and the searches over mana abilities refuse to count on
such mana."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import LimitExceeded
from pysolver.query.payment import pay

FIXTURE = Path(__file__).parent / "fixtures" / "cards" / "compiled-chance.yaml"
CARDS = [str(FIXTURE)]


def mana_of(text: str, type_line: str = "Artifact") -> dict:
    result = compile_card("Test Card", text, type_line)
    assert (result.status, result.problems) == ("ok", []), result.problems
    (ability,) = [a["mana"] for a in result.card["abilities"] if "mana" in a]
    return ability


@pytest.mark.parametrize("text, add, left_open", [
    ("{1}: Flip a coin. If you win the flip, add {C}{C}.", {"mana": "{C}{C}"}, {"chance": {"coin": "win"}}),
    ("{T}: Flip a coin. If you lose the flip, add one mana of any color.", {"one_of": "any_color"},
     {"chance": {"coin": "lose"}}),
    ("{T}: Add {R} unless any player pays {1}.", {"mana": "{R}"},
     {"unless_paid": {"by": "any", "cost": "{1}"}}),
    ("{T}: Add {G}{G} unless an opponent pays {2}.", {"mana": "{G}{G}"},
     {"unless_paid": {"by": "opponent", "cost": "{2}"}}),
    ("{T}: Choose a color. Add one mana of that color unless any player pays {1}.", {"one_of": "any_color"},
     {"unless_paid": {"by": "any", "cost": "{1}"}}),
])
def test_the_forms_compile(text, add, left_open):
    ability = mana_of(text)
    assert ability["add"] == add
    assert {k: ability[k] for k in ("chance", "unless_paid") if k in ability} == left_open


@pytest.mark.parametrize("text, reason", [
    ("{T}, Sacrifice a land: Flip a coin. If you win the flip, add {C}{C}.",
     "line 1: can't compile a cost with a choice in a mana ability whose mana is left open "
     "'{T}, Sacrifice a land: Flip a coin. If you win the flip, add {C}{C}.'"),
    ("{T}: Flip a coin. If you win the flip, draw a card.", None),
    ("{T}: Roll a d20. If you roll 10 or higher, add {C}{C}.",
     "line 1: can't compile 'Roll a d20' in a mana ability: what it adds is left to chance (CR 706), "
     "which no query models"),
])
def test_what_the_forms_leave_out_is_refused(text, reason):
    result = compile_card("Test Card", text, "Artifact")
    if reason is None:  # no mana: not a mana ability, an activated ability kept as text
        assert "mana" not in str(result.card.get("abilities", []))
        return
    assert (result.status, result.problems) == ("unsupported", [reason])


def test_mana_lists_each_flip_result_with_its_probability(load):
    board = load("Alice: [Mana Screw, Forest]\nBob: []\n", CARDS)
    result = pysolver.mana_outcomes(board, "mana-screw")
    assert [(o.symbols, o.probability) for o in result.outcomes] == [
        ("", Fraction(1, 2)), ("{C}{C}", Fraction(1, 2))]
    assert [str(step) for step in result.outcomes[0].witness] == [
        "activate it and flip a coin: you lose the flip (probability 1/2): it adds no mana on this "
        "result  [CR 602.2, 705.1]"]


def test_mana_without_chance_has_no_probability(load):
    board = load("Alice: [Rhystic Cave]\nBob: [Forest]\n", CARDS)
    result = pysolver.mana_outcomes(board, "rhystic-cave")
    assert {o.probability for o in result.outcomes} == {None}
    assert [str(s) for s in result.outcomes[0].witness] == [
        "activate it: a player pays what it asks, so it adds no mana  [CR 602.2, 608.2d]"]


def test_the_mana_table_shows_the_probability_column(cli, board_file):
    path = board_file("Alice: [Mana Screw, Forest]\nBob: []\n")
    code, out, err = cli("mana", path, "mana-screw", "--cards", FIXTURE)
    assert (code, err) == (0, "")
    assert out.splitlines()[1:] == ["PROBABILITY  MANA     EFFECTS",
                                    "1/2          nothing  -",
                                    "1/2          {C}{C}   -"]


REFUSED = "the mana of {} depends on {}, which the search over mana abilities can't count on"


@pytest.mark.parametrize("board, culprit", [
    ("Alice: [Mana Screw, Forest]\nBob: [Forest]\n", ("mana-screw's ability 1", "a coin flip (CR 705)")),
    ("Alice: [Rhystic Cave, Forest]\nBob: [Forest]\n",
     ("rhystic-cave's ability 1", "whether a player pays {1} (CR 608.2d)")),
])
def test_available_and_pay_refuse_mana_left_open(load, board, culprit):
    loaded = load(board, CARDS)
    message = "incomplete: " + REFUSED.format(*culprit)
    with pytest.raises(LimitExceeded) as available:
        pysolver.available(loaded, "Alice")
    with pytest.raises(LimitExceeded) as paid:
        pay(loaded, "Alice", "{1}")
    assert available.value.detail == paid.value.detail == message


def test_a_tapped_source_of_such_mana_is_no_obstacle(load):
    board = load("""
        battlefield:
        - {card: Rhystic Cave, controller: Alice, tapped: true}
        - {card: Forest, controller: Alice}
        players: [Alice, Bob]
        """, CARDS)
    assert [str(p) for p in pysolver.available(board, "Alice").pools] == ["{G}"]


def test_can_activate_says_yes_without_the_open_mana_and_refuses_a_no(load):
    paid = load("""
        players: [{name: Alice, mana_pool: "{R}"}, {name: Bob}]
        battlefield:
        - {card: Mana Screw, controller: Alice}
        """, CARDS)
    assert pysolver.can_activate(paid, "mana-screw").can_activate is True
    unpaid = load("Alice: [Mana Screw, Rhystic Cave]\nBob: [Forest]\n", CARDS)
    with pytest.raises(LimitExceeded) as refused:
        pysolver.can_activate(unpaid, "mana-screw")
    assert refused.value.detail == "incomplete: " + REFUSED.format("mana-screw's ability 1",
                                                                   "a coin flip (CR 705)")
