"""CR 602.5b: an ability with "Activate only once each turn" (or twice, ...) is activated
within one sequence only as often as its limit less the board's count (``activated:``),
and a board's count is checked (issue 11)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import api

CARDS = Path(__file__).parent / "cases" / "activation" / "test-cards.yml"
SCARECROW = {"card": "Test Once-Each-Turn Scarecrow", "controller": "Alice"}
BOARD = {"players": ["Alice", "Bob"],
         "battlefield": [{"card": "Forest", "controller": "Alice"}, {"card": "Forest", "controller": "Alice"},
                         SCARECROW]}


def test_available_activates_a_once_each_turn_ability_once():
    """Before: refused (exit 3).  {1} paid once by a Forest: {G}{Any}, never {Any}{Any}."""
    board = pysolver.board_from_data(BOARD, [CARDS])
    assert [str(p) for p in pysolver.available(board, "Alice").pools] == ["{G}{Any}"]


def test_a_limited_ability_that_taps_is_searched():
    """{T} can be paid once in any sequence, so the limit changes nothing: no refusal."""
    data = {**BOARD, "battlefield": BOARD["battlefield"][:2] + [
        {"card": "Test Once-Each-Turn Stone", "controller": "Alice"}]}
    board = pysolver.board_from_data(data, [CARDS])
    assert [str(p) for p in pysolver.available(board, "Alice").pools] == ["{G}{G}{C}"]


@pytest.mark.parametrize("activated, message", [
    ({"2": 0}, "2 is not one of Test Once-Each-Turn Scarecrow's printed activated abilities (1 to 1)"),
    ({"1": 2}, "Test Once-Each-Turn Scarecrow's ability 1 can be activated at most 1 time each turn "
             "(CR 602.5b), not 2"),
    ({"1": -1}, "Test Once-Each-Turn Scarecrow's ability 1 can be activated at most 1 time each turn "
              "(CR 602.5b), not -1"),
])
def test_a_count_out_of_range_is_refused(activated, message):
    data = {**BOARD, "battlefield": BOARD["battlefield"][:2] + [{**SCARECROW, "activated": activated}]}
    with pytest.raises(pysolver.BoardError) as error:
        pysolver.board_from_data(data, [CARDS])
    assert str(error.value) == f"<board>: battlefield[2].activated: {message}"


def test_an_ability_without_a_limit_is_refused():
    data = {**BOARD, "battlefield": [{"card": "Test Once-Each-Turn Stone", "controller": "Alice"}]}
    data["battlefield"][0]["activated"] = {"1": 1}
    pysolver.board_from_data(data, [CARDS])  # the Stone's ability is limited: accepted
    data = {**BOARD, "battlefield": [{"card": "Forest", "controller": "Alice", "activated": {"1": 0}}]}
    with pytest.raises(pysolver.BoardError) as error:
        pysolver.board_from_data(data, [CARDS])
    assert str(error.value) == ("<board>: battlefield[0].activated: 1 is not one of Forest's printed "
                                "activated abilities (it has none)")


def _after(data: dict, words: list[str]) -> dict[str, dict]:
    from pysolver.next_state import next_states, parse_actions
    board = pysolver.board_from_data(data, [CARDS])
    result, = next_states(board, parse_actions(words))
    return {p["id"]: p.get("activated", {}) for p in result.board["battlefield"]}


@pytest.mark.parametrize("card, kept", [("Test Once-Each-Turn Stone", {}), ("Test Once-Only Stone", {"1": 1})])
def test_next_counts_an_activation_and_a_new_turn_resets_each_turn_limits(card, kept):
    """`next activate` records the activation; `pass` into Bob's turn forgets an "each turn"
    count (CR 602.5b) but keeps an "only once" one."""
    data = {"players": ["Alice", {"name": "Bob", "library": ["Forest"]}],
            "turn": {"active": "Alice", "step": "end"},
            "battlefield": [{"id": "stone", "card": card, "controller": "Alice"}]}
    assert _after(data, ["activate", "stone"]) == {"stone": {"1": 1}}
    assert _after(data, ["activate", "stone", "pass", "pass"]) == {"stone": kept}


# An ability granted by another object (CR 613.1f) has no number a count can be kept under:
# the granted abilities are numbered after the printed ones by the granting objects'
# timestamps, so a number moves to another ability when a granting object leaves.
GRANTED = {"players": ["Alice", "Bob"],
           "battlefield": [{"card": "Forest", "controller": "Alice"},
                           {"card": "Test Once-Each-Turn Pyre", "controller": "Alice"},
                           {"card": "Test Once-Each-Turn Banner", "controller": "Alice"},
                           {"id": "elves", "card": "Llanowar Elves", "controller": "Alice"}]}
UNRECORDED = ("<board>: incomplete: elves's mana ability 3 says 'Activate only once each turn.', and the "
              "board records the activations of printed abilities only (CR 602.5b)")


@pytest.mark.parametrize("query", ["can-activate", "mana"])
def test_a_granted_limited_ability_is_refused(query):
    """Before: can-activate said yes and mana listed five colors, as if it was not activated this
    turn; the board can't say it was (its {T} may have been untapped since).  Now refused (exit 3),
    with the words available, pay and next use."""
    board = pysolver.board_from_data(GRANTED, [CARDS])
    with pytest.raises(pysolver.LimitExceeded) as error:
        api.ask(query, board, permanent="elves", ability=3)
    assert str(error.value) == UNRECORDED


@pytest.mark.parametrize("query, args", [("available", {"player": "Alice"}),
                                         ("pay", {"player": "Alice", "cost": "{G}"}),
                                         ("next", {"actions": ["activate", "elves", "3"]})])
def test_every_query_refuses_a_granted_limited_ability_the_same_way(query, args):
    """available and pay (before: they answered, the {T} taken to make the count moot) and next."""
    board = pysolver.board_from_data(GRANTED, [CARDS])
    with pytest.raises(pysolver.LimitExceeded) as error:
        api.ask(query, board, **args)
    assert str(error.value).replace("action 1 (activate elves 3): ", "") == UNRECORDED


def test_a_granted_limited_ability_that_sacrifices_its_source_is_answered():
    """"Sacrifice this creature": on the battlefield, it was never activated; no count needed."""
    board = pysolver.board_from_data(GRANTED, [CARDS])
    assert api.ask("can-activate", board, permanent="elves", ability=2).can_activate
    assert api.ask("mana", board, permanent="elves", ability=2).canonical() == [
        {"mana": "{R}{R}", "effects": ["sacrifice elves"]}]


def test_next_activates_a_granted_limited_ability_that_sacrifices_its_source():
    """Before: next refused it (no count to record); the source is sacrificed, nothing to count."""
    data = {**GRANTED, "battlefield": [p for p in GRANTED["battlefield"] if "Banner" not in p["card"]]}
    results = api.ask("next", pysolver.board_from_data(data, [CARDS]), actions=["activate", "elves", "2"])
    assert [r.choices for r in results] == [("Alice sacrifices elves, leaves {R}{R} in the pool",),
                                            ("Alice taps forest, sacrifices elves, leaves {R}{R} in the pool",)]
