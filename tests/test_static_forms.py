"""Static abilities of permanents with issue 13's general conditions and counts
(pysolver/cards/oracle_static.py, oracle_pt.py; asp/static_conditions.lp, asp/power_toughness.lp):
what each form compiles to, the near forms that stay not understood, and what the payment search
refuses.  The ruling cases are tests/cases/oracle/static-forms.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import api
from pysolver.cards.oracle import compile_card
from pysolver.errors import LimitExceeded

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-static-forms.yaml"
LIFE_RIDERS = Path(__file__).parent / "cases" / "next" / "life-riders.yml"
SELF = {"affects": {}, "whose": "any", "self": True}


def static_of(text: str, type_line: str = "Creature — Kavu", **stats: str) -> dict:
    result = compile_card("Test Kavu", text, type_line, **({"power": "2", "toughness": "2"} | stats))
    assert result.ok, result.ignored
    (ability,) = result.card["abilities"]
    return ability["static"]


@pytest.mark.parametrize("condition, judged", [
    ("you gained life this turn", {"if_life_gained": {"at_least": 1}}),
    ("you've gained three or more life this turn", {"if_life_gained": {"at_least": 3}}),
    ("an opponent has three or more poison counters", {"if_poison": {"whose": "opponent", "at_least": 3}}),
    ("an opponent is poisoned", {"if_poison": {"whose": "opponent", "at_least": 1}}),
])
def test_a_board_condition_compiles(condition, judged):
    assert static_of(f"Test Kavu gets +1/+1 as long as {condition}.") == {
        **SELF, "pt": {"power": 1, "toughness": 1}, **judged}


@pytest.mark.parametrize("condition", [
    "you gained exactly three life this turn",
    "you have three or more poison counters",  # its controller's own: no such form
    "an opponent lost life this turn",
])
def test_near_board_conditions_stay_not_understood(condition):
    assert compile_card("Test Kavu", f"Test Kavu gets +1/+1 as long as {condition}.", "Creature — Kavu").status == \
        "partial"


def test_an_opponent_poisoned_grants_infect():
    """CR 122.1f: "poisoned" is one or more poison counters; the keyword is granted while some opponent is."""
    from pysolver import facts, solver

    def keywords(poison: int) -> set[str]:
        board = pysolver.board_from_data({"players": ["Alice", {"name": "Bob", "poison": poison}], "battlefield": [
            {"id": "v", "card": "Viridian Betrayers", "controller": "Alice"}]}, [CARDS])
        grounded = solver.ground(facts.board_facts(board))
        return {str(a.arguments[1]).strip('"') for a in grounded.atoms("has_keyword", 2)}

    assert keywords(1) == {"infect"}
    assert keywords(0) == set()


def test_life_gained_read_beside_a_life_gaining_mana_ability_is_refused():
    """CR 119.3, 611.3a: the life Test Henge Land's ability gains would turn Thornfist Striker's bonus on
    during the search (Test Power Elf's mana then grows), which the search doesn't follow: refused."""
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "henge", "card": "Test Henge Land", "controller": "Alice"},
        {"id": "striker", "card": "Thornfist Striker", "controller": "Alice"},
        {"id": "elf", "card": "Test Power Elf", "controller": "Alice"}]}, [CARDS, LIFE_RIDERS])
    with pytest.raises(LimitExceeded) as refused:
        api.pay(board, "Alice", "{G}{G}{G}")
    assert "henge's mana ability 1 makes Alice gain life" in str(refused.value)


@pytest.mark.parametrize("text, granted", [
    ("Enchanted creature gets +2/+2 and has mountainwalk.", ["Mountainwalk"]),
    ("Equipped creature gets +2/+0 and has artifact landwalk.", ["Artifact landwalk"]),
    ("Equipped creature gets +0/+2 and has toxic 1.", ["Toxic 1"]),
    ("Other Merfolk creatures you control get +1/+1 and have islandwalk.", ["Islandwalk"]),
    ("Enchanted creature gets +2/+2 and has mentor.", ["Mentor"]),
    ("Equipped creature gets +1/+0 and has melee, trample, and haste.", ["Melee", "Trample", "Haste"]),
    ("Enchanted creature gets +1/+0 and has banding.", ["Banding"]),
    ("Equipped creature gets +1/+1 and has annihilator 2.", ["Annihilator 2"]),
    ("Enchanted creature gets +1/+0 and has battle cry.", ["Battle cry"]),
])
def test_combat_keywords_are_granted(text, granted):
    """CR 702.14c, 702.164c: landwalk and toxic act only in combat, but the object has them; so do the keywords
    that trigger only as it attacks or blocks (melee 702.121a, mentor 702.134a, annihilator 702.86a, battle cry
    702.91a) and banding, which changes only combat (702.22a)."""
    static = static_of(text, "Enchantment — Aura" if text.startswith("Enchanted") else "Artifact — Equipment")
    assert static["grant_keywords"] == granted


@pytest.mark.parametrize("text", [
    "Equipped creature gets +1/+0 and has snow swampwalk.",  # a landwalk of two qualities: not read
    "Equipped creature gets +1/+0 and has toxic X.",
    "Equipped creature gets +1/+1 and has undying.",  # a dies trigger, which next follows: not combat's
    "Equipped creature gets +1/+1 and has afterlife 1.",
])
def test_near_combat_keywords_stay_not_understood(text):
    assert compile_card("Test Gear", text, "Artifact — Equipment").status == "partial"


@pytest.mark.parametrize("text, cda", [
    ("Test Kavu's power and toughness are each equal to the greatest mana value among artifacts you control.",
     {"greatest_mana_value": {"whose": "you", "filter": {"types": ["Artifact"]}}}),
    ("Test Kavu's power and toughness are each equal to the total mana value of other creatures you control.",
     {"total_mana_value": {"whose": "you", "filter": {"types": ["Creature"], "other": True}}}),
])
def test_mana_value_amounts_compile(text, cda):
    """CR 604.3, 202.3: a characteristic-defining ability of the greatest or total mana value."""
    assert static_of(text, power="*", toughness="*") == {**SELF, "cda": {"power": cda, "toughness": cda}}


def test_a_mana_value_amount_of_x():
    """CR 107.3a, 202.3: "+X/+X, where X is the greatest mana value among artifacts you control"."""
    static = static_of("Equipped creature gets +X/+X, where X is the greatest mana value among artifacts you "
                       "control.", "Artifact — Equipment")
    assert static["per"] == {"greatest_mana_value": {"whose": "you", "filter": {"types": ["Artifact"]}}}


@pytest.mark.parametrize("text", [
    # "other" in a greatest: no form; cards in a graveyard: not a count of permanents
    "Test Kavu's power is equal to the greatest mana value among other artifacts you control.",
    "Test Kavu's power is equal to the greatest mana value among creature cards in your graveyard.",
])
def test_near_mana_value_amounts_stay_not_understood(text):
    assert compile_card("Test Kavu", text, "Creature — Kavu", power="*", toughness="2").status == "partial"


@pytest.mark.parametrize("text, static", [
    ("Other creatures you control with flying get +1/+0.",
     {"affects": {"types": ["Creature"], "keywords": ["Flying"], "other": True}, "whose": "you",
      "pt": {"power": 1, "toughness": 0}}),
    ("Test Kavu gets +1/+1 for each other creature you control with flying.",
     {**SELF, "pt": {"power": 1, "toughness": 1},
      "per": {"count": {"whose": "you", "filter": {"types": ["Creature"], "keywords": ["Flying"], "other": True}}}}),
])
def test_layer_7_reads_keywords(text, static):
    """CR 613.1f, 613.4c: layer 7 applies after layer 6, so it may choose or count objects by keywords."""
    assert static_of(text) == static


@pytest.mark.parametrize("text", [
    "Other creatures you control with flying get +1/+0 and have vigilance.",  # layer 6 reading layer 6
    "Other creatures you control with flying have haste.",
    "Creatures you control with flying get +1/+0 and lose trample.",
    "Creatures you control with power 4 or greater get +1/+0.",  # layer 7 reading itself
])
def test_layer_6_still_reads_no_keywords(text):
    assert compile_card("Test Kavu", text, "Creature — Kavu", power="2", toughness="2").status == "partial"


def test_layer_7_by_keywords_beside_layer_6_by_power_is_refused(tmp_path):
    """CR 613.8: Windstorm Drake's filter reads layer 6's keywords; a static ability that grants flying to
    creatures with power 2 or greater reads layer 7's power: each depends on the other, refused."""
    from helpers import write_inputs
    from pysolver.errors import BoardError

    lord = {"name": "Test Sky Lord", "types": ["Creature"], "power": 1, "toughness": 1, "abilities": [
        {"static": {"affects": {"types": ["Creature"], "power_at_least": 2}, "whose": "you",
                    "grant_keywords": ["Flying"]}}]}
    _, path = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [lord]})
    with pytest.raises(BoardError, match=r"changes power and toughness by keywords .* \(CR 613\.8\)"):
        pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
            {"card": "Windstorm Drake", "controller": "Alice"},
            {"card": "Test Sky Lord", "controller": "Alice"}]}, [CARDS, path])


