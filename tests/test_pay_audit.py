"""Session 50's audit of `pay` (issue 13): boards that stress the seams of every way to pay, each answer
checked by hand against the CR; a case here failed before the fix it names."""

from __future__ import annotations

import pysolver
from pysolver.query.payment import pay


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
