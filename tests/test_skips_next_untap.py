"""A permanent that doesn't untap during its controller's next untap step (CR 502.3): exerted (701.39a), tapped by
Tranquil Garden's own ability ("~ doesn't untap during your next untap step"), or by an effect. A board couldn't say
so: `next` untapped a tapped Tranquil Garden in its controller's untap step whichever ability had tapped it. The
board's `skips_next_untap` states it; `next` keeps the permanent tapped in that step (the first of its controller's
that isn't skipped, 614.10a) and drops the field."""

from __future__ import annotations

import pysolver
from pysolver.api import next_states


def board(held: bool) -> pysolver.Board:
    return pysolver.board_from_data({
        "players": [{"name": "Alice", "library": ["Forest"]}, {"name": "Bob", "library": ["Forest"]}],
        "turn": {"number": 4, "active": "Bob", "step": "end"},
        "battlefield": [
            {"id": "forest", "card": "Forest", "controller": "Alice", "tapped": True, "skips_next_untap": held},
            {"id": "bobs", "card": "Forest", "controller": "Bob", "tapped": True, "skips_next_untap": True}]})


def battlefield(result) -> dict[str, dict]:
    return {p["id"]: p for p in result.board["battlefield"]}


def test_it_stays_tapped_in_its_controllers_next_untap_step_only():
    (result,) = next_states(board(True), ["pass", "pass"])
    assert "forest doesn't untap: it is its controller's next untap step (CR 502.3, 701.39a)" in result.events
    assert battlefield(result)["forest"] == {"id": "forest", "card": "Forest", "controller": "Alice", "tapped": True,
                                             "timestamp": 1}
    # Bob's untap step hasn't come: his Forest keeps it
    assert battlefield(result)["bobs"]["skips_next_untap"] is True


def test_without_it_the_untap_step_untaps_it():
    (result,) = next_states(board(False), ["pass", "pass"])
    assert "untap forest (CR 502.3)" in result.events
    assert "tapped" not in battlefield(result)["forest"]