@pytest.mark.parametrize("text, type_line, per", [
    ("Equipped creature gets +1/+0 for each Equipment attached to it.", "Artifact — Equipment",
     {"attached_to_affected": ["Equipment"]}),
    ("Each creature you control gets +2/+0 for each Equipment attached to it.", "Creature — Dwarf",
     {"attached_to_affected": ["Equipment"]}),
    ("Each creature you control gets +1/+1 for each +1/+1 counter on it.", "Creature — Human",
     {"counters_on_affected": "+1/+1"}),
    ("Equipped creature gets +X/+X, where X is its mana value.", "Artifact — Equipment",
     {"affected_mana_value": True}),
    ("Enchanted creature gets +1/+1 for each Aura attached to it.", "Enchantment — Aura",
     {"attached_to_affected": ["Aura"]}),
    ("Each Fungus creature gets +1/+1 for each spore counter on it.", "Creature — Fungus",
     {"counters_on_affected": "spore"}),
])
def test_an_amount_counted_on_each_object_affected(text, type_line, per):
    """CR 613.4c: "it" is each object the ability affects (not its source): the amount is that object's."""
    assert static_of(text, type_line)["per"] == per


@pytest.mark.parametrize("text", [
    "Equipped creature gets +X/+X, where X is the number of counters on it.",  # of every kind: no such form
    "Each creature you control gets +1/+1 for each counter on it.",
])
def test_near_amounts_on_each_object_stay_not_understood(text):
    assert compile_card("Test Gear", text, "Artifact — Equipment").status == "partial"


