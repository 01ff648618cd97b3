"""A triggered ability of a Class's level section is the permanent's only while its level is that section's or
greater (CR 716.2a: "As long as this Class is level N or greater, it has [abilities]"; the board's level:, none: 1,
716.2d): it triggers only then.  It was refused ("an ability of Class level 2 that only a level can't gate"), so
the card was unsupported."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card

CARDS = Path(__file__).parent / "fixtures" / "cards" / "class-level-triggers.yaml"


def test_a_level_section_trigger_compiles_gated():
    result = compile_card("Test Talent", "{B}: Level 2\nAt the beginning of your upkeep, you lose 1 life.",
                          "Enchantment — Class")
    assert result.status == "ok"
    assert result.card["abilities"][1] == {"triggered": {"when": {"step": "upkeep", "whose": "you"},
                                                         "text": "you lose 1 life", "if_level": 2}}


def triggers(active: str, level: int | None, step: str, **alice) -> list[tuple[str, list[str]]]:
    talent = {"id": "talent", "card": "Bandit's Talent", "controller": "Alice"}
    if level is not None:
        talent["level"] = level
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", **alice}, {"name": "Bob", "hand": ["Island"]}],
        "turn": {"number": 3, "active": active, "step": step}, "battlefield": [talent]}, [CARDS])
    return [(s.step, [t.key for t in s.triggers]) for s in pysolver.turn(board) if s.triggers]


@pytest.mark.parametrize(("level", "expected"), [
    (None, []), (1, []), (2, [("upkeep", ["talent:3"])]), (3, [("upkeep", ["talent:3"])])])
def test_the_level_2_upkeep_trigger(level, expected):
    """Bob, with one card in hand, begins his upkeep: Bandit's Talent's level-2 ability triggers at level 2 or 3."""
    assert triggers("Bob", level, "upkeep") == expected


@pytest.mark.parametrize(("level", "expected"), [(2, []), (3, [("draw", ["talent:5"])])])
def test_the_level_3_draw_step_trigger(level, expected):
    """Alice's draw step: "draw an additional card" is the Talent's from level 3 only."""
    assert triggers("Alice", level, "draw") == expected


@pytest.mark.parametrize(("level", "expected"), [(2, []), (3, [("end", ["hunter:4"])])])
def test_a_level_3_end_step_trigger_with_its_intervening_if(level, expected):
    """Hunter's Talent's level-3 "if you control a creature with power 4 or greater" (CR 603.4), with a 7/7."""
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "end"},
        "battlefield": [{"id": "hunter", "card": "Hunter's Talent", "controller": "Alice", "level": level},
                        {"card": "Verdant Force", "controller": "Alice"}]}, [CARDS])
    assert [(s.step, [t.key for t in s.triggers]) for s in pysolver.turn(board) if s.triggers] == expected
