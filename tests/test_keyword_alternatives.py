"""A filter naming one of two keywords ("another creature you control with flash or haste", CR 702, 109.2):
each keyword an alternative of the filter (``any_of``), judged on the final characteristics, after layer 6
(asp/filter_conditions.lp, asp/objects.lp's matches/2), as a single keyword is."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.api import next_states
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError

MOURNER = "Whenever another creature you control with flash or haste dies, draw a card."

CARDS = f"""format: pysolver-oracle/1
cards:
- name: Test Mourner
  mana_cost: '{{2}}{{B}}'
  types: [Creature]
  power: 2
  toughness: 2
  oracle: "{MOURNER}"
- name: Raging Goblin
  mana_cost: '{{R}}'
  types: [Creature]
  subtypes: [Goblin]
  power: 1
  toughness: 1
  oracle: "Haste"
- name: Hill Giant
  mana_cost: '{{3}}{{R}}'
  types: [Creature]
  subtypes: [Giant]
  power: 3
  toughness: 3
  oracle: ''
- name: Lightning Bolt
  mana_cost: '{{R}}'
  types: [Instant]
  oracle: "Lightning Bolt deals 3 damage to any target."
"""

BOARD = """players:
- {name: Alice, hand: [Lightning Bolt], mana_pool: '{R}'}
- {name: Bob, library: [Island, Forest]}
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: mourner, card: Test Mourner, controller: Bob}
- {id: goblin, card: Raging Goblin, controller: Bob}
- {id: giant, card: Hill Giant, controller: Bob}
"""


def test_one_of_two_keywords_is_an_alternative_of_the_filter():
    result = compile_card("Test Mourner", MOURNER, "Creature", power="2", toughness="2")
    assert (result.status, result.card["abilities"]) == ("ok", [{"triggered": {
        "when": {"event": "dies", "whose": "you", "filter": {
            "types": ["Creature"], "other": True, "any_of": [{"keywords": ["Flash"]}, {"keywords": ["Haste"]}]}},
        "do": [{"draw": 1}], "text": "draw a card"}}])


@pytest.mark.parametrize("text", [
    "Whenever another creature you control with flying or flying dies, draw a card.",  # the same keyword twice
    "Whenever another creature you control with flash or banding dies, draw a card.",  # a keyword no filter names
])
def test_alternatives_the_filter_cant_name_stay_not_understood(text):
    assert compile_card("Test Mourner", text, "Creature", power="2", toughness="2").status == "partial"


def _files(tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "cards.yaml").write_text(CARDS, encoding="utf-8")
    (tmp_path / "board.yaml").write_text(BOARD, encoding="utf-8")
    return tmp_path / "board.yaml", tmp_path / "cards.yaml"


def test_a_creature_with_one_of_the_keywords_dying_triggers_it(tmp_path):
    # CR 603.10a, 702.10: the Raging Goblin has haste as it dies: Bob draws.
    board, cards = _files(tmp_path)
    (result,) = next_states(board, ["cast", "Lightning Bolt", "target=goblin", "resolve", "resolve"], cards=[cards])
    assert list(result.events[-4:]) == ["destroy goblin (lethal damage, CR 704.5g)",
                                        "put mourner-1 (Test Mourner, mourner:1) on the stack",
                                        "mourner-1 (Test Mourner, mourner:1) resolves", "Bob draws Island (CR 121.1)"]


def test_a_creature_with_neither_keyword_dying_doesnt(tmp_path):
    # The Hill Giant has neither flash nor haste: nothing triggers, nothing is left to resolve.
    board, cards = _files(tmp_path)
    (result,) = next_states(board, ["cast", "Lightning Bolt", "target=giant", "resolve"], cards=[cards])
    assert result.events[-1] == "destroy giant (lethal damage, CR 704.5g)"
    with pytest.raises(QueryError, match=r"the stack is empty, nothing resolves"):
        next_states(board, ["cast", "Lightning Bolt", "target=giant", "resolve", "resolve"], cards=[cards])