@pytest.mark.parametrize("static, message", [
    ({"affects": {}, "whose": "any", "self": True, "cda": {"power": {"affected_mana_value": True}}},
     "is a per's alone"),
    ({"affects": {"types": ["Creature"]}, "whose": "you", "pt": {"power": 1, "toughness": 1},
      "per": {"counters_on_affected": "+1/+1", "also": {"count": {"filter": {"types": ["Land"]}}}}},
     "is a per's alone"),
])
def test_an_amount_on_each_object_is_a_per_alone(tmp_path, static, message):
    from helpers import write_inputs
    from pysolver.errors import CardError

    _, path = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [
        {"name": "Test Lord", "types": ["Creature"], "power": 1, "toughness": 1,
         "abilities": [{"static": static}]}]})
    with pytest.raises(CardError, match=message):
        pysolver.board_from_data({"players": ["Alice", "Bob"],
                                  "battlefield": [{"card": "Test Lord", "controller": "Alice"}]}, [path])


@pytest.mark.parametrize("text, affects", [
    ("Other Demons, Devils, Imps, and Tieflings you control get +1/+1.",
     {"any_of": [{"subtypes": ["Demon"]}, {"subtypes": ["Devil"]}, {"subtypes": ["Imp"]}, {"subtypes": ["Tiefling"]}],
      "other": True}),
    ("Other snow and Zombie creatures you control get +1/+1.",
     {"any_of": [{"supertypes": ["Snow"], "types": ["Creature"]}, {"subtypes": ["Zombie"], "types": ["Creature"]}],
      "other": True}),
    ("Each other creature you control that's a Skeleton or Pirate gets +1/+1.",
     {"any_of": [{"types": ["Creature"], "subtypes": ["Skeleton"]}, {"types": ["Creature"], "subtypes": ["Pirate"]}],
      "other": True}),
])
def test_groups_of_several_kinds(text, affects):
    """CR 109.2: an object of one of the kinds named; "other": the source left out (205.3)."""
    assert static_of(text)["affects"] == affects


