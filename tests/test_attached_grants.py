"""What an Aura or Equipment gives the permanent it is attached to, in quotes (CR 613.1f, 301.5,
303.4), compiled by the compiler of a card's own lines (pysolver/cards/oracle_attached.py), and
equip as the activated ability it stands for (CR 702.6a)."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import write_inputs
import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import BoardError

CREATURE = {"types": ["Creature"]}
EQUIP_2 = {"activated": {"cost": ["{2}"], "targets": [{"zone": "battlefield", "whose": "you", "filter": CREATURE,
                                                        "text": "target creature you control"}],
                         "timing": "sorcery", "do": [{"attach": {"target": 1}}], "text": "Equip {2}"}}


def sentence_classes(result) -> list[tuple[str, str]]:
    return [(s["text"], s["class"]) for s in result.sentences]


def test_a_quoted_activated_ability_is_granted_as_the_holder_s_own():
    result = compile_card("Wrench", 'Equipped creature gets +1/+1 and has vigilance and "{3}, {T}: Return target '
                                    'creature to its owner\'s hand."\n{2}, Sacrifice this Equipment: Draw a card.\nEquip {2}',
                          "Artifact — Equipment Clue")
    assert result.status == "ok"  # "Return target creature": a target kept as text, which can-activate refuses
    assert result.card["abilities"][0]["static"]["grant"] == [{"activated": {  # to judge, as it does printed
        "cost": ["{3}", "{T}"], "text": "Return target creature to its owner's hand.",
        "unjudged": ["its target, which the compiler keeps in its text (CR 115.1c, 601.2c)"]}}]

    result = compile_card("Midnight Covenant", 'Enchant creature\nEnchanted creature has "{B}: This creature gets '
                                               '+1/+1 until end of turn."', "Enchantment — Aura")
    assert result.status == "ok"
    assert result.card["abilities"] == [{"static": {
        "affects": CREATURE, "whose": "any", "enchanted": True,
        "grant": [{"activated": {"cost": ["{B}"], "text": "This creature gets +1/+1 until end of turn."}}]}}]


def test_power_keywords_and_a_targeted_ability_granted_together():
    result = compile_card("Test Whip", 'Enchanted creature gets +2/+0 and has haste and "{T}: This creature deals '
                                       '1 damage to any target."\nEquip {2}', "Artifact — Equipment")
    assert result.status == "ok"
    assert result.card["abilities"] == [
        {"static": {"affects": CREATURE, "whose": "any", "enchanted": True, "pt": {"power": 2, "toughness": 0},
                    "grant_keywords": ["Haste"],
                    "grant": [{"activated": {"cost": ["{T}"], "targets": [{"zone": "any_target", "text": "any target"}],
                                             "do": [{"damage": {"amount": 1, "target": 1}}],
                                             "text": "This creature deals 1 damage to any target."}}]}},
        EQUIP_2]


def test_a_granted_combat_trigger_is_irrelevant_and_the_change_of_power_is_compiled():
    result = compile_card("Bear Umbra", 'Enchant creature\nEnchanted creature gets +2/+2 and has "Whenever this '
                                        'creature attacks, untap all lands you control."', "Enchantment — Aura")
    assert result.status == "ok"
    assert result.card["abilities"] == [{"static": {"affects": CREATURE, "whose": "any", "enchanted": True,
                                                    "pt": {"power": 2, "toughness": 2}}}]
    assert "the quoted ability is one no query reaches: a combat trigger" in result.sentences[1]["why"]
    result = compile_card("Sixth Sense", 'Enchant creature\nEnchanted creature has "Whenever this creature deals '
                                         'combat damage to a player, you may draw a card."', "Enchantment — Aura")
    assert (result.status, "abilities" in result.card, result.sentences[1]["class"]) == ("ok", False, "irrelevant")


def test_a_quoted_triggered_ability_is_granted_as_the_holder_s_own():
    """CR 613.1f: 'has "At the beginning of your upkeep, ..."' grants the triggered ability the same
    words printed on the creature compile to."""
    result = compile_card("Consuming Fervor", 'Enchant creature\nEnchanted creature gets +3/+3 and has "At the '
                                              'beginning of your upkeep, put a -1/-1 counter on this creature."',
                          "Enchantment — Aura")
    assert result.status == "ok", result.sentences
    assert result.card["abilities"] == [{"static": {
        "affects": CREATURE, "whose": "any", "enchanted": True, "pt": {"power": 3, "toughness": 3},
        "grant": [{"triggered": {"when": {"step": "upkeep", "whose": "you"}, "do": [{"counter_on_self": "-1/-1"}],
                                 "text": "put a -1/-1 counter on this creature"}}]}}]


FERVOR = """\
players: [Alice, Bob]
turn: {number: 3, active: Alice, step: untap}
battlefield:
- {id: bears, card: Grizzly Bears, controller: Alice}
- {id: fervor, card: Consuming Fervor, controller: Alice, attached_to: {permanent: bears}}
"""
FERVOR_CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-granted.yaml"
TARGETS = Path(__file__).parent / "cases" / "next" / "targets.yml"


@pytest.mark.parametrize("args, error", [
    (("turn",), "bears's triggered ability granted by Consuming Fervor's ability 1 would trigger: a granted "
                "triggered ability isn't followed on the stack yet (CR 613.1f, 603.3) as turn 3's upkeep step begins "
                "(CR 603.2b)"),
    (("outcomes",), "fervor's ability 1 grants a triggered ability (CR 613.1f), which outcomes doesn't follow on "
                    "the stack yet"),
    (("next", "pass"), "fervor's ability 1 grants a triggered ability (CR 613.1f), which next doesn't follow on the "
                       "stack yet"),
])
def test_a_granted_triggered_ability_is_refused_where_a_query_would_put_it_on_the_stack(cli, tmp_path, args, error):
    """A board's stack names a triggered ability by its source's card and number (CR 603.3), which
    a granted one has not: turn refuses where it triggers, outcomes and next refuse the board."""
    board, _ = write_inputs(tmp_path, board=FERVOR)
    code, out, err = cli(args[0], board, *args[1:], "--cards", FERVOR_CARDS)
    assert (code, out) == (2, "")
    assert error in err


@pytest.mark.parametrize("text, why", [
    # a granted static ability: the rules read static abilities as printed
    ('Enchanted creature has "Other creatures you control get +1/+1."',
     "a granted static ability, which the rules read only as printed"),
    # the Aura's own name in the quotes is the Aura, not the creature (both read "~")
    ('Enchanted creature has "{T}: Sacrifice Test Aura: Draw a card."',
     "a granted ability that names the Aura or Equipment granting it"),
    ('Enchanted creature has "{1}: This creature gets +1/+0 until end of turn" and "Whenever this creature '
     'attacks, you gain 1 life."', "granted abilities of which only some are read by a query"),
])
def test_a_grant_the_queries_cannot_read_is_not_understood(text, why):
    result = compile_card("Test Aura", f"Enchant creature\n{text}", "Enchantment — Aura")
    assert result.status == "partial"
    assert [c for _, c in sentence_classes(result)] == ["compiled", "not understood"]  # "Enchant creature." (702.5a)
    assert why in result.sentences[1]["why"]


@pytest.mark.parametrize("line, cost, target, spec", [
    ("Equip {2}", ["{2}"], "target creature you control", CREATURE),
    ("Equip legendary creature {3}", ["{3}"], "target legendary creature you control",
     {"supertypes": ["Legendary"], "types": ["Creature"]}),
    ("Equip Knight {1}", ["{1}"], "target Knight creature you control", {"subtypes": ["Knight"], "types": ["Creature"]}),
    ("Equip—Discard a card.", [{"discard": 1}], "target creature you control", CREATURE),
])
def test_equip_is_an_activated_ability_only_as_a_sorcery(line, cost, target, spec):
    result = compile_card("Test Blade", line, "Artifact — Equipment")
    assert result.status == "ok"
    assert result.card["abilities"] == [{"activated": {
        "cost": cost, "targets": [{"zone": "battlefield", "whose": "you", "filter": spec, "text": target}],
        "timing": "sorcery", "do": [{"attach": {"target": 1}}], "text": line.rstrip(".")}}]  # CR 701.3a


@pytest.mark.parametrize("line", ["Equip commander {3}", "Equip {2}. Activate only once each turn."])
def test_an_equip_ability_the_compiler_cannot_read_is_not_understood(line):
    result = compile_card("Test Blade", line, "Artifact — Equipment")
    assert result.status == "partial"
    assert "abilities" not in result.card
    assert {s["class"] for s in result.sentences} == {"not understood"}


@pytest.mark.parametrize("text, type_line, affects, whose, granted", [
    ('All Slivers have "{2}, Sacrifice this permanent: You gain 4 life."', "Creature — Sliver",
     {"subtypes": ["Sliver"]}, "any", {"cost": ["{2}", "sacrifice_self"], "text": "You gain 4 life."}),
    ('Other Zombies have "{B}: Regenerate this permanent."', "Creature — Zombie",
     {"other": True, "subtypes": ["Zombie"]}, "any", {"cost": ["{B}"], "text": "Regenerate this creature."}),
    ('Sliver creatures you control have "{T}, Discard a card: Draw a card."', "Creature — Sliver",
     {"subtypes": ["Sliver"], "types": ["Creature"]}, "you", {"cost": ["{T}", {"discard": 1}], "text": "Draw a card."}),
])
def test_a_group_is_granted_a_quoted_activated_ability(text, type_line, affects, whose, granted):
    """CR 613.1f: a static ability grants the quoted ability to each permanent of its group, as an
    Aura or Equipment does to the one it is attached to ("this permanent": the one that has it; a
    group of creature types alone is of creatures, 205.3d)."""
    result = compile_card("Test Card", text, type_line, power="2", toughness="2")
    assert result.status == "ok", result.sentences
    assert result.card["abilities"] == [{"static": {"affects": affects, "whose": whose,
                                                    "grant": [{"activated": granted}]}}]


@pytest.mark.parametrize("text", [
    'Creatures you control with the chosen name have "{B}: Regenerate this permanent."',  # a group no holder reads
    'All Slivers have "If this permanent would be put into a graveyard, you may put it on top of its owner\'s '
    'library instead."',  # a quoted ability the compiler doesn't read
    'Permanents you control have "{T}: Draw a card."',  # a group the filter reader doesn't read
    'Enchanted permanent has "{T}: Draw a card."',  # an attached holder of no one card type
])
def test_a_group_grant_the_queries_cannot_read_stays_not_understood(text):
    result = compile_card("Test Card", text, "Enchantment")
    assert result.status == "partial" and [s["class"] for s in result.sentences] == ["not understood"]


def test_commander_creatures_you_own_are_not_an_opponent_s(cli, tmp_path):
    """CR 108.3, 613.1f: "Commander creatures you own have ..." reaches the commanders its
    controller owns, whoever controls them, and no other player's (oracle/granted-abilities.yaml:
    one Alice owns and Bob controls has the ability)."""
    result = compile_card("Clan Crafter", 'Commander creatures you own have "{2}, Sacrifice an artifact: Put a '
                                          '+1/+1 counter on this creature and draw a card."', "Enchantment")
    assert result.status == "ok"
    assert {k: v for k, v in result.card["abilities"][0]["static"].items() if k != "grant"} == {
        "affects": {"commander": True, "types": ["Creature"]}, "whose": "owned"}
    board, _ = write_inputs(tmp_path, board="""\
        players: [Alice, Bob]
        battlefield:
        - {id: bears, card: Grizzly Bears, controller: Bob, commander: true}
        - {id: crafter, card: Clan Crafter, controller: Alice}
        - {id: myr, card: Darksteel Myr, controller: Bob}
        """)
    assert cli("can-activate", board, "bears", "--cards", FERVOR_CARDS) == (
        2, "", f"error: {board}: argument PERMANENT: bears (Grizzly Bears) has no activated ability\n")


def test_a_quoted_ability_granted_while_a_condition_holds():
    """CR 611.3a, 613.1f: "As long as you control a Cleric, this artifact has "..."": its source has
    the quoted ability while the condition holds (the condition reader of a keyword grant's)."""
    result = compile_card("Relic Vial", 'As long as you control a Cleric, this artifact has "Whenever a creature you '
                                        'control dies, each opponent loses 1 life and you gain 1 life."', "Artifact")
    assert result.status == "ok", result.sentences
    assert result.card["abilities"] == [{"static": {
        "affects": {}, "whose": "any", "self": True, "if_you_control": {"filter": {"subtypes": ["Cleric"]}},
        "grant": [{"triggered": {"when": {"event": "dies", "filter": {"types": ["Creature"]}, "whose": "you"},
                                 "do": [{"lose_life": {"amount": 1, "whose": "opponent"}}, {"gain_life": 1}],
                                 "text": "each opponent loses 1 life and you gain 1 life"}}]}}]


@pytest.mark.parametrize("text", [
    # a condition no form reads (CR 722.1: an opponent's designation)
    'As long as an opponent is the monarch, this creature has "{T}: Draw a card."',
    # "it" is the enchanted permanent, not the Aura: not a grant to its source
    'As long as enchanted permanent is red or green, it has "{T}: Draw a card."',
])
def test_a_conditional_grant_the_compiler_cannot_read_stays_not_understood(text):
    result = compile_card("Test Card", text, "Creature", power="2", toughness="2")
    assert [s["class"] for s in result.sentences] == ["not understood"]


def test_a_quoted_ability_granted_while_the_enchanted_creature_is_of_a_color():
    """CR 611.3a, 613.1f: "As long as enchanted creature is blue, it gets +1/+1 and has "..."": the
    condition on the creature the Aura is attached to is the filter of what it affects."""
    result = compile_card("Test Helm", 'Enchant creature\nAs long as enchanted creature is blue, it gets +1/+1 and '
                                       'has "Whenever this creature deals damage to an opponent, draw a card."',
                          "Enchantment — Aura")
    assert result.status == "ok", result.sentences
    assert result.card["abilities"] == [{"static": {
        "affects": {"types": ["Creature"], "colors": ["U"]}, "whose": "any", "enchanted": True,
        "pt": {"power": 1, "toughness": 1},
        "grant": [{"triggered": {"when": {"event": "damage"}, "text": "draw a card"}}]}}]


def test_a_granted_ability_whose_target_is_kept_in_its_text_is_refused_as_printed(cli, tmp_path):
    """CR 601.2c, 602.2b, 613.1f: Burning Anger's "{T}: This creature deals damage equal to its power to
    any target." is granted, its target unjudged as the same words printed are: can-activate refuses to
    judge it (a partial card before)."""
    board, _ = write_inputs(tmp_path, board="""\
        players: [Alice, Bob]
        battlefield:
        - {id: bears, card: Grizzly Bears, controller: Alice}
        - {id: anger, card: Burning Anger, controller: Alice, attached_to: {permanent: bears}}
        """)
    assert cli("can-activate", board, "bears", "--cards", FERVOR_CARDS) == (
        2, "", f"error: {board}: --ability: bears (Grizzly Bears) ability 1: 'its target, which the compiler keeps "
               "in its text (CR 115.1c, 601.2c)' is not modelled, so whether it can be activated now is unknown\n")


PROWESS = {"triggered": {"when": {"event": "cast", "filter": {"not_types": ["Creature"]}, "whose": "you"},
                         "do": [{"pump_self": {"power": 1, "toughness": 1}}],
                         "text": "this creature gets +1/+1 until end of turn"}}


@pytest.mark.parametrize("text, keywords", [
    ("Other creatures you control have prowess.", {}),
    ("Other creatures you control have menace and prowess.", {"grant_keywords": ["Menace"]}),
])
def test_prowess_granted_is_its_triggered_ability(cli, tmp_path, text, keywords):
    """CR 702.108a, 702.108b, 613.1f: prowess granted is the triggered ability the keyword stands for, each
    creature's own (Bria, Riptide Rogue; Sokka, Tenacious Tactician).  It triggers only as its controller casts
    a noncreature spell (601.2i): next puts it on the stack as the Bears' (a stack item names it by the granting
    card, its ability and the place among what that grants: `granted`, 603.3) and resolves it, the Bears a 3/3
    until end of turn (tests/cases/next/granted-prowess.yaml)."""
    result = compile_card("Test Captain", text, "Creature — Human", power="1", toughness="1")
    assert result.status == "ok", result.sentences
    assert result.card["abilities"] == [{"static": {
        "affects": {"other": True, "types": ["Creature"]}, "whose": "you", **keywords, "grant": [PROWESS]}}]
    board, cards = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [result.card]}, board="""\
players:
- {name: Alice, hand: [Searing Spear], mana_pool: "{R}{R}"}
- Bob
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: captain, card: Test Captain, controller: Alice}
- {id: bears, card: Grizzly Bears, controller: Alice}
""")
    assert cli("next", board, "pass", "--cards", cards, "--cards", TARGETS)[0] == 0
    assert cli("next", board, "cast", "Searing Spear", "target=Bob", "resolve", "--cards", cards, "--cards",
               TARGETS) == (0, """outcome 1: probability 1
  - Alice casts Searing Spear as searing-spear targeting Bob, paying {R}{R} (CR 601.2)
  - put bears-1.1 (Test Captain, bears:1.1) on the stack
  - bears-1.1 (Test Captain, bears:1.1) resolves
  - Grizzly Bears (bears) gets +1/+1 until end of turn (CR 611.2a, 613.4c)
""", "")


