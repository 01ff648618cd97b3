"""Intervening "if" clauses on who controls the most of a kind (issue 13; CR 603.4, 102.1): "if a player controls
more Wizards than each other player", "if that player controls more lands than each other player" (a step
trigger's active player, 603.2b): `controls_most`, judged as the step begins (asp/trigger_ifs.lp) and not again
as the ability resolves (no `do`).  Cases: tests/cases/turn/controls-most.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card

from helpers import refused_ability

CASES = Path(__file__).parent / "cases" / "turn"


@pytest.mark.parametrize(("text", "condition"), [
    ("At the beginning of your upkeep, if a player controls more Wizards than each other player, you gain 1 life.",
     {"controls_most": {"whose": "any", "filter": {"subtypes": ["Wizard"]}}}),
    ("At the beginning of each player's upkeep, if that player controls more lands than each other player, you gain "
     "1 life.", {"controls_most": {"whose": "active", "filter": {"types": ["Land"]}}}),
])
def test_controls_more_than_each_other_player(text, condition):
    result = compile_card("Watcher", text, "Enchantment")
    assert result.status == "ok"
    [ability] = [a["triggered"] for a in result.card["abilities"]]
    assert ability["if"] == condition
    assert "do" not in ability  # not checked again as it resolves (CR 603.4)


def test_the_active_player_only_in_a_step_trigger(tmp_path):
    message = refused_ability(tmp_path, "{triggered: {when: {event: enters}, if: {controls_most: {whose: active, "
                                        "filter: {types: [Land]}}}, text: you gain 1 life}}")
    assert message == ("6:5: cards[0].abilities[0]: triggered.if: controls_most of the active "
                                "player is judged only for a step trigger")
