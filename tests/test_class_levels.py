"""A Class's class level bar (CR 716.2a): "[Cost]: Level N" means "[Cost]: This Class's level becomes N. Activate
only if this Class is level N-1 and only as a sorcery".  It was compiled as an activated ability with neither
condition, so can-activate said yes to Rogue Class's "{1}{U}{B}: Level 2" in an opponent's end step and to its
"{2}{U}{B}: Level 3" at level 1."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-class-levels.yaml"


def test_a_class_level_bar_is_activated_only_as_a_sorcery_at_the_level_before():
    result = compile_card("Test Class", "{1}{U}{B}: Level 2\nCreatures you control have menace.\n{2}{U}{B}: Level 3",
                          "Enchantment — Class")
    assert (result.status, result.problems) == ("ok", [])
    assert [a["activated"] for a in result.card["abilities"] if "activated" in a] == [
        {"cost": ["{1}{U}{B}"], "text": "~'s level becomes 2. Activate only as a sorcery and only if ~ is level 1.",
         "activation_restriction": "Activate only as a sorcery.", "only_if": [{"self_level": 1}]},
        {"cost": ["{2}{U}{B}"], "text": "~'s level becomes 3. Activate only as a sorcery and only if ~ is level 2.",
         "activation_restriction": "Activate only as a sorcery.", "only_if": [{"self_level": 2}]}]


def board(level: int | None, active: str) -> pysolver.Board:
    rogue = {"id": "rc", "card": "Rogue Class", "controller": "Alice", **({"level": level} if level else {})}
    return pysolver.board_from_data({
        "players": [{"name": "Alice", "mana_pool": "{U}{U}{B}{B}{C}{C}"}, "Bob"],
        "turn": {"number": 3, "active": active, "step": "precombat_main" if active == "Alice" else "end"},
        "battlefield": [rogue]}, [CARDS])


@pytest.mark.parametrize(("level", "active", "ability", "reasons"), [
    (None, "Alice", 1, []),  # no level: level 1 (716.2d)
    (None, "Alice", 3, ["602.1b: Rogue Class is level 1; level 2 needed (activate only if)"]),
    (2, "Alice", 1, ["602.1b: Rogue Class is level 2; level 1 needed (activate only if)"]),
    (2, "Alice", 3, []),
    (3, "Alice", 3, ["602.1b: Rogue Class is level 3; level 2 needed (activate only if)"]),
    (None, "Bob", 1, ["602.5d: Rogue Class's ability can be activated only as a sorcery: in Alice's main phase "
                      "with an empty stack"]),
])
def test_can_activate_judges_the_level_and_the_timing(level, active, ability, reasons):
    checked = pysolver.can_activate(board(level, active), "rc", ability)
    assert (checked.can_activate, [str(r) for r in checked.reasons]) == (not reasons, reasons)
