"""CR 603.2c, 603.4: "Whenever one or more other creatures you control enter, if they entered or were cast from a
graveyard, ..." -- a batched trigger whose intervening "if" no rule reads (how they were cast) is kept ``unjudged``,
so `pysolver next` refuses where it would trigger; a judged condition on a batch stays not read (it would be judged
of one permanent, not of the batch)."""

from __future__ import annotations

from pysolver.cards.oracle import compile_card

from helpers import write_inputs

DIVINER = ("Whenever one or more other creatures you control enter, if they entered or were cast from a graveyard, "
           "create a token that's a copy of one of them. This ability triggers only once each turn.")
WHY = ("its intervening \"if\" (they entered or were cast from a graveyard) reads whether and how it was cast (CR "
       "601.2), which no board records (CR 603.4)")


def test_compiled_unjudged_with_its_limit():
    result = compile_card("Twilight Diviner", DIVINER, "Creature — Elf Cleric", power="3", toughness="3")
    assert (result.status, result.card["abilities"]) == ("ok", [{"triggered": {
        "when": {"event": "permanent_enters", "filter": {"types": ["Creature"], "other": True}, "whose": "you",
                 "batch": True, "once_each_turn": True},
        "if": {"unjudged": WHY},
        "text": "if they entered or were cast from a graveyard, create a token that's a copy of one of them"}}])


def test_a_judged_condition_on_a_batch_stays_not_read():
    result = compile_card("Watcher", "Whenever one or more other creatures you control enter, if you control an "
                          "artifact, draw a card.", "Enchantment")
    assert result.status == "partial"


def test_next_refuses_where_it_would_trigger(cli, tmp_path):
    path, cards = write_inputs(tmp_path, board="""\
players: [{name: Alice, hand: [Grizzly Bears], mana_pool: '{G}{G}'}, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield: [{id: diviner, card: Twilight Diviner, controller: Alice}]
""", cards={"format": "pysolver-oracle/1", "cards": [
        {"name": "Twilight Diviner", "mana_cost": "{2}{B}", "types": ["Creature"], "subtypes": ["Elf", "Cleric"],
         "power": 3, "toughness": 3, "oracle": DIVINER}]})
    code, out, err = cli("next", path, "cast", "Grizzly Bears", "resolve", "--cards", cards)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 2 (resolve): diviner's \"if they entered or were cast from a graveyard, "
                   f"create a token that's a copy of one of them\" triggers (CR 603.2), and {WHY}\n")
