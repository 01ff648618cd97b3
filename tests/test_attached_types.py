"""An Aura's or Equipment's static ability that adds to the types of the permanent it is attached
to beside its power and toughness and keywords (layer 4, CR 613.1d, 205.1b, 205.3m; 613.4c,
613.1f), compiled from Oracle text (pysolver/cards/oracle_attached_types.py) into two static
abilities and judged by asp/objects.lp; the ruling cases are tests/cases/oracle/attached-types.yaml."""

from __future__ import annotations

import pytest

import pysolver
from pysolver.cards import CardError
from pysolver.cards.oracle import compile_card

from helpers import write_inputs

EQUIPPED = {"affects": {"types": ["Creature"]}, "whose": "any", "enchanted": True}


@pytest.mark.parametrize("text, added, rest", [
    ("Equipped creature gets +1/+0 and is a Knight in addition to its other types.",
     {"add_subtypes": ["Knight"]}, {"pt": {"power": 1, "toughness": 0}}),
    ("Equipped creature gets +2/+2, has trample and haste, and is a Samurai in addition to its other types.",
     {"add_subtypes": ["Samurai"]}, {"pt": {"power": 2, "toughness": 2}, "grant_keywords": ["Trample", "Haste"]}),
    ("Equipped creature gets +3/+0 and is every creature type.",
     {"add_subtypes": "all_creature_types"}, {"pt": {"power": 3, "toughness": 0}}),
    ("Equipped creature gets +1/+1 and is all creature types.",
     {"add_subtypes": "all_creature_types"}, {"pt": {"power": 1, "toughness": 1}}),
    ("Equipped creature gets +1/+1 and is an artifact in addition to its other types.",
     {"add_types": ["Artifact"]}, {"pt": {"power": 1, "toughness": 1}}),
    # ward with a cost is granted as ward, as oracle_pt grants it (targeting the creature is refused, asp/targets.lp)
    ("Equipped creature gets +2/+1, has ward {1}, and is a Knight in addition to its other types.",
     {"add_subtypes": ["Knight"]}, {"pt": {"power": 2, "toughness": 1}, "grant_keywords": ["Ward"]}),
    ("Equipped creature gets +2/+0, has menace, and is a Pirate in addition to its other creature types.",
     {"add_subtypes": ["Pirate"]}, {"pt": {"power": 2, "toughness": 0}, "grant_keywords": ["Menace"]}),
    ("Equipped creature has base power and toughness 1/1, has deathtouch, and is an Assassin in addition to its "
     "other types.", {"add_subtypes": ["Assassin"]},
     {"base_pt": {"power": 1, "toughness": 1}, "grant_keywords": ["Deathtouch"]}),
    ("Equipped creature gets +1/+1, is a Ninja in addition to its other types, and has trample.",
     {"add_subtypes": ["Ninja"]}, {"pt": {"power": 1, "toughness": 1}, "grant_keywords": ["Trample"]}),
    ("Equipped creature is a Wizard in addition to its other types and has flying.",
     {"add_subtypes": ["Wizard"]}, {"grant_keywords": ["Flying"]}),
])
def test_the_addition_compiles_before_the_rest(text, added, rest):
    result = compile_card("Test Gear", text, "Artifact — Equipment")
    assert result.ok, result.ignored
    assert [a["static"] for a in result.card["abilities"]] == [{**EQUIPPED, **added}, {**EQUIPPED, **rest}]


@pytest.mark.parametrize("text", [
    # a supertype: no effect the rules model changes supertypes
    "Enchanted creature gets +2/+2, has first strike and vigilance, and is a legendary Soldier in addition to its "
    "other types.",
    "Enchanted creature is a black Zombie in addition to its other types.",  # a color: layer 5, not this form
    "Equipped creature is an Angel in addition to its other types and has \"{T}: Draw a card.\"",  # not read
    "Equipped creature gets +1/+1 and is a Gizmo in addition to its other types.",  # no creature type
])
def test_other_additions_stay_not_understood(text):
    result = compile_card("Test Gear", text, "Artifact — Equipment")
    assert result.status == "partial" and result.ignored == [text]


def test_the_addition_alone():
    """CR 205.1b: "Enchanted creature is an Angel Warrior in addition to its other types": two creature types,
    nothing beside."""
    result = compile_card("Test Aura", "Enchant creature\nEnchanted creature is an Angel Warrior in addition to its "
                          "other types.", "Enchantment — Aura")
    assert result.ok, result.ignored
    assert [a["static"] for a in result.card["abilities"]] == [{**EQUIPPED, "add_subtypes": ["Angel", "Warrior"]}]


def test_an_addition_does_nothing_else(tmp_path):
    """The format keeps one static ability per layer: the types added alone."""
    _, path = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [
        {"name": "Test Gear", "types": ["Artifact"], "subtypes": ["Equipment"],
         "abilities": [{"static": {**EQUIPPED, "add_subtypes": ["Knight"], "pt": {"power": 1, "toughness": 1}}}]}]})
    with pytest.raises(CardError, match=r"static\.add_subtypes: creature types are added"):
        board = pysolver.board_from_data({"players": ["Alice", "Bob"],
                                          "battlefield": [{"card": "Test Gear", "controller": "Alice"}]}, [path])
        pysolver.could_produce(board)


