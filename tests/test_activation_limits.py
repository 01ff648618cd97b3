"""CR 602.5b: an ability with "Activate only once each turn" (or twice, ...) that the payment
search could activate again is refused, never activated past its limit (issue 11)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver

CARDS = Path(__file__).parent / "cases" / "activation" / "test-cards.yml"
BOARD = {"players": ["Alice", "Bob"],
         "battlefield": [{"card": "Forest", "controller": "Alice"}, {"card": "Forest", "controller": "Alice"},
                         {"card": "Test Once-Each-Turn Scarecrow", "controller": "Alice"}]}


def test_available_refuses_an_ability_it_could_activate_twice():
    """Before: {Any}{Any}, two activations of an ability that may be activated once a turn."""
    board = pysolver.board_from_data(BOARD, [CARDS])
    with pytest.raises(pysolver.LimitExceeded) as error:
        pysolver.available(board, "Alice")
    assert str(error.value) == ("<board>: incomplete: test-once-each-turn-scarecrow's mana ability 1 says "
                                "'Activate only once each turn.', and the payment search doesn't count "
                                "activations (CR 602.5b)")


def test_a_limited_ability_that_taps_is_searched():
    """{T} can be paid once in any sequence, so the limit changes nothing: no refusal."""
    data = {**BOARD, "battlefield": BOARD["battlefield"][:2] + [
        {"card": "Test Once-Each-Turn Stone", "controller": "Alice"}]}
    board = pysolver.board_from_data(data, [CARDS])
    assert [str(p) for p in pysolver.available(board, "Alice").pools] == ["{G}{G}{C}"]
