"""A phase added "after this phase" comes directly after the phase it was created in (CR 500.8), after the steps of
that phase still to come: `turn` laid a combat phase added in the upkeep between the upkeep and the draw step.  Where
the phase's steps are still to come and the step has begun (the trigger on the stack), neither `turn` nor `next`
can state it (a board's additional_steps come directly after its step): refused, saying where it goes.  A spell on
the stack resolves before the turn goes on, and `turn` follows no spell (CR 608.2): refused, unless its words change
nothing the listing reads."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import api
from pysolver.errors import QueryError

CARDS = str(Path(__file__).parent / "fixtures" / "cards" / "added-phases.yaml")
COMBAT = ["beginning_of_combat", "declare_attackers", "declare_blockers", "combat_damage", "end_of_combat"]


def board(step: str, battlefield: list[dict], stack: list[dict] = ()):
    return pysolver.board_from_data({"players": ["Alice", "Bob"],
                                     "turn": {"number": 3, "active": "Alice", "step": step},
                                     "battlefield": battlefield, "stack": list(stack)}, [CARDS])


def steps(answer) -> list[tuple[str, bool]]:
    return [(step.step, bool(step.additional_by)) for step in answer]


WARCRY = {"id": "w", "card": "Test Upkeep Warcry", "controller": "Alice"}


def test_a_phase_added_in_the_upkeep_comes_after_the_draw_step():
    """Before: upkeep, the added combat phase, then draw."""
    assert steps(pysolver.turn(board("upkeep", [WARCRY]))) == [
        ("upkeep", False), ("draw", False), *[(s, True) for s in COMBAT], ("precombat_main", False),
        *[(s, False) for s in COMBAT], ("postcombat_main", False), ("end", False), ("cleanup", False)]


def test_a_phase_added_in_a_main_phase_comes_right_after_it():
    second = {"id": "s", "card": "Test Second Wind", "controller": "Alice"}
    assert steps(pysolver.turn(board("postcombat_main", [second]))) == [
        ("postcombat_main", False), *[(s, True) for s in COMBAT], ("end", False), ("cleanup", False)]


STACKED = [{"id": "w-1", "card": "Test Upkeep Warcry", "controller": "Alice", "source": "w", "ability": 1}]
WHERE = ("w-1 (Test Upkeep Warcry) adds an additional combat phase after this phase, which comes after the draw step "
         "still to come in it (CR 500.8)")


def test_turn_refuses_the_phase_of_a_stacked_trigger_still_in_its_phase():
    with pytest.raises(QueryError) as refused:
        pysolver.turn(board("upkeep", [WARCRY], STACKED))
    assert str(refused.value) == (
        f"<board>: stack[0]: {WHERE}, where the listing of a begun step doesn't put it; list the turn from the board "
        "before the upkeep step begins (its triggers' phases laid out there)")


def test_next_refuses_the_board_after_it():
    """Before: its steps were the board's additional_steps, directly after the upkeep."""
    with pytest.raises(QueryError) as refused:
        api.next_states(board("upkeep", [WARCRY], STACKED), ["resolve"])
    assert str(refused.value) == (
        f"<board>: action 1 (resolve): resolve: {WHERE}; a board's additional_steps come directly after its step "
        "(upkeep), so no board states the turn after it")


BEAR = {"id": "bear", "card": "Test Dusk Bear", "controller": "Alice"}


def test_turn_refuses_a_spell_on_the_stack_it_doesn_t_follow():
    """Before: the bear's end-step trigger was listed, though the Wrath on the stack destroys it first."""
    with pytest.raises(QueryError) as refused:
        pysolver.turn(board("precombat_main", [BEAR], [{"id": "wrath", "card": "Test Wrath", "controller": "Alice"}]))
    assert str(refused.value) == (
        "<board>: stack[0]: wrath (Test Wrath) is a spell on the stack: it resolves before the turn goes on, and its "
        "effect may change battlefield, graveyard, leaves (pysolver/query/turn_reads.py), which the listing doesn't "
        "follow (it resolves no spell, CR 608.2); list the turn from the board after it resolves (pysolver next)")


def test_turn_refuses_a_permanent_spell_on_the_stack():
    """The bear it becomes has an end-step trigger the listing left out (fails before)."""
    with pytest.raises(QueryError, match=r"stack\[0\]: cub \(Test Dusk Bear\) is a spell on the stack: it resolves "
                                         r"before the turn goes on, and it becomes a permanent, whose abilities may "
                                         r"trigger or change the board \(CR 608.3\)"):
        pysolver.turn(board("precombat_main", [], [{"id": "cub", "card": "Test Dusk Bear", "controller": "Alice"}]))


def test_turn_lists_past_a_vanilla_permanent_spell():
    """A creature spell with no abilities, on a board with no ability its entering may trigger, changes nothing the
    listing reads."""
    vanilla = [{"id": "bear", "card": "Grizzly Bears", "controller": "Alice"}]
    assert [step.step for step in pysolver.turn(board("end", [], vanilla))] == ["end", "cleanup"]


def test_turn_lists_past_a_spell_whose_words_change_nothing_it_reads():
    ritual = [{"id": "ritual", "card": "Test Ritual", "controller": "Alice"}]
    assert [step.step for step in pysolver.turn(board("end", [BEAR], ritual))] == ["end", "cleanup"]
