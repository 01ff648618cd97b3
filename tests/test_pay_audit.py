"""Session 50's audit of `pay` (issue 13): boards that stress the seams of every way to pay, each answer
checked by hand against the CR; a case here failed before the fix it names."""

from __future__ import annotations

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import LimitExceeded
from pysolver.query.payment import pay

from helpers import write_inputs


def ways(board_text: str, cost: str, **kw) -> set[tuple[tuple[str, ...], str, int]]:
    board = pysolver.board_from_data(__import__("yaml").safe_load(board_text))
    result = pay(board, "Alice", cost, **kw)
    return {(tuple(a.perm for a in w.activations), w.paid, w.life) for w in result.ways}


def test_a_phyrexian_symbol_paid_with_mana_is_a_way_beside_its_life():
    """CR 107.4f, 119.4: {G/P} is paid with {G} or with 2 life. Tapping the Forest is no redundant activation
    of the way that pays 2 life: leaving it out pays more life. Before, only the 2 life way was listed."""
    assert ways("Alice: [Forest]\nBob: []\n", "{G/P}") == {
        ((), "2 life", 2),
        (("forest",), "{G} with {G} from forest", 0)}


def test_the_ways_of_a_phyrexian_symbol_with_generic_mana():
    """{1}{G/P} with two Forests: one Forest and 2 life (either Forest), or both and no life."""
    assert ways("Alice: [Forest, Forest]\nBob: []\n", "{1}{G/P}") == {
        (("forest",), "2 life, {1} with {G} from forest", 2),
        (("forest-2",), "2 life, {1} with {G} from forest-2", 2),
        (("forest", "forest-2"), "{1} with {G} from forest-2, {G} with {G} from forest", 0),
        (("forest", "forest-2"), "{1} with {G} from forest, {G} with {G} from forest-2", 0)}


def test_a_cost_judged_by_power_is_refused_where_a_tap_changes_power(tmp_path):
    """CR 110.5, 611.3a, 613.4c: "Tapped creatures you control get +2/+0" makes the Elves tapped for mana a 3/1, which
    "Sacrifice a creature with power 3 or greater" may then sacrifice; the search grounds the permanents untapped, so
    it refuses rather than judge the 1/1 (before, any power bound was refused as a filter not modelled)."""
    banner = compile_card("Test Banner", "Tapped creatures you control get +2/+0.", "Enchantment").card
    _, cards = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [banner]})
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": "Test Banner", "controller": "Alice"}, {"card": "Llanowar Elves", "controller": "Alice"},
        {"card": "Forest", "controller": "Alice"}]}, [cards])
    with pytest.raises(LimitExceeded, match=r"a cost judged by power or toughness \(creature with power 3 or greater\) "
                                            r"on a board where a static ability reads whether permanents are tapped"):
        pay(board, "Alice", "{1}, Sacrifice a creature with power 3 or greater")