@pytest.mark.parametrize("text, type_line, per", [
    ("Each other multicolored creature you control gets +1/+1 for each of its colors.", "Creature — Knight",
     {"affected_colors": True}),
    ("Each creature you control gets +1/+1 for each white mana symbol in its mana cost.", "Enchantment",
     {"affected_cost_symbols": "W"}),
    ("Equipped creature gets +1/+0 for each opponent you have.", "Artifact — Equipment", {"opponents": True}),
    ("Equipped creature has first strike and gets +1/+0 for each instant and sorcery card in your graveyard.",
     "Artifact — Equipment",
     {"count": {"whose": "you", "zone": "graveyard", "filter": {"any_of": [{"types": ["Instant"]},
                                                                          {"types": ["Sorcery"]}]}}}),
])
def test_more_amounts(text, type_line, per):
    """CR 105.2, 107.4, 102.3, 613.4c."""
    assert static_of(text, type_line)["per"] == per


def test_a_combat_only_part_beside_a_change():
    """CR 508.1: "can attack as though it didn't have defender" acts only as attackers are declared."""
    static = static_of("As long as you control three or more artifacts, Test Kavu gets +2/+2 and can attack as "
                       "though it didn't have defender.")
    assert static["pt"] == {"power": 2, "toughness": 2}


def test_the_plural_of_pegasus():
    assert static_of("Other Pegasi you control get +1/+1.")["affects"] == {"subtypes": ["Pegasus"], "other": True}


def test_a_count_on_the_battlefield_named_like_it():
    """CR 201.2: "for each other creature on the battlefield named ~": every player's, its source left out."""
    result = compile_card("Test Rats", "Test Rats gets +1/+1 for each other creature on the battlefield named Test "
                          "Rats.", "Creature — Rat", power="2", toughness="2")
    assert result.ok, result.ignored
    assert result.card["abilities"][0]["static"]["per"] == {
        "count": {"whose": "any", "filter": {"named": "Test Rats", "other": True, "types": ["Creature"]}}}


def test_a_blocking_requirement_beside_a_change():
    """CR 509.1c: "all creatures able to block it do so" acts only as blockers are declared."""
    static = static_of("As long as enchanted creature is green, it gets +1/+1 and all creatures able to block it "
                       "do so.", "Enchantment — Aura")
    assert static["affects"] == {"types": ["Creature"], "colors": ["G"]} and static["pt"] == {"power": 1, "toughness": 1}


def test_gets_and_doesnt_untap():
    """CR 613.4c, 502.3: two static abilities of the Equipment."""
    result = compile_card("Test Armor", "Equipped creature gets +3/+3 and doesn't untap during its controller's untap "
                          "step.", "Artifact — Equipment")
    assert result.ok, result.ignored
    reach = {"affects": {"types": ["Creature"]}, "whose": "any", "enchanted": True}
    assert result.card["abilities"] == [{"static": {**reach, "pt": {"power": 3, "toughness": 3}}},
                                        {"static": {**reach, "doesnt_untap": True}}]


