"""Flashback (CR 702.34a): compiled as an alternative cost named flashback, paid by pay --spell and
by `next cast CARD flashback` from the caster's graveyard; the spell is exiled as it leaves the
stack.  The ruling cases are tests/cases/payment/flashback.yaml and tests/cases/next/flashback.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card

CARDS = str(Path(__file__).parent / "cases" / "next" / "flashback-cards.yml")
REMINDER = " (You may cast this card from your graveyard for its flashback cost. Then exile it.)"


@pytest.mark.parametrize("line, cost", [
    ("Flashback {2}{R}", ["{2}{R}"]),
    ("Flashback—{1}{U}, Pay 3 life.", ["{1}{U}", {"pay_life": 3}]),
    ("Flashback—Sacrifice a Mountain.", [{"sacrifice": {"subtypes": ["Mountain"]}}]),
    ("Flashback {1}{W/B}", ["{1}{W/B}"]),
])
def test_flashback_compiles_to_an_alternative_cost(line, cost):
    result = compile_card("Test Spell", "Draw a card.\n" + line + REMINDER, "Sorcery", keywords=["Flashback"])
    assert result.ok
    assert result.card["alternative_costs"] == [{"name": "flashback", "cost": cost}]


@pytest.mark.parametrize("line, types", [
    ("Flashback {X}{R}{R}", "Sorcery"),  # X (CR 107.3) in an alternative cost: not read
    ("Flashback—{1}{U}, Exile X blue cards from your graveyard.", "Instant"),
    ("Flashback {2}{G}", "Creature — Elf"),  # CR 702.34a: only an instant or sorcery spell is cast so
])
def test_flashback_not_read_makes_the_card_partial(line, types):
    result = compile_card("Test Card", line + REMINDER, types, keywords=["Flashback"])
    assert result.status == "partial" and "alternative_costs" not in result.card


def test_flashback_cast_needs_the_card_in_the_graveyard(cli, board_file):
    path = board_file("""\
        players: [{name: Alice, mana_pool: '{R}{R}{R}{R}', hand: [Electric Revelation, Forest]}, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        """)
    assert cli("next", path, "cast", "Electric Revelation", "flashback", "--cards", CARDS) == (
        2, "", f"error: {path}: action 1 (cast Electric Revelation flashback): cast Electric Revelation: Alice has no "
               "Electric Revelation in their graveyard (graveyard: nothing); a card is cast for its flashback cost "
               "from its owner's graveyard (CR 702.34a)\n")


def test_a_graveyard_card_is_cast_only_with_flashback(cli, board_file):
    path = board_file("""\
        players: [{name: Alice, mana_pool: '{R}{R}{R}{R}', hand: [Forest], graveyard: [Electric Revelation]}, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        """)
    assert cli("next", path, "cast", "Electric Revelation", "--cards", CARDS) == (
        2, "", f"error: {path}: action 1 (cast Electric Revelation): cast Electric Revelation: Alice has no Electric "
               "Revelation in hand (hand: Forest); next casts a spell from its caster's hand (CR 601.2a), or by "
               "flashback: a permission to cast one from another zone isn't modelled; from the graveyard, by its "
               "flashback: cast Electric Revelation flashback (CR 702.34a)\n")


def test_a_stack_item_cast_with_flashback_has_flashback(cli, board_file):
    path = board_file("""\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        stack:
        - {id: bolt, card: Burst Lightning, controller: Alice, flashback: true}
        """)
    cards = str(Path(__file__).parent / "cases" / "next" / "additional-cards.yml")
    code, out, err = cli("next", path, "resolve", "--cards", cards)
    assert (code, out) == (2, "")
    assert err.endswith("stack[0].flashback: Burst Lightning has no flashback, so it wasn't cast for its flashback "
                        "cost (CR 702.34a)\n")


PAY_CARDS = str(Path(__file__).parent / "cases" / "payment" / "flashback-cards.yml")
ZAP_CARDS = str(Path(__file__).parent / "cases" / "next" / "audit-chains.yml")
FULL = ("  paid: {1} with {U} from pool, {1} with {U} from pool, {1} with {U} from pool, {U} with {U} from pool\n"
        "  left in the pool: nothing\n")
FLASHBACK = ("  from Alice's graveyard for its flashback cost: Flashback {1}{U}, Pay 3 life (CR 702.34a, 118.9)\n"
             "  paid: {1} with {U} from pool, {U} with {U} from pool\n"
             "  and: pay 3 life (CR 601.2h)\n"
             "  life paid: 3 (CR 119.4)\n"
             "  left in the pool: {U}{U}\n")
POOL = "  (no activation: the mana pool pays it)\n"


@pytest.mark.parametrize(("zones", "expected"), [
    # CR 601.2a, 702.34a: a card in hand is cast from there for its mana cost, never for its flashback cost
    ("hand: [Deep Analysis]", "Alice can pay {3}{U}: 1 way\nway 1:\n" + POOL + FULL),
    # a card in the graveyard only for its flashback cost, worded as next's cast words it
    ("graveyard: [Deep Analysis]", "Alice can pay Flashback {1}{U}, Pay 3 life: 1 way\nway 1:\n" + POOL + FLASHBACK),
    ("hand: [Deep Analysis], graveyard: [Deep Analysis]",
     "Alice can pay {3}{U}: 2 ways\nway 1:\n" + POOL + FULL + "way 2:\n" + POOL + FLASHBACK),
])
def test_pay_spell_offers_the_ways_of_the_zones_that_hold_the_card(cli, board_file, zones, expected):
    """pay --spell listed the flashback cost of a card in its owner's hand (fails before: two ways, the second
    "rather than its mana cost: Flashback ..."), and the mana cost of one in their graveyard."""
    path = board_file(f"""\
        players: [{{name: Alice, mana_pool: '{{U}}{{U}}{{U}}{{U}}', {zones}}}, Bob]
        turn: {{number: 3, active: Alice, step: precombat_main}}
        """)
    assert cli("pay", path, "Alice", "--spell", "Deep Analysis", "--cards", PAY_CARDS) == (0, expected, "")


def test_pay_spell_words_flashback_as_next_casts_it(cli, board_file):
    """One wording of a cast for its flashback cost (payment.cast_words): pay's way and next's cast."""
    path = board_file("""\
        players: [{name: Alice, mana_pool: '{R}{R}{R}{R}', hand: [Forest], graveyard: [Electric Revelation]}, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        """)
    code, out, _ = cli("pay", path, "Alice", "--spell", "Electric Revelation", "--cards", PAY_CARDS)
    assert (code, out.splitlines()[:4]) == (0, [
        "Alice can pay Flashback {3}{R}: 1 way", "way 1:", "  (no activation: the mana pool pays it)",
        "  from Alice's graveyard for its flashback cost: Flashback {3}{R} (CR 702.34a, 118.9)"])
    code, out, _ = cli("next", path, "cast", "Electric Revelation", "flashback", "--cards", PAY_CARDS)
    assert code == 0 and ("Alice casts Electric Revelation as electric-revelation, from Alice's graveyard for its "
                          "flashback cost, paying {R}{R}{R}{R} (CR 601.2, 702.34a)") in out


def test_pay_spell_refuses_a_graveyard_card_without_flashback(cli, board_file):
    path = board_file("""\
        players: [{name: Alice, mana_pool: '{G}', graveyard: [Green Zap]}, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        """)
    assert cli("pay", path, "Alice", "--spell", "Green Zap", "--cards", ZAP_CARDS) == (
        2, "", f"error: {path}: --spell: Green Zap is in Alice's graveyard, not their hand, and has no flashback: a "
               "card is cast from a graveyard only by a permission (CR 601.2a, 702.34a), which pay doesn't model\n")


def test_pay_spell_words_evoke_as_next_casts_it(cli, board_file):
    """CR 702.74a: "for its evoke cost", pay's way as next's cast words it (payment.cast_words); it said "rather than
    its mana cost: Evoke {G}" (fails before)."""
    cards = str(Path(__file__).parent / "cases" / "next" / "additional-cards.yml")
    path = board_file("""\
        players: [{name: Alice, mana_pool: '{G}', hand: [Test Evoker]}, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        """)
    code, out, _ = cli("pay", path, "Alice", "--spell", "Test Evoker", "--cards", cards)
    assert (code, out) == (0, "Alice can pay {2}{G}: 1 way\nway 1:\n  (no activation: the mana pool pays it)\n"
                              "  for its evoke cost: Evoke {G} (CR 702.74a, 118.9)\n  paid: {G} with {G} from pool\n"
                              "  left in the pool: nothing\n")
