"""An intervening "if you gained (N or more) life this turn" (CR 603.4, 119.3) is judged on the board's
life_gained (asp/trigger_ifs.lp); it was kept unjudged ("reads what happened earlier this turn, which no board
records"), so `turn` refused every end step where such an ability would trigger."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-life-gained-ifs.yaml"


@pytest.mark.parametrize(("condition", "at_least"), [
    ("if you gained life this turn", 1), ("if you gained 3 or more life this turn", 3),
    ("if you've gained four or more life this turn", 4)])
def test_the_condition_compiles_judged(condition, at_least):
    result = compile_card("Test Aerie", f"At the beginning of your end step, {condition}, draw a card.",
                          "Enchantment")
    assert result.status == "ok"
    assert result.card["abilities"] == [{"triggered": {"when": {"step": "end", "whose": "you"},
                                                       "if": {"life_gained": at_least}, "text": "draw a card"}}]


def end_step_triggers(card: str, gained: int) -> list[str]:
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "life_gained": gained} if gained else "Alice", "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "postcombat_main"},
        "battlefield": [{"id": "source", "card": card, "controller": "Alice"}]}, [CARDS])
    end, = [step for step in pysolver.turn(board) if step.step == "end"]
    return [trigger.text for trigger in end.triggers]


@pytest.mark.parametrize(("gained", "triggers"), [
    (0, []), (2, []), (3, ["create a 2/2 white Griffin creature token with flying"])])
def test_the_end_step_trigger_needs_that_much_life_gained(gained, triggers):
    assert end_step_triggers("Griffin Aerie", gained) == triggers


def test_a_condition_on_life_lost_stays_refused():
    """'if you gained and lost life this turn': the life lost this turn no board records."""
    with pytest.raises(QueryError, match=r"you gained and lost life this turn\) reads what happened earlier this "
                                         r"turn"):
        end_step_triggers("Lunar Convocation", 1)


def test_a_condition_after_a_listed_life_gain_is_refused():
    """The upkeep trigger that gains Alice 1 life is listed, not resolved (turn follows no ability's effect): the
    end step's 'if you gained 3 or more life this turn' may hold after it (life_gained 2 + 1), so it is refused."""
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "life_gained": 2}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "upkeep"},
        "battlefield": [{"id": "aerie", "card": "Griffin Aerie", "controller": "Alice"},
                        {"id": "spring", "card": "Test Morning Spring", "controller": "Alice"}]}, [CARDS])
    with pytest.raises(QueryError) as refused:
        pysolver.turn(board)
    assert str(refused.value).endswith(
        "aerie's \"create a 2/2 white Griffin creature token with flying\" has an intervening \"if\" judged as turn "
        "3's end step begins (CR 603.4), after spring's \"you gain 1 life\" triggers in its upkeep step, whose "
        "effect may change what the condition reads (life) and isn't followed (the listing resolves no ability); "
        "list it from a board after it (pysolver next)")