def test_otherwise_it_gets():
    """CR 611.3a, 205.3: "... as long as it's a Vampire. Otherwise, it gets -2/-2": one change while it has the
    subtype, the other while it doesn't."""
    result = compile_card("Test Fangs", "Enchanted creature gets +2/+2 as long as it's a Vampire. Otherwise, it gets "
                          "-2/-2.", "Enchantment — Aura")
    assert result.ok, result.ignored
    reach = {"whose": "any", "enchanted": True}
    assert result.card["abilities"] == [
        {"static": {"affects": {"types": ["Creature"], "subtypes": ["Vampire"]}, **reach,
                    "pt": {"power": 2, "toughness": 2}}},
        {"static": {"affects": {"types": ["Creature"], "not_subtypes": ["Vampire"]}, **reach,
                    "pt": {"power": -2, "toughness": -2}}}]


def test_otherwise_of_a_color():
    """"as long as it's white. Otherwise, ...": the second change is for the creature that isn't white (the
    filter's not_colors, CR 105.2; tests/cases/oracle/static-forms.yaml: Serra's Boon)."""
    result = compile_card("Test Boon", "Enchanted creature gets +1/+2 as long as it's white. Otherwise, it gets -2/-1.",
                          "Enchantment — Aura")
    assert result.status == "ok"
    assert result.card["abilities"] == [
        {"static": {"affects": {"types": ["Creature"], "colors": ["W"]}, "whose": "any", "enchanted": True,
                    "pt": {"power": 1, "toughness": 2}}},
        {"static": {"affects": {"types": ["Creature"], "not_colors": ["W"]}, "whose": "any", "enchanted": True,
                    "pt": {"power": -2, "toughness": -1}}}]


def test_it_gets_more_instead_while_a_condition_holds():
    """CR 611.3a, 613.4c: "Enchanted creature gets -2/-2. It gets -5/-5 instead as long as you've completed a
    dungeon": the first change always, and the difference (-3/-3) while the condition holds; changes of layer 7c
    add up, so the creature gets -5/-5 then (309.7: the board's completed_dungeons)."""
    result = compile_card("Test Drop", "Enchanted creature gets -2/-2. It gets -5/-5 instead as long as you've "
                          "completed a dungeon.", "Enchantment — Aura")
    reach = {"affects": {"types": ["Creature"]}, "whose": "any", "enchanted": True}
    assert (result.status, result.card["abilities"]) == ("ok", [
        {"static": {**reach, "pt": {"power": -2, "toughness": -2}}},
        {"static": {**reach, "pt": {"power": -3, "toughness": -3}, "if_designation": "completed_dungeon"}}])
    result = compile_card("Test Axe", "Equipped creature gets +1/+1. If it's a Warrior, it gets +2/+1 instead.",
                          "Artifact — Equipment")
    reach = {"whose": "any", "enchanted": True}
    assert (result.status, result.card["abilities"]) == ("ok", [
        {"static": {"affects": {"types": ["Creature"]}, **reach, "pt": {"power": 1, "toughness": 1}}},
        {"static": {"affects": {"types": ["Creature"], "subtypes": ["Warrior"]}, **reach,
                    "pt": {"power": 1, "toughness": 0}}}])


DROP = """format: pysolver-oracle/1
cards:
- name: Test Drop
  mana_cost: '{2}{B}'
  types: [Enchantment]
  subtypes: [Aura]
  keywords: [Enchant]
  oracle: "Enchant creature\\nEnchanted creature gets -2/-2. It gets -5/-5 instead as long as you've completed a
    dungeon."
"""
GIANT = Path(__file__).parent / "cases" / "next" / "damage-replacements.yml"  # Hill Giant, a vanilla 3/3


