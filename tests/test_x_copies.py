"""`x` and `next` on a spell that may enter as a copy (CR 707.5, 614.1c): what x says the spell
resolves into is what next's resolution gives, or x refuses.  The cards are
tests/cases/next/copy-counters.yml's (Altered Ego's and Spark Double's Oracle text)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.errors import QueryError

CARDS = Path(__file__).parent / "cases" / "next" / "copy-counters.yml"


def _board(stack: dict, battlefield: list[dict]):
    return pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": battlefield, "stack": [stack]}, [CARDS])


def test_copy_exception_counters_refused_by_x_applied_by_next():
    """Test Ego cast with X 2 entering as a copy of Grizzly Bears enters with two +1/+1 counters by its
    copy's exception (707.9e, 107.3m): x said it entered with none."""
    board = _board({"id": "ego", "card": "Test Ego", "controller": "Alice", "x": 2, "enters_as_copy_of": "bears"},
                   [{"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}])
    with pytest.raises(QueryError) as error:
        pysolver.x_value(board, "ego")
    assert str(error.value).endswith(
        "ego (Test Ego) enters as a copy with more counters by its copy's exception (CR 707.9e, 707.9f), which x "
        "doesn't judge; pysolver next ... resolve applies it")
    done, = pysolver.api.next_states(board, ["resolve"])
    ego = next(p for p in done.board["battlefield"] if p["id"] == "ego")
    assert (ego["copy_of"], ego["x"], ego["counters"]) == ("Grizzly Bears", 2, {"+1/+1": 2})


def test_copy_exception_counters_of_a_card_without_x_copying_one_with_x():
    """Test Double (no X) entering as a copy of Endless One: x answers for the copy's X (0, 107.3m) but its
    exception adds a +1/+1 counter (707.9f: it is a creature), which x left out."""
    board = _board({"id": "double", "card": "Test Double", "controller": "Alice", "enters_as_copy_of": "one"},
                   [{"id": "one", "card": "Endless One", "controller": "Alice", "x": 1, "counters": {"+1/+1": 1}}])
    with pytest.raises(QueryError) as error:
        pysolver.x_value(board, "double")
    assert str(error.value).endswith(
        "double (Test Double) enters as a copy with more counters by its copy's exception (CR 707.9e, 707.9f), "
        "which x doesn't judge; pysolver next ... resolve applies it")


def test_copy_undecided_refused_by_x():
    """Without enters_as_copy_of, whether Test Ego enters as a copy is chosen as it resolves (707.5, 614.1c):
    next gives both boards (a copy of the Bears with two counters, or a 0/0 Test Ego); x said the second only."""
    board = _board({"id": "ego", "card": "Test Ego", "controller": "Alice", "x": 2},
                   [{"id": "bears", "card": "Grizzly Bears", "controller": "Bob"}])
    with pytest.raises(QueryError) as error:
        pysolver.x_value(board, "ego")
    assert str(error.value).endswith(
        "ego (Test Ego) may enter as a copy of a permanent, chosen as it resolves (CR 707.5, 614.1c), which the "
        "board doesn't say (the stack's enters_as_copy_of); pysolver next ... resolve makes each choice")
    results = pysolver.api.next_states(board, ["resolve"])
    assert sorted(str(r.choices) for r in results) == [
        "('Alice has ego enter as a copy of bears (Grizzly Bears) (CR 707.5, 616.1c)',)",
        "('Alice has ego enter as itself (CR 614.1c, 707.5)',)"]


@pytest.mark.parametrize("battlefield", [
    [],
    [{"id": "forest", "card": "Forest", "controller": "Bob"}],  # "any creature": a land is none
])
def test_copy_with_nothing_to_copy_answered(battlefield):
    """With no creature to copy, Test Ego can only enter as itself: x answers (X 3, no counters)."""
    board = _board({"id": "ego", "card": "Test Ego", "controller": "Alice", "x": 3}, battlefield)
    answer = pysolver.x_value(board, "ego")
    assert (answer.x, answer.mana_value, answer.resolves) == (3, 7, {
        "card": "Test Ego", "token": False, "x": 0, "mana_value": 4, "etb_x": 3, "counters": {}})
    results = pysolver.api.next_states(board, ["resolve"])
    assert [r.choices for r in results] == [()]

