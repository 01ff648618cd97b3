"""Keywords of instants and sorceries (issue 13): casualty N, an optional additional cost (CR 702.153a: pay --spell
--additional casualty; next cast pays none and next resolve refuses a spell that has one); retrace (702.81a: pay
--spell refuses the card in its player's graveyard); cipher (702.99a: next refuses resolving the spell); and a
targeted effect beside keyword lines that change nothing it does as it resolves ("Retrace", "Storm")."""

from __future__ import annotations

import json

import pytest
import yaml

from pysolver.cards.oracle import compile_card
from pysolver.cards.oracle_keywords import REFUSED_BY

PUMP = "Target creature gets +4/+4 until end of turn."
PUMP_SPELL = {"targets": [{"zone": "battlefield", "filter": {"types": ["Creature"]}, "text": "target creature"}],
              "do": [{"pump": {"power": 4, "toughness": 4, "target": 1}}],
              "text": "Target creature gets +4/+4 until end of turn"}


def test_casualty_is_an_optional_cost():
    result = compile_card("Test Pact", "Casualty 3\nYou draw X cards and you lose X life.", "Sorcery",
                          mana_cost="{X}{B}{B}", keywords=["Casualty"])
    assert result.ok
    assert result.card["optional_costs"] == {"casualty": [{"sacrifice": {"types": ["Creature"], "power_at_least": 3}}]}


def test_casualty_x_is_not_understood():
    result = compile_card("Test Pact", "Casualty X\nYou draw a card.", "Sorcery", keywords=["Casualty"])
    assert result.ignored == ["Casualty X."]


@pytest.mark.parametrize("keyword", ["Retrace", "Cipher", "Jump-start"])
def test_retrace_and_cipher_are_the_cards_keywords(keyword):
    result = compile_card("Test Spell", f"{PUMP}\n{keyword}", "Sorcery", mana_cost="{3}{G}", keywords=[keyword])
    assert result.ok
    assert [(s["text"], s["why"]) for s in result.sentences] == [
        (PUMP, "a spell's effect on its target, applied as it resolves (CR 115.1a, 608.2b)"),
        (f"{keyword}.", REFUSED_BY[keyword.lower()])]
    assert result.card["spell"] == PUMP_SPELL and result.card["keywords"] == [keyword]


@pytest.mark.parametrize("keyword", ["Trample", "Fuse"])
def test_a_keyword_the_resolution_would_leave_out_keeps_no_spell(keyword):
    """CR 702.102a: a fused split spell; trample on an Un-card's spell (excess damage to the controller)."""
    result = compile_card("Test Spell", f"{keyword}\n{PUMP}", "Instant", mana_cost="{G}", keywords=[keyword])
    assert "spell" not in result.card


def files(tmp_path, board, *cards):
    path = tmp_path / "cards.yml"
    path.write_text(yaml.safe_dump({"format": "pysolver-oracle/1", "cards": list(cards)}, allow_unicode=True), "utf-8")
    where = tmp_path / "board.yaml"
    where.write_text(board, "utf-8")
    return where, path


PACT = {"name": "Test Pact", "mana_cost": "{X}{B}{B}", "types": ["Sorcery"], "keywords": ["Casualty"],
        "oracle": "Casualty 3\nYou draw X cards and you lose X life."}
GIANT = {"name": "Test Giant", "mana_cost": "{2}{R}{R}", "types": ["Creature"], "power": "3", "toughness": "3",
         "oracle": ""}
BEAR = {"name": "Test Bear", "mana_cost": "{1}{G}", "types": ["Creature"], "power": "2", "toughness": "2", "oracle": ""}
SQUIRE = {"name": "Test Squire", "mana_cost": "{W}", "types": ["Creature"], "power": "1", "toughness": "1", "oracle": ""}
BANNER = {"name": "Test Banner", "mana_cost": "{2}", "types": ["Artifact"], "oracle": "Creatures you control get +1/+0."}
LASHER = {"name": "Test Lasher", "mana_cost": "{1}{B}", "types": ["Creature"], "power": "1", "toughness": "1",
          "oracle": "This creature gets +1/+0 for each artifact you control."}
IRONWORKS = {"name": "Test Ironworks", "mana_cost": "{4}", "types": ["Artifact"],
             "oracle": "Sacrifice an artifact: Add {C}{C}."}