def test_power_toughness_and_types_of_the_equipped(tmp_path):
    """CR 613.1d, 613.4c: the Bears equipped with the Stalactite are 3/3 and every creature type;
    unattached, 2/2 Bears."""
    from pysolver import facts, solver
    result = compile_card("Runed Stalactite", "Equipped creature gets +1/+1 and is every creature type.\nEquip {2}",
                          "Artifact — Equipment")
    _, path = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [result.card]})

    def seen(stalactite):
        board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
            {"id": "bears", "card": "Grizzly Bears", "controller": "Alice"}, stalactite]}, [path])
        grounded = solver.ground(facts.board_facts(board))
        stats = {a.arguments[1].name: a.arguments[2].number for a in grounded.atoms("stat", 3)
                 if a.arguments[0].string == "bears"}
        subtypes = {a.arguments[1].string for a in grounded.atoms("has_subtype", 2) if a.arguments[0].string == "bears"}
        return stats, {"Bear", "Elf", "Sliver"} & subtypes

    stalactite = {"id": "stalactite", "card": "Runed Stalactite", "controller": "Alice"}
    assert seen({**stalactite, "attached_to": {"permanent": "bears"}}) == (
        {"power": 3, "toughness": 3}, {"Bear", "Elf", "Sliver"})
    assert seen(stalactite) == ({"power": 2, "toughness": 2}, {"Bear"})


# CR 613.6, 205.1b: "Enchanted land is a 2/6 white Wall creature with defender. It's still a land." (the Zendikons: the
# card was unsupported, a type-changing effect no form read).
ZENDIKON = ("Enchant land\nEnchanted land is a 2/6 white Wall creature with defender. It's still a land.\nWhen "
            "enchanted land dies, return that card to its owner's hand.")
LAND = {"affects": {"types": ["Land"]}, "whose": "any", "enchanted": True}
CREATURE = {"affects": {"types": ["Creature"]}, "whose": "any", "enchanted": True}


def test_an_aura_makes_its_land_a_creature():
    result = compile_card("Test Zendikon", ZENDIKON, "Enchantment — Aura", mana_cost="{2}{W}")
    assert result.status == "ok"
    assert result.card["abilities"][:5] == [
        {"static": {**LAND, "add_types": ["Creature"]}}, {"static": {**LAND, "add_subtypes": ["Wall"]}},
        {"static": {**LAND, "set_colors": ["W"]}}, {"static": {**CREATURE, "grant_keywords": ["Defender"]}},
        {"static": {**CREATURE, "base_pt": {"power": 2, "toughness": 6}}}]


@pytest.fixture
def zendikon_cards(tmp_path):
    made = [compile_card("Test Zendikon", ZENDIKON, "Enchantment — Aura", mana_cost="{2}{W}").card,
            compile_card("Test Wall Lord", "Wall creatures get +0/+1.", "Creature — Human", mana_cost="{1}{W}",
                         power="1", toughness="1").card,
            compile_card("Test Paladin", "Test Paladin gets +0/+1 for each white creature you control.",
                         "Creature — Elf", mana_cost="{1}{G}", power="1", toughness="1").card]
    return write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": made})[1]


def test_the_animated_land_is_summoning_sick(cli, tmp_path, zendikon_cards):
    """CR 302.6: a creature now, come under Alice's control this turn: its {T} mana ability can't be activated."""
    board, _ = write_inputs(tmp_path, board="""\
        players: [Alice, Bob]
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: forest, card: Forest, controller: Alice, entered: {turn: 3, step: precombat_main}}
        - {id: z, card: Test Zendikon, controller: Alice, attached_to: {permanent: forest}}
        """)
    assert cli("can-activate", board, "forest", "--cards", zendikon_cards) == (0, (
        "no: Forest (forest), ability 1: {T}: Add {G}\n  302.6: Forest has not been under Alice's control continuously "
        "since Alice's most recent turn began\n"), "")


@pytest.mark.parametrize("extra, events", [
    ("", ["destroy forest (lethal damage, CR 704.5g)", "put into the graveyard: z (attached illegally, CR 704.5m)",
          "put z-6 (Test Zendikon, z:6) on the stack"]),
    # a Wall (layer 4, the creature types the same effect gives, 205.1b): the lord's +0/+1 makes it 2/7
    ("- {id: lord, card: Test Wall Lord, controller: Alice}\n", []),
])
def test_the_animated_land_is_a_wall(checked, extra, events):
    assert checked("- {id: forest, card: Forest, controller: Alice, damage: 6}\n"
                   "- {id: z, card: Test Zendikon, controller: Alice, attached_to: {permanent: forest}}\n" + extra) \
        == events


@pytest.mark.parametrize("aura, events", [("", ["destroy pal (lethal damage, CR 704.5g)"]),
                                          ("- {id: z, card: Test Zendikon, controller: Alice, attached_to: "
                                           "{permanent: forest}}\n", [])])
def test_the_animated_land_is_white(checked, aura, events):
    """Layer 5 (CR 613.1e): a white creature, which the Paladin counts (1/2, 1 damage not lethal)."""
    assert checked("- {id: forest, card: Forest, controller: Alice}\n"
                   "- {id: pal, card: Test Paladin, controller: Alice, damage: 1}\n" + aura) == events


@pytest.fixture
def checked(cli, tmp_path, zendikon_cards):
    from helpers import checked_events

    return lambda battlefield: checked_events(cli, tmp_path, zendikon_cards, battlefield)
