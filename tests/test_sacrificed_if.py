"""CR 603.4, 701.17a: "Whenever an artifact you control is put into a graveyard from the battlefield, if it wasn't
sacrificed, ..." (Urza's Miter): how the permanent left is kept ``unjudged``, so `pysolver next` refuses where the
ability would trigger; an artifact of another player's, which it doesn't watch, is answered."""

from __future__ import annotations

from pysolver.cards.oracle import compile_card

from helpers import write_inputs

MITER = ("Whenever an artifact you control is put into a graveyard from the battlefield, if it wasn't sacrificed, you "
         "may pay {3}. If you do, draw a card.")
WHY = ("its intervening \"if\" (it wasn't sacrificed) reads how it left the battlefield, whether it was sacrificed (CR "
       "701.17a), which no board records (CR 603.4)")
CARDS = {"format": "pysolver-oracle/1", "cards": [
    {"name": "Urza's Miter", "mana_cost": "{3}", "types": ["Artifact"], "oracle": MITER},
    {"name": "Shatter", "mana_cost": "{1}{R}", "types": ["Instant"], "oracle": "Destroy target artifact."},
    {"name": "Ornithopter", "mana_cost": "{0}", "types": ["Artifact", "Creature"], "subtypes": ["Thopter"],
     "power": 0, "toughness": 2, "oracle": "Flying"}]}
BOARD = """\
players: [{name: Alice, hand: [Shatter], mana_pool: '{R}{R}'}, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: miter, card: "Urza's Miter", controller: Alice}
- {id: thopter, card: Ornithopter, controller: %s}
"""


def test_compiled_unjudged():
    result = compile_card("Urza's Miter", MITER, "Artifact")
    assert (result.status, result.card["abilities"]) == ("ok", [{"triggered": {
        "when": {"event": "put_into_graveyard", "filter": {"types": ["Artifact"]}, "whose": "you"},
        "if": {"unjudged": WHY}, "text": "if it wasn't sacrificed, you may pay {3}. If you do, draw a card"}}])


def test_next_refuses_where_it_would_trigger(cli, tmp_path):
    path, cards = write_inputs(tmp_path, board=BOARD % "Alice", cards=CARDS)
    code, out, err = cli("next", path, "cast", "Shatter", "target=thopter", "resolve", "--cards", cards)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 2 (resolve): miter's \"if it wasn't sacrificed, you may pay {{3}}. If you "
                   f"do, draw a card\" triggers (CR 603.2), and {WHY}\n")
    path, cards = write_inputs(tmp_path, board=BOARD % "Bob", cards=CARDS)
    code, out, err = cli("next", path, "cast", "Shatter", "target=thopter", "resolve", "--cards", cards)
    assert (code, err) == (0, "")
    assert out.splitlines()[-2:] == ["  - destroy Ornithopter (thopter) (CR 701.7a)",
                                     "  - Shatter is put into Alice's graveyard (CR 608.2n)"]