RELIC = {"name": "Test Relic", "mana_cost": "{1}", "types": ["Artifact"], "oracle": ""}
MONSTRIFY = {"name": "Monstrify", "mana_cost": "{3}{G}", "types": ["Sorcery"], "keywords": ["Retrace"],
             "oracle": f"{PUMP}\nRetrace"}
SHARING = {"name": "Test Cipher", "mana_cost": "{G}", "types": ["Sorcery"], "keywords": ["Cipher"],
           "oracle": f"{PUMP}\nCipher"}


def test_pay_casualty_sacrifices_a_creature_with_power_n_or_greater(cli, tmp_path):
    """CR 702.153a: casualty 3 sacrifices a creature with power 3 or greater, its power after the layers (613.4c:
    the 2/2 Test Bear gets +1/+0 from Test Banner; the 1/1 Test Squire, 2/1, can't be sacrificed). Before, refused."""
    board, cards = files(tmp_path, """\
players:
- {name: Alice, mana_pool: "{B}{B}{B}", hand: [Test Pact]}
- Bob
battlefield:
- {id: giant, card: Test Giant, controller: Alice}
- {id: bear, card: Test Bear, controller: Alice}
- {id: squire, card: Test Squire, controller: Alice}
- {id: banner, card: Test Banner, controller: Alice}
""", PACT, GIANT, BEAR, SQUIRE, BANNER)
    code, out, err = cli("pay", board, "Alice", "--spell", "Test Pact", "--x", "1", "--additional", "casualty",
                         "--cards", cards, "--json")
    assert (code, err) == (0, "")
    assert [(w["paid"], w["costs"]) for w in json.loads(out)["ways"]] == [
        ("{1} with {B} from pool, {B} with {B} from pool, {B} with {B} from pool", ["sacrifice bear"]),
        ("{1} with {B} from pool, {B} with {B} from pool, {B} with {B} from pool", ["sacrifice giant"])]


def test_casualty_judges_power_on_the_board_the_mana_abilities_leave(cli, tmp_path):
    """CR 601.2g-h, 613.4c: the costs are paid after the mana abilities; the 1/1 Test Lasher gets +1/+0 for each
    artifact (3 with Test Ironworks and two Test Relics: power 4), and Test Ironworks sacrifices an artifact for
    {C}{C}, after which its power is 3 (casualty 3: still a way) or, with two artifacts gone, 2 (no way)."""
    board, cards = files(tmp_path, """\
players:
- {name: Alice, mana_pool: "{B}{B}", hand: [Test Pact]}
- Bob
battlefield:
- {id: lasher, card: Test Lasher, controller: Alice}
- {id: kci, card: Test Ironworks, controller: Alice}
- {id: relic, card: Test Relic, controller: Alice}
- {id: relic2, card: Test Relic, controller: Alice}
""", PACT, LASHER, IRONWORKS, RELIC)
    code, out, err = cli("pay", board, "Alice", "--spell", "Test Pact", "--x", "2", "--additional", "casualty",
                         "--cards", cards, "--json")
    assert (code, err) == (0, "")
    assert sorted((tuple(a["added"] for a in w["activations"]), tuple(w["costs"])) for w in json.loads(out)["ways"]) == [
        (("{C}{C}",), ("sacrifice lasher",))] * 3
    code, out, err = cli("pay", board, "Alice", "--spell", "Test Pact", "--x", "4", "--additional", "casualty",
                         "--cards", cards, "--json")
    assert (code, json.loads(out)["payable"]) == (0, False)
    code, out, err = cli("pay", board, "Alice", "--spell", "Test Pact", "--x", "4", "--cards", cards, "--json")
    assert (code, json.loads(out)["payable"]) == (0, True)


def test_pay_casualty_of_a_card_without_it(cli, tmp_path):
    board, cards = files(tmp_path, "players: [Alice, Bob]\n", MONSTRIFY)
    assert cli("pay", board, "Alice", "--spell", "Monstrify", "--additional", "casualty", "--cards", cards) == (
        2, "", f"error: {board}: --additional: Monstrify has no casualty (CR 702.153a)\n")


def test_next_resolve_refuses_a_casualty_spell(cli, tmp_path):
    board, cards = files(tmp_path, """\
players:
- {name: Alice, mana_pool: "{B}{B}{B}", hand: [Test Pact], library: [Island]}
- Bob
turn: {number: 3, active: Alice, step: precombat_main}
""", PACT)
    assert cli("next", board, "cast", "Test Pact", "x=1", "resolve", "--cards", cards) == (
        2, "", f"error: {board}: stack[0]: resolve: Test Pact has casualty, an optional additional cost: whether it "
               "was paid is on no board, and what paying it changes isn't modelled, so the board it leaves can't be "
               "computed (CR 601.2b)\n")


