"""A mana ability with a cost the rules don't model, kept as text ("Pay {E}", "Mill a card", "Put a -0/-1
counter on this creature", "Collect evidence 3"): `mana` answered as if it were paid, with no effect beside
the mana, whether or not it could be (CR 602.2b, 601.2h: an ability is activated only if its costs are
paid; paying them is part of the result).  Like can-activate, it now refuses the ability, unless another
of its costs or restrictions already says it can't be activated (the answer is no without it)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.errors import QueryError

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-text-costs.yaml"


def _board(**rock):
    return pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "rock", "card": "Test Rock", "controller": "Alice", **rock},
        {"id": "wall", "card": "Wall of Roots", "controller": "Alice"}]}, [CARDS])


@pytest.mark.parametrize("permanent, card, cost", [
    ("rock", "Test Rock", "Remove a counter from ~"),
    ("wall", "Wall of Roots", "Put a -0/-1 counter on ~"),
])
def test_mana_refuses_a_cost_it_does_not_model(permanent, card, cost):
    with pytest.raises(QueryError) as caught:
        pysolver.mana_outcomes(_board(), permanent)
    assert str(caught.value) == (
        f"<board>: PERMANENT: {permanent} ({card}) ability 1: the cost {cost!r} is not modelled, so whether "
        "it can be activated now, and what activating it pays, are unknown (CR 601.2f, 602.2b)")


def test_an_ability_that_cannot_be_activated_anyway_says_so():
    result = pysolver.mana_outcomes(_board(tapped=True), "rock")
    assert (result.cannot_activate, result.outcomes) == (
        ("107.5: Test Rock is tapped, so {T} can't be paid",), ())
