"""outcomes never applies part of an ability (asp/outcomes.lp partly_applied): it applies life
gained and lost, sacrifices and counters, but not a draw (CR 121.1) or "~ gets +N/+N until end of
turn" (611.2a). An ability with both resolved as its life loss alone, its draw silently dropped;
it is refused now, saying which effect outcomes leaves to pysolver next."""

from __future__ import annotations

import json

from helpers import write_inputs

CARDS = """\
format: pysolver-cards/1
cards:
- name: Test Arena
  mana_cost: '{1}{B}{B}'
  types: [Enchantment]
  abilities:
  - triggered:
      when: {step: upkeep, whose: you}
      do: [{draw: 1}, {lose_life: 1}]
      text: you draw a card and you lose 1 life
- name: Test Bleeder
  mana_cost: '{1}{B}'
  types: [Enchantment]
  abilities:
  - triggered:
      when: {step: upkeep, whose: you}
      do: [{lose_life: 1}]
      text: you lose 1 life
"""
BOARD = """\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: upkeep}
battlefield:
- {id: arena, card: %s, controller: Alice}
"""


def test_an_ability_outcomes_applies_only_in_part_is_refused(cli, tmp_path):
    board, cards = write_inputs(tmp_path, board=BOARD % "Test Arena", cards=CARDS)
    code, out, err = cli("outcomes", board, "--cards", cards)
    assert (code, out) == (2, "")
    assert err == (f"error: {board}: Test Arena's \"you draw a card and you lose 1 life\" resolves, and outcomes "
                   "doesn't apply its draw effect beside the others (pysolver next resolve does)\n")


def test_an_ability_it_applies_whole_resolves(cli, tmp_path):
    board, cards = write_inputs(tmp_path, board=BOARD % "Test Bleeder", cards=CARDS)
    code, out, err = cli("outcomes", board, "--cards", cards, "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["outcomes"] == [{"probability": "1", "choices": [], "notes": [],
                                            "events": [{"event": "life", "loses": 1, "player": "Alice"}]}]