RETRACE_BOARD = """\
players:
- {name: Alice, mana_pool: "{G}{G}{G}{G}", %s: [Monstrify]}
- Bob
"""


def test_pay_refuses_a_retrace_card_in_the_graveyard(cli, tmp_path):
    board, cards = files(tmp_path, RETRACE_BOARD % "graveyard", MONSTRIFY)
    assert cli("pay", board, "Alice", "--spell", "Monstrify", "--cards", cards) == (
        2, "", f"error: {board}: --spell: Monstrify has retrace and is in Alice's graveyard: it may be cast from there "
               "by discarding a land card as an additional cost (CR 702.81a), which pay doesn't model\n")


def test_pay_refuses_a_jump_start_card_in_the_graveyard(cli, tmp_path):
    insight = {"name": "Radical Idea", "mana_cost": "{1}{U}", "types": ["Instant"], "keywords": ["Jump-start"],
               "oracle": "Draw a card.\nJump-start"}
    board, cards = files(tmp_path, "players:\n- {name: Alice, mana_pool: '{U}{U}', graveyard: [Radical Idea]}\n- Bob\n",
                         insight)
    assert cli("pay", board, "Alice", "--spell", "Radical Idea", "--cards", cards) == (
        2, "", f"error: {board}: --spell: Radical Idea has jump-start and is in Alice's graveyard: it may be cast from "
               "there by discarding a card as an additional cost (CR 702.133a), which pay doesn't model\n")


def test_pay_a_retrace_card_in_hand(cli, tmp_path):
    board, cards = files(tmp_path, RETRACE_BOARD % "hand", MONSTRIFY)
    code, out, err = cli("pay", board, "Alice", "--spell", "Monstrify", "--cards", cards)
    assert (code, out.splitlines()[0], err) == (0, "Alice can pay {3}{G}: 1 way", "")


def test_next_refuses_resolving_a_cipher_spell(cli, tmp_path):
    board, cards = files(tmp_path, """\
players:
- {name: Alice, mana_pool: "{G}"}
- Bob
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: giant, card: Test Giant, controller: Alice}
stack:
- {id: cipher, card: Test Cipher, controller: Alice, targets: [{permanent: giant}]}
""", SHARING, GIANT)
    assert cli("next", board, "resolve", "--cards", cards) == (
        2, "", f"error: {board}: action 1 (resolve): resolve: Test Cipher has cipher: as it resolves, its controller may exile it encoded "
               "on a creature they control instead of putting it into a graveyard (CR 702.99a), which next doesn't "
               "model\n")


def test_new_targets_for_the_copy_is_more_of_the_sentence_before_it():
    """CR 707.10c: "You may choose new targets for the copy." belongs to the ability that copies, irrelevant as it
    is; after a sentence no form reads, it stays not understood."""
    copying = "Whenever you roll a 6, you may copy the spell that caused you to roll that die."
    result = compile_card("Test Echo", f"{copying} You may choose new targets for the copy.", "Creature — Goblin",
                          power="1", toughness="1")
    assert result.ok
    why = result.sentences[0]["why"]
    assert [(s["class"], s["why"]) for s in result.sentences] == [
        ("irrelevant", why), ("irrelevant", "the copy's new targets (CR 707.10c), more of the ability before it on its "
                                            f"line: {why}")]
    unread = compile_card("Test Echo", "Whenever you cast a spell while ~ is attacking, copy that spell. You may "
                          "choose new targets for the copy.", "Creature — Human", power="1", toughness="1")
    assert unread.ignored == ["Whenever you cast a spell while ~ is attacking, copy that spell.",
                              "You may choose new targets for the copy."]


SPREE = {"name": "Test Spree", "mana_cost": "{1}{U}", "types": ["Instant"], "keywords": ["Spree"],
         "oracle": "Spree\n+ {1} — Draw a card.\n+ {2} — Target player loses 2 life."}


def test_spree_modes_compile_as_no_spell():
    """CR 702.172a, 700.2h: "+ {1} — Draw a card." is a mode chosen with its cost, never the spell's whole effect."""
    result = compile_card(SPREE["name"], SPREE["oracle"], "Instant", mana_cost="{1}{U}", keywords=["Spree"])
    assert result.ok and "spell" not in result.card
    assert [(s["text"], s["class"]) for s in result.sentences] == [
        ("Spree.", "compiled"), ("+ {1} — Draw a card.", "irrelevant"), ("+ {2} — Target player loses 2 life.",
                                                                         "irrelevant")]


