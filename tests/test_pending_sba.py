"""CR 704.3: state-based actions are performed whenever a player would receive priority, so no player
acts on a board they apply to: next refuses an action other than check on it (the untap step, where none
are checked, 502.4, excepted).  Before, `pass` from the end step let damage wear off in the cleanup step
(514.2) and a creature with lethal damage lived on."""

from __future__ import annotations

import pytest

from pysolver import api
from pysolver.errors import QueryError


def _board(step: str):
    return api.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 4, "active": "Alice", "step": step},
        "battlefield": [{"id": "bears", "card": "Grizzly Bears", "controller": "Bob", "damage": 2}]})


@pytest.mark.parametrize("action", [["pass"], ["resolve"], ["play", "Forest"]])
def test_an_action_on_a_board_state_based_actions_apply_to_is_refused(action):
    with pytest.raises(QueryError) as refused:
        api.next_states(_board("end"), action)
    assert refused.value.detail == (
        "state-based actions apply to the board (bears: lethal damage, CR 704.5g): they are performed whenever a "
        f"player would receive priority (CR 704.3), so no player acts on it ({action[0]}); begin with check, which "
        "performs them (pysolver next BOARD check ...)")


def test_check_first_then_the_action():
    results = api.next_states(_board("end"), ["check", "pass"])
    assert [r.events[:2] for r in results] == [("destroy bears (lethal damage, CR 704.5g)", "cleanup step begins")]


def test_the_untap_step_checks_none_the_upkeep_does():
    results = api.next_states(_board("untap"), ["pass"])
    assert [r.events for r in results] == [("upkeep step begins", "destroy bears (lethal damage, CR 704.5g)")]
