""""Whenever ~ becomes untapped" and "Whenever a permanent you control becomes untapped" (CR 603.2):
what the compiler makes of them; `pysolver next` fires them in the untap step (502.3, 502.4), on an
effect that untaps (701.21b) and on a {Q} cost (118.3).  The ruling cases are
tests/cases/next/untap-triggers.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card


CASES = Path(__file__).parent / "cases" / "next"


@pytest.mark.parametrize(("text", "triggered"), [
    ("Inspired — Whenever this creature becomes untapped, it gets +2/+0 until end of turn.",
     {"when": {"event": "becomes_untapped"}, "text": "it gets +2/+0 until end of turn"}),
    ("When enchanted land becomes untapped, you gain 1 life.",
     {"when": {"event": "becomes_untapped", "attached": True}, "do": [{"gain_life": 1}], "text": "you gain 1 life"}),
    ("Whenever an artifact an opponent controls becomes untapped, put a +1/+1 counter on it.",
     {"when": {"event": "becomes_untapped", "filter": {"types": ["Artifact"]}, "whose": "opponent"},
      "text": "put a +1/+1 counter on it"}),  # "it": the artifact, not the source: text only
    ("Whenever this creature becomes untapped, draw a card. This ability triggers only once each turn.",
     {"when": {"event": "becomes_untapped", "once_each_turn": True}, "do": [{"draw": 1}], "text": "draw a card"}),
])
def test_untap_trigger_forms(text, triggered):
    result = compile_card("Watcher", text, "Creature", power="1", toughness="1")
    assert (result.status, result.card["abilities"]) == ("ok", [{"triggered": triggered}])


@pytest.mark.parametrize("text", [
    "Whenever this creature becomes untapped, if it's your turn, draw a card.",  # an intervening "if" (603.4)
    "Whenever this creature becomes tapped or untapped, draw a card.",
])
def test_untap_triggers_left_unread(text):
    result = compile_card("Watcher", text, "Creature", power="1", toughness="1")
    assert result.status == "partial"


def test_a_q_cost_triggers_it_in_mana_and_next(cli, board_file, tmp_path):
    """CR 603.2, 605.5a: a {Q} mana ability untaps its source: "whenever ~ becomes untapped" triggers,
    and the mana query lists it as a trigger (asp/mana_activation.lp)."""
    cards = tmp_path / "q.yml"
    cards.write_text("format: pysolver-cards/1\ncards:\n- name: Test Untapper\n  types: [Artifact]\n  abilities:\n"
                     "  - mana: {cost: ['{Q}'], add: {mana: '{C}'}}\n"
                     "  - triggered: {when: {event: becomes_untapped}, do: [{gain_life: 1}], text: you gain 1 life}\n",
                     encoding="utf-8")
    path = board_file("""\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: u, card: Test Untapper, controller: Alice, tapped: true}
        """)
    assert cli("mana", path, "u", "--cards", cards) == (0, "u (Test Untapper, Alice), ability 1: {Q}: Add {C}\n"
                                                          "MANA  EFFECTS\n"
                                                          "{C}   trigger: becomes-untapped u's ability: you gain 1 "
                                                          "life\n", "")
    # next: the trigger goes on the stack after the mana ability resolved (603.3) and resolves
    assert cli("next", path, "activate", "u", "resolve", "--cards", cards) == (0, (
        "outcome 1: probability 1\n"
        "  - Alice activates u's mana ability 1 [{Q}: Add {C}]: adds {C} (CR 605.3b, 106.4)\n"
        "  - put u-2 (Test Untapper, u:2) on the stack\n"
        "  - u-2 (Test Untapper, u:2) resolves\n"
        "  - Alice gains 1 life (CR 119.3)\n"), "")
