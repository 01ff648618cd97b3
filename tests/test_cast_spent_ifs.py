"""CR 603.4, 601.2h, 202.3: a cast trigger's intervening "if" that compares the mana spent to cast the spell with
another amount ("greater than ~'s power", "less than its mana value") or the spell's mana value with a count of its
source's counters: kept ``unjudged``, so `pysolver next` refuses where the ability would trigger, never guesses."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card

from helpers import write_inputs

SPENT = ("it compares the amount of mana spent to cast the spell with another amount (CR 601.2h, 603.4), which next "
         "doesn't judge")
VALUE = ("it compares the spell's mana value with a count of its source's counters (CR 202.3, 603.4), which next "
         "doesn't judge")
CELLARSPAWN = ("Whenever you cast a spell, if the amount of mana spent to cast it was less than its mana value, target "
               "opponent loses life equal to the difference.")


@pytest.mark.parametrize(("text", "triggered"), [
    ("Whenever you cast a spell, if the amount of mana spent to cast that spell is greater than Watcher's power, put a "
     "+1/+1 counter on Watcher.",
     {"when": {"event": "cast", "whose": "you", "unjudged": SPENT}, "do": [{"counter_on_self": "+1/+1"}],
      "text": "put a +1/+1 counter on Watcher"}),
    (CELLARSPAWN,
     {"when": {"event": "cast", "whose": "you", "unjudged": SPENT},
      "text": "target opponent loses life equal to the difference"}),
    ("Whenever you cast a spell, if its mana value is equal to 1 plus the number of soul counters on this creature, put "
     "a soul counter on this creature.",
     {"when": {"event": "cast", "whose": "you", "unjudged": VALUE}, "do": [{"counter_on_self": "soul"}],
      "text": "put a soul counter on Watcher"}),
])
def test_kept_unjudged(text, triggered):
    result = compile_card("Watcher", text, "Creature — Horror", power="3", toughness="3")
    assert (result.status, result.card["abilities"]) == ("ok", [{"triggered": triggered}])


def test_next_refuses_where_it_would_trigger(cli, tmp_path):
    path, cards = write_inputs(tmp_path, board="""\
players: [{name: Alice, hand: [Shock], mana_pool: '{R}'}, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield: [{id: spawn, card: Ancient Cellarspawn, controller: Alice}]
""", cards={"format": "pysolver-oracle/1", "cards": [
        {"name": "Ancient Cellarspawn", "mana_cost": "{1}{B}{B}", "types": ["Enchantment", "Creature"],
         "subtypes": ["Horror"], "power": 3, "toughness": 3,
         "oracle": "Each spell you cast that's a Demon, Horror, or Nightmare costs {1} less to cast.\n" + CELLARSPAWN},
        {"name": "Shock", "mana_cost": "{R}", "types": ["Instant"], "oracle": "Shock deals 2 damage to any target."}]})
    code, out, err = cli("next", path, "cast", "Shock", "target=Bob", "--cards", cards)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (cast Shock target=Bob): cast Shock: spawn's \"target opponent loses life "
                   "equal to the difference\" would trigger (CR 603.2, 601.2i), and " + SPENT + "\n")