@pytest.mark.parametrize("alice, events", [
    # CR 309.7, 613.4c, 704.5f: Alice completed a dungeon: the 3/3 gets -5/-5 and dies; the Aura, attached to
    # nothing, goes too (704.5m)
    ("{name: Alice, completed_dungeons: [Lost Mine of Phandelver]}",
     ["put into the graveyard: giant (toughness 0 or less, CR 704.5f)",
      "put into the graveyard: drop (attached illegally, CR 704.5m)"]),
    ("Alice", []),  # -2/-2 alone: a 1/1, nothing happens
])
def test_the_creature_gets_the_change_instead_while_the_condition_holds(tmp_path, alice, events):
    (tmp_path / "cards.yaml").write_text(DROP, encoding="utf-8")
    board = tmp_path / "board.yaml"
    board.write_text(f"players: [{alice}, Bob]\nturn: {{number: 3, active: Alice, step: precombat_main}}\n"
                     "battlefield:\n- {id: giant, card: Hill Giant, controller: Bob}\n"
                     "- {id: drop, card: Test Drop, controller: Alice, attached_to: {permanent: giant}}\n",
                     encoding="utf-8")
    (result,) = api.next_states(board, ["check"], cards=[tmp_path / "cards.yaml", GIANT])
    assert list(result.events) == events


@pytest.mark.parametrize("text, condition, keywords", [
    ("As long as this creature is enchanted by exactly one Aura, it has base power and toughness 3/3.",
     {"exactly": 1}, []),
    ("As long as this creature is enchanted by exactly two Auras, it has base power and toughness 3/3 and vigilance.",
     {"exactly": 2}, ["Vigilance"]),
    ("As long as this creature is enchanted by three or more Auras, it has base power and toughness 3/3, vigilance, "
     "and trample.", {"at_least": 3}, ["Vigilance", "Trample"]),
])
def test_base_power_and_toughness_by_the_auras_on_it(text, condition, keywords):
    """CR 611.3a, 303.4, 613.4b: the Auras attached to its source, counted (asp/static_conditions.lp)."""
    static = {**SELF, "base_pt": {"power": 3, "toughness": 3}, "if_auras": condition}
    assert static_of(text) == ({**static, "grant_keywords": keywords} if keywords else static)


PALADIN = """format: pysolver-oracle/1
cards:
- name: Test Paladin
  mana_cost: '{1}{G}'
  types: [Artifact, Creature]
  subtypes: [Knight]
  power: 1
  toughness: 1
  oracle: "As long as this creature is enchanted by exactly one Aura, it has base power and toughness 3/3.\\nAs long
    as this creature is enchanted by exactly two Auras, it has base power and toughness 5/5 and vigilance."
- name: Test Aura
  mana_cost: '{G}'
  types: [Enchantment]
  subtypes: [Aura]
  keywords: [Enchant]
  oracle: "Enchant creature"
"""


@pytest.mark.parametrize("auras, events", [
    (1, ["destroy paladin (lethal damage, CR 704.5g)",
         "put into the graveyard: aura-1 (attached illegally, CR 704.5m)"]),  # a 3/3 with 4 damage
    (2, []),  # a 5/5 with 4 damage
])
def test_the_auras_on_it_set_its_base_power_and_toughness(tmp_path, auras, events):
    (tmp_path / "cards.yaml").write_text(PALADIN, encoding="utf-8")
    board = tmp_path / "board.yaml"
    board.write_text("players: [Alice, Bob]\nturn: {number: 3, active: Alice, step: precombat_main}\nbattlefield:\n"
                     "- {id: paladin, card: Test Paladin, controller: Alice, damage: 4}\n"
                     + "".join(f"- {{id: aura-{i}, card: Test Aura, controller: Alice, attached_to: {{permanent: "
                               f"paladin}}}}\n" for i in range(1, auras + 1)), encoding="utf-8")
    (result,) = api.next_states(board, ["check"], cards=[tmp_path / "cards.yaml"])
    assert list(result.events) == events


@pytest.mark.parametrize("text", [
    "Enchanted creature gets +1/+2 as long as it's white and blue. Otherwise, it gets -2/-1.",
    "Enchanted creature gets +1/+2 as long as it's white and blue.",  # raised a TypeError
    "As long as enchanted creature is white and blue, it gets +1/+1.",  # was read as white or blue
])
def test_a_condition_of_two_colors_at_once_stays_not_understood(text):
    """CR 105.2: "white and blue" is both colors at once, which no filter's alternatives (any_of) say."""
    assert compile_card("Test Boon", text, "Enchantment — Aura").status == "partial"
