"""A mana ability's side effects keep their parts beside their words (pysolver/side_effects.py):
an id or a player's name is any text, so the words alone can say two things."""

from __future__ import annotations

import pickle

import pysolver
from pysolver.side_effects import SideEffect


def test_an_effect_is_its_words_for_the_answers():
    damage = SideEffect("tomb deals 2 damage to Alice", "damage", source="tomb", who="Alice", amount=2)
    assert damage == "tomb deals 2 damage to Alice" and {damage} == {"tomb deals 2 damage to Alice"}
    assert sorted([damage, SideEffect("a", "sacrifice", who="a")]) == ["a", "tomb deals 2 damage to Alice"]


def test_the_same_words_with_other_parts_are_another_effect():
    # The permanent "tap tomb" dealing damage, and another cost tapping "tomb deals 2 damage to Alice".
    damage = SideEffect("tap tomb deals 2 damage to Alice", "damage", source="tap tomb", who="Alice", amount=2)
    tap = SideEffect("tap tomb deals 2 damage to Alice", "tap", who="tomb deals 2 damage to Alice")
    assert damage != tap and len({damage, tap}) == 2


def test_an_answer_crossing_the_timeout_child_keeps_the_parts():
    # --timeout runs the query in a child, its answer pickled back (pysolver/limits.py).
    trigger = SideEffect("trigger: x", "trigger", inner=SideEffect("x", "gain_life", who="Bob", amount=1))
    again = pickle.loads(pickle.dumps(trigger))
    assert again.parts() == trigger.parts() and again.inner is not None and again.inner.who == "Bob"
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "tap tomb", "card": "Ancient Tomb", "controller": "Alice"}]})
    outcome, = pysolver.mana_outcomes(board, "tap tomb", timeout=30).outcomes
    effect, = outcome.effects
    assert (effect, effect.kind, effect.source, effect.who, effect.amount) == (
        "tap tomb deals 2 damage to Alice", "damage", "tap tomb", "Alice", 2)
