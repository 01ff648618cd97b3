""""Whenever you expend N" (CR 700.14, issue 13): a player expends N as they pay the cost of a spell they cast
and their total mana spent to cast spells this turn reaches N.  No board records that total: the compiler
reads the trigger as one on its controller casting a spell (oracle_cast.expend_trigger), with the total in
its `unjudged`, so `pysolver next` refuses where it would trigger rather than guess (the case where it
can't trigger: tests/cases/next/expend.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import write_inputs
from pysolver.cards.oracle import compile_card

CASES = Path(__file__).parent / "cases" / "next"
WHY = ("a triggered ability when its controller expends N, as they pay the cost of a spell they cast (CR 700.14, "
       "603.2): next refuses where it would trigger")


def unjudged(n: int) -> str:
    return (f"it reads whether its controller's total mana spent to cast spells this turn reaches {n} (expend, "
            "CR 700.14), which no board records")


@pytest.mark.parametrize(("text", "triggered"), [
    ("Whenever you expend 4, you gain 3 life.",
     {"when": {"event": "cast", "whose": "you", "unjudged": unjudged(4)}, "do": [{"gain_life": 3}],
      "text": "you gain 3 life"}),
    ("Whenever you expend 4, ~ gets +2/+1 until end of turn.",
     {"when": {"event": "cast", "whose": "you", "unjudged": unjudged(4)},
      "do": [{"pump_self": {"power": 2, "toughness": 1}}], "text": "Scout gets +2/+1 until end of turn"}),
    ("Whenever you expend 8, return up to one target permanent card from your graveyard to your hand.",
     {"when": {"event": "cast", "whose": "you", "unjudged": unjudged(8)},
      "text": "return up to one target permanent card from your graveyard to your hand"}),
])
def test_expend_is_a_cast_trigger_kept_unjudged(text, triggered):
    result = compile_card("Scout", "{T}: Add {G}.\n" + text, "Creature — Raccoon", power="1", toughness="3")
    assert (result.status, result.card["abilities"][1]) == ("ok", {"triggered": triggered})
    assert [(s["class"], s["why"]) for s in result.sentences[1:]] == [("compiled", WHY)]


@pytest.mark.parametrize("text", [
    "Whenever an opponent expends 4, you gain 3 life.",  # no form: the opponent's total
    "Whenever you expend 4, if you control a Raccoon, you gain 3 life.",  # an intervening "if" (CR 603.4)
])
def test_other_expend_sentences_stay_not_understood(text):
    result = compile_card("Scout", "{T}: Add {G}.\n" + text, "Creature — Raccoon", power="1", toughness="3")
    assert (result.status, result.ignored) == ("partial", [text])


def test_its_controller_casting_a_spell_is_refused(cli, tmp_path):
    """Alice may or may not reach 8 mana spent this turn as she pays for Shock: refused, never guessed."""
    path, _ = write_inputs(tmp_path, board="""\
players: [{name: Alice, hand: [Shock], mana_pool: '{R}'}, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield: [{id: scout, card: Trailtracker Scout, controller: Alice}]
""")
    code, out, err = cli("next", path, "cast", "Shock", "--cards", CASES / "cast-trigger-forms.yml",
                         "--cards", CASES / "expend.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (cast Shock): cast Shock: scout's \"return up to one target permanent "
                   "card from your graveyard to your hand\" would trigger (CR 603.2, 601.2i), and " + unjudged(8)
                   + "\n")
