"""A filter listing kinds of one word and kinds of a color ("a Swamp, Mountain, black permanent, or red permanent",
CR 105.2, 109.2): each an alternative of the filter (``any_of``), judged like any filter (asp/filter_conditions.lp).
Royal Decree's tap trigger on lands tapped for mana (CR 603.2, 605.5a): listed with the mana of those it names."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.api import mana_outcomes
from pysolver.cards.oracle import compile_card

DECREE = ("Whenever a Swamp, Mountain, black permanent, or red permanent becomes tapped, Royal Decree deals 1 damage "
          "to that permanent's controller.")
CARDS = f"""format: pysolver-oracle/1
cards:
- name: Royal Decree
  mana_cost: '{{2}}{{W}}{{W}}'
  types: [Enchantment]
  keywords: [Cumulative upkeep]
  oracle: "Cumulative upkeep {{W}}\\n{DECREE}"
"""


def test_kinds_of_a_word_and_of_a_color_are_alternatives():
    result = compile_card("Royal Decree", DECREE, "Enchantment")
    assert (result.status, result.card["abilities"]) == ("ok", [{"triggered": {
        "when": {"event": "becomes_tapped", "whose": "any", "filter": {"any_of": [
            {"subtypes": ["Swamp"]}, {"subtypes": ["Mountain"]}, {"colors": ["B"]}, {"colors": ["R"]}]}},
        "text": "Royal Decree deals 1 damage to that permanent's controller"}}])


def test_a_list_joined_by_and_stays_not_understood():
    # "Swamps, Mountains, and black permanents" names objects of each kind, not one of them: not this form.
    text = "Whenever a Swamp, Mountain, and black permanent become tapped, draw a card."
    assert compile_card("Test Card", text, "Enchantment").status == "partial"


@pytest.mark.parametrize("land, effects", [
    ("Swamp", ["trigger: becomes-tapped decree's ability: Royal Decree deals 1 damage to that permanent's controller"]),
    ("Forest", []),  # neither a Swamp nor a Mountain, and colorless (CR 105.2c)
])
def test_the_trigger_of_a_land_tapped_for_mana(tmp_path: Path, land, effects):
    """CR 603.2, 605.5a: tapping a Swamp for mana triggers Royal Decree (not a mana ability: listed, put on the
    stack after); a Forest doesn't."""
    (tmp_path / "cards.yaml").write_text(CARDS, encoding="utf-8")
    board = tmp_path / "board.yaml"
    board.write_text("players: [Alice, Bob]\nturn: {number: 3, active: Alice, step: precombat_main}\nbattlefield:\n"
                     f"- {{id: land, card: {land}, controller: Alice}}\n"
                     "- {id: decree, card: Royal Decree, controller: Bob}\n", encoding="utf-8")
    result = mana_outcomes(board, "land", cards=[tmp_path / "cards.yaml"])
    assert [[str(e) for e in outcome.effects] for outcome in result.outcomes] == [effects]