def test_prowess_among_protection_qualities_is_not_read():
    assert compile_card("Test Captain", "Other creatures you control have prowess and protection from red and from "
                        "blue.", "Creature — Human", power="1", toughness="1").status == "partial"


@pytest.mark.parametrize("granted, ability, error", [
    (2, 1, "stack[0].granted: Test Captain's ability 1 grants no triggered ability 2 (CR 613.1f; numbered from 1)"),
    (1, 2, "stack[0].granted: Test Captain's ability 2 grants no triggered ability 1 (CR 613.1f; numbered from 1)"),
])
def test_a_granted_stack_item_names_a_granted_triggered_ability(granted, ability, error):
    """CR 613.1f: a stack item's `granted` names a triggered ability the card's static ability grants; one that
    names none is refused with its place (tests/cases/next/granted-prowess.yaml resolves one that does)."""
    with pytest.raises(BoardError) as raised:
        pysolver.board_from_data({
            "players": [{"name": "Alice", "spells_cast_this_turn": 1}, "Bob"],
            "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
            "battlefield": [{"id": "bears", "card": "Grizzly Bears", "controller": "Alice"}],
            "stack": [{"card": "Test Captain", "controller": "Alice", "source": "bears", "ability": ability,
                       "granted": granted}]},
            [Path(__file__).parent / "cases" / "next" / "granted-prowess.yml"])
    assert str(raised.value) == f"<board>: {error}"
