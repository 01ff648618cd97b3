"""The world rule (CR 704.5k) in `pysolver next`'s state-based actions (asp/state_based.lp): of the
permanents with the world supertype, the newest by timestamp stays, a tie sends all of them.  The
ruling cases are tests/cases/next/world-rule.yaml."""

from __future__ import annotations

from pathlib import Path


import pysolver
from pysolver.query import QUERIES


CASES = Path(__file__).parent / "cases" / "next"
CARDS = CASES / "world-rule.yml"


def test_a_world_copy_counts_from_its_timestamp():
    """A permanent that is a copy of a world card has the world supertype (CR 707.2) and the
    world rule reads it: the Crossroads that came later stays, whichever is the copy."""
    data = {"players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
            "battlefield": [{"id": "night", "card": "Winter's Night", "controller": "Alice", "timestamp": 2},
                            {"id": "copy", "card": "Forest", "copy_of": "Concordant Crossroads",
                             "controller": "Bob", "timestamp": 1}]}
    board = pysolver.board_from_data(data, [CARDS])
    assert QUERIES["next"](board, actions=["check"]) == [
        {"probability": "1", "events": ["put into the graveyard: copy (world rule, CR 704.5k)"]}]
