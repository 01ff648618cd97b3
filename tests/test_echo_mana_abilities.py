"""CR 605.3a: a player asked to pay echo (702.30a) or cumulative upkeep (702.24a) as it resolves may
activate mana abilities to pay it.  next pays it from the mana pool only, so it refuses a board where a
way to pay activates one.  Before, it answered the Troll sacrificed as the only outcome while two
untapped Forests could pay its echo."""

from __future__ import annotations

import pysolver
from pysolver import api

TROLL = {"id": "troll", "card": "Albino Troll", "controller": "A", "entered": {"turn": 3, "step": "end"}}
FORCES = {"id": "forces", "card": "Illusionary Forces", "controller": "A", "counters": {"age": 1}}


def _board(pool: str, lands: list[tuple[str, dict]], permanent: dict = TROLL, ability: str = "echo") -> pysolver.Board:
    """A's upkeep with the permanent's echo or cumulative upkeep trigger on the stack."""
    return pysolver.board_from_data({
        "players": [{"name": "A", "mana_pool": pool}, "B"],
        "turn": {"number": 5, "active": "A", "step": "upkeep"},
        "battlefield": [permanent] + [{"card": card, "controller": "A", **more} for card, more in lands],
        "stack": [{"card": permanent["card"], "controller": "A", "source": permanent["id"], "ability": ability}]})


def _refusal(board) -> str:
    try:
        api.next_states(board, ["resolve"])
    except pysolver.PysolverError as error:
        return str(error)
    return "answered"


def test_echo_payable_by_tapping_forests_is_refused():
    board = _board("", [("Forest", {}), ("Forest", {})])
    assert _refusal(board) == (
        "<board>: stack[0]: resolve: albino-troll: A may pay its echo cost {1}{G} by activating mana abilities as "
        "it resolves (CR 605.3a), which next doesn't do (it pays from the mana pool): give the board with that "
        "mana in the pool")


def test_cumulative_upkeep_payable_by_an_island_is_refused():
    board = _board("{U}", [("Island", {})], FORCES, "cumulative_upkeep")
    assert _refusal(board) == (
        "<board>: stack[0]: resolve: illusionary-forces: A may pay its cumulative upkeep cost {U}{U} by activating "
        "mana abilities as it resolves (CR 605.3a), which next doesn't do (it pays from the mana pool): give the "
        "board with that mana in the pool")


def test_echo_paid_from_the_pool_when_no_mana_ability_can_help():
    board = _board("{G}{G}", [("Forest", {"tapped": True})])
    results = api.next_states(board, ["resolve"])
    assert sorted(r.choices for r in results) == [("A doesn't pay the echo cost of troll",),
                                                  ("A pays the echo cost of troll",)]