def test_pay_refuses_a_spree_spell(cli, tmp_path):
    board, cards = files(tmp_path, "players:\n- {name: Alice, mana_pool: '{U}{U}{U}', hand: [Test Spree]}\n- Bob\n",
                         SPREE)
    assert cli("pay", board, "Alice", "--spell", "Test Spree", "--cards", cards) == (
        2, "", f"error: {board}: --spell: Test Spree has spree: its total cost includes the additional cost of each "
               "mode chosen, one or more (CR 702.172a, 700.2h), which isn't modelled\n")


def test_a_cost_change_by_a_targeted_spell_or_card_is_refused(cli, tmp_path):
    """CR 601.2c, 601.2f: "if it targets a creature spell" (a spell, no permanent): pay --spell refuses, naming it.
    Before, the sentence was not understood."""
    text = "This spell costs {2} less to cast if it targets a creature spell.\nCounter target spell."
    result = compile_card("Out of Air", text, "Instant", mana_cost="{2}{U}{U}")
    assert result.ok
    assert result.card["own_cost"] == {"less": 2, "if": {"unjudged": "if it targets a creature spell"}}
    board, cards = files(tmp_path, "players:\n- {name: Alice, mana_pool: '{U}{U}{U}{U}', hand: [Out of Air]}\n- Bob\n",
                         {"name": "Out of Air", "mana_cost": "{2}{U}{U}", "types": ["Instant"], "oracle": text})
    assert cli("pay", board, "Alice", "--spell", "Out of Air", "--cards", cards) == (
        3, "", f"error: {board}: incomplete: Out of Air's own ability changes its cost if it targets a creature spell "
               "(CR 601.2f), which the board doesn't record\n")


TRIBUTE = {"name": "Tribute to Urborg", "mana_cost": "{1}{B}", "types": ["Instant"], "kicker": "{1}{U}",
           "oracle": "Kicker {1}{U}\nTarget creature gets -2/-2 until end of turn. If this spell was kicked, that "
                     "creature gets an additional -1/-1 until end of turn."}


def test_what_kicking_adds_is_refused_only_when_kicked(cli, tmp_path):
    """CR 702.33d: "If this spell was kicked, ..." is what kicking adds: unkicked, the spell resolves as its first
    sentence says (704.5f: the Bears die); kicked, next refuses to resolve it. Before, the card was cast_unjudged."""
    result = compile_card(TRIBUTE["name"], TRIBUTE["oracle"], "Instant", mana_cost="{1}{B}", keywords=["Kicker"])
    assert result.ok and result.card["spell"]["do"] == [{"pump": {"power": -2, "toughness": -2, "target": 1}}]
    assert result.sentences[-1]["why"] == ("what kicking adds to the spell's effect (CR 702.33d): `next` refuses to "
                                           "resolve a kicked spell, and unkicked it does nothing")
    board, cards = files(tmp_path, """\
players:
- {name: Alice, mana_pool: "{B}{B}{U}{U}", hand: [Tribute to Urborg]}
- Bob
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: bears, card: Grizzly Bears, controller: Bob}
""", {key: value for key, value in TRIBUTE.items() if key != "kicker"} | {"keywords": ["Kicker"]})
    code, out, err = cli("next", board, "cast", "Tribute to Urborg", "target=bears", "resolve", "--cards", cards)
    assert (code, err) == (0, "") and out.count("put into the graveyard: bears (toughness 0 or less, CR 704.5f)") == 2
    assert cli("next", board, "cast", "Tribute to Urborg", "target=bears", "kicked", "resolve", "--cards", cards) == (
        2, "", f"error: {board}: stack[0]: resolve: tribute-to-urborg was kicked, and what kicking changes in its "
               "effect (CR 702.33d) isn't modelled, so the board it leaves can't be computed\n")


def test_what_kicking_adds_with_a_target_is_not_read():
    """CR 601.2c: a target the kicked spell chooses as it is cast: not read, the spell keeps no `spell:`."""
    result = compile_card("Test Spell", "Kicker {1}\nDestroy target artifact. If this spell was kicked, destroy "
                          "target enchantment.", "Instant", keywords=["Kicker"])
    assert "spell" not in result.card
