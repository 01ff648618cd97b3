"""The power-and-toughness and keyword-grant forms of pysolver/cards/oracle_pt.py (layer 7, CR
613.4; layer 6, 613.1f): what the compiler makes of each, what it refuses, and the card data
the rules refuse (a layer 7 dependency on power or keywords, 613.8)."""

from __future__ import annotations

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import CardError

from helpers import write_inputs

CREATURES = {"types": ["Creature"]}


@pytest.mark.parametrize("text, type_line, expected", [
    ("Creatures you control get +1/+1.", "Enchantment",
     {"affects": CREATURES, "whose": "you", "pt": {"power": 1, "toughness": 1}}),
    ("Creatures your opponents control get -1/-1.", "Enchantment",
     {"affects": CREATURES, "whose": "opponent", "pt": {"power": -1, "toughness": -1}}),
    ("All creatures get -1/-1.", "Enchantment",
     {"affects": CREATURES, "whose": "any", "pt": {"power": -1, "toughness": -1}}),
    ("White creatures you control get +0/+1.", "Enchantment",
     {"affects": {"colors": ["W"], "types": ["Creature"]}, "whose": "you", "pt": {"power": 0, "toughness": 1}}),
    ("Other Elves you control get +1/+1.", "Creature — Elf",
     {"affects": {"other": True, "subtypes": ["Elf"]}, "whose": "you", "pt": {"power": 1, "toughness": 1}}),
    ("Enchanted creature gets +2/+2 and has flying and hexproof.", "Enchantment — Aura",
     {"affects": CREATURES, "whose": "any", "enchanted": True, "pt": {"power": 2, "toughness": 2},
      "grant_keywords": ["Flying", "Hexproof"]}),
    ("Equipped creature gets +1/+0 for each artifact you control.", "Artifact — Equipment",
     {"affects": CREATURES, "whose": "any", "enchanted": True, "pt": {"power": 1, "toughness": 0},
      "per": {"count": {"whose": "you", "filter": {"types": ["Artifact"]}}}}),
    ("~ gets +1/+1 for each other creature you control.", "Creature — Elf",
     {"affects": {}, "whose": "any", "self": True, "pt": {"power": 1, "toughness": 1},
      "per": {"count": {"whose": "you", "filter": {"other": True, "types": ["Creature"]}}}}),
    ("~ gets +1/+1 for each creature card in your graveyard.", "Creature — Elf",
     {"affects": {}, "whose": "any", "self": True, "pt": {"power": 1, "toughness": 1},
      "per": {"count": {"whose": "you", "zone": "graveyard", "filter": {"types": ["Creature"]}}}}),
    ("~ gets +2/+2 as long as you control three or more artifacts.", "Creature — Elf",
     {"affects": {}, "whose": "any", "self": True, "pt": {"power": 2, "toughness": 2},
      "if_you_control": {"at_least": 3, "filter": {"types": ["Artifact"]}}}),
    ("As long as ~ is untapped, green creatures you control get +1/+1.", "Creature — Elf",
     {"affects": {"colors": ["G"], "types": ["Creature"]}, "whose": "you", "pt": {"power": 1, "toughness": 1},
      "if": "untapped"}),
    ("~'s power and toughness are each equal to the number of lands you control.", "Creature — Elf",
     {"affects": {}, "whose": "any", "self": True,
      "cda": {"power": {"count": {"whose": "you", "filter": {"types": ["Land"]}}},
              "toughness": {"count": {"whose": "you", "filter": {"types": ["Land"]}}}}}),
    ("~'s power is equal to the number of creature cards in all graveyards and its toughness is equal to "
     "that number plus 1.", "Creature — Elf",
     {"affects": {}, "whose": "any", "self": True,
      "cda": {"power": {"count": {"whose": "any", "zone": "graveyard", "filter": {"types": ["Creature"]}}},
              "toughness": {"count": {"whose": "any", "zone": "graveyard", "filter": {"types": ["Creature"]}},
                            "plus": 1}}}),
    ("~'s power is equal to the number of card types among cards in all graveyards and its toughness is equal to "
     "that number plus 1.", "Creature — Lhurgoyf",
     {"affects": {}, "whose": "any", "self": True,
      "cda": {"power": {"graveyard_card_types": "any"}, "toughness": {"graveyard_card_types": "any", "plus": 1}}}),
    # CR 105.2, 607.2a, 702.167c: the cards exiled with it (the board's exiled:)
    ("~'s power and toughness are each equal to the number of colors among the exiled cards used to craft it.",
     "Artifact Creature — Bird Construct",
     {"affects": {}, "whose": "any", "self": True,
      "cda": {"power": {"exiled_colors": True}, "toughness": {"exiled_colors": True}}}),
    ("~'s power is equal to the number of colors among the cards exiled with ~.", "Creature — Construct",
     {"affects": {}, "whose": "any", "self": True, "cda": {"power": {"exiled_colors": True}}}),
    ("~'s power is equal to 1 plus the number of card types among cards in your opponents' graveyards.",
     "Creature — Vampire Rogue",
     {"affects": {}, "whose": "any", "self": True, "cda": {"power": {"graveyard_card_types": "opponent", "plus": 1}}}),
    ("~'s power is equal to the number of artifacts and/or enchantments you control.", "Artifact Creature — Construct",
     {"affects": {}, "whose": "any", "self": True,
      "cda": {"power": {"count": {"whose": "you", "filter": {"any_of": [{"types": ["Artifact"]},
                                                                         {"types": ["Enchantment"]}]}}}}}),
    ("Each creature you control that's a Wolf or a Werewolf gets +1/+1 and has trample.", "Enchantment",
     {"affects": {"any_of": [{"types": ["Creature"], "subtypes": ["Wolf"]},
                             {"types": ["Creature"], "subtypes": ["Werewolf"]}]},
      "whose": "you", "pt": {"power": 1, "toughness": 1}, "grant_keywords": ["Trample"]}),
    ("Threshold — ~ gets +3/+3 as long as there are seven or more cards in your graveyard.", "Creature — Bear",
     {"affects": {}, "whose": "any", "self": True, "pt": {"power": 3, "toughness": 3}, "if_graveyard": {"at_least": 7}}),
    ("As long as there are two or more creature cards in your graveyard, ~ gets +2/+1.", "Creature — Bear",
     {"affects": {}, "whose": "any", "self": True, "pt": {"power": 2, "toughness": 1},
      "if_graveyard": {"at_least": 2, "filter": {"types": ["Creature"]}}}),
    ("Creatures you control also get +1/+0 and have trample as long as you control six or more creatures.",
     "Creature — Cat Demon",
     {"affects": CREATURES, "whose": "you", "pt": {"power": 1, "toughness": 0},
      "if_you_control": {"at_least": 6, "filter": {"types": ["Creature"]}}, "grant_keywords": ["Trample"]}),
    ("During your turn, creatures you control get +1/+0 and have trample.", "Enchantment",
     {"affects": CREATURES, "whose": "you", "pt": {"power": 1, "toughness": 0}, "if": "your_turn",
      "grant_keywords": ["Trample"]}),
    ("During your turn, ~ has indestructible.", "Creature — Bear",
     {"affects": {}, "whose": "any", "self": True, "if": "your_turn", "grant_keywords": ["Indestructible"]}),
    ("Enchanted creature gets -1/-1 and can't block.", "Enchantment — Aura",
     {"affects": CREATURES, "whose": "any", "enchanted": True, "pt": {"power": -1, "toughness": -1}}),
    ("Enchanted creature gets +2/+2 and is goaded.", "Enchantment — Aura",
     {"affects": CREATURES, "whose": "any", "enchanted": True, "pt": {"power": 2, "toughness": 2}}),
    ("Creatures you control have haste.", "Enchantment",
     {"affects": CREATURES, "whose": "you", "grant_keywords": ["Haste"]}),
    ("Equipped creature has first strike and indestructible.", "Artifact — Equipment",
     {"affects": CREATURES, "whose": "any", "enchanted": True, "grant_keywords": ["First strike", "Indestructible"]}),
    ("Other Elf creatures you control have hexproof.", "Creature — Elf",
     {"affects": {"other": True, "subtypes": ["Elf"], "types": ["Creature"]}, "whose": "you",
      "grant_keywords": ["Hexproof"]}),
    ("You may activate abilities of creatures you control as though those creatures had haste.", "Artifact",
     {"affects": CREATURES, "whose": "you", "activate_as_though_haste": True}),
    ("As long as ~ is equipped, it gets +1/+1 and has vigilance.", "Creature — Cat",
     {"affects": {}, "whose": "any", "self": True, "pt": {"power": 1, "toughness": 1}, "if": "equipped",
      "grant_keywords": ["Vigilance"]}),
    ("As long as equipped creature is a Human, it gets +1/+1.", "Artifact — Equipment",
     {"affects": {"subtypes": ["Human"], "types": ["Creature"]}, "whose": "any", "enchanted": True,
      "pt": {"power": 1, "toughness": 1}}),
    ("As long as enchanted creature is blue, it gets +1/+1 and has shroud.", "Enchantment — Aura",
     {"affects": {"colors": ["U"], "types": ["Creature"]}, "whose": "any", "enchanted": True,
      "pt": {"power": 1, "toughness": 1}, "grant_keywords": ["Shroud"]}),
    ("As long as you have 30 or more life, ~ gets +5/+5.", "Creature — Human",
     {"affects": {}, "whose": "any", "self": True, "pt": {"power": 5, "toughness": 5},
      "if_life": {"whose": "you", "at_least": 30}}),
    ("~ gets -1/-1 for each card in your hand.", "Creature — Horror",
     {"affects": {}, "whose": "any", "self": True, "pt": {"power": -1, "toughness": -1}, "per": {"hand": "you"}}),
    # "Permanents you control": every permanent its controller controls (an empty filter)
    ("Permanents you control have ward {2}.", "Artifact",
     {"affects": {}, "whose": "you", "grant_keywords": ["Ward"]}),
    ("~ gets -1/-1 for each card in your opponents' hands.", "Creature — Demon",
     {"affects": {}, "whose": "any", "self": True, "pt": {"power": -1, "toughness": -1}, "per": {"hand": "opponent"}}),
    # CR 303.4: the player a Curse enchants (Curse of Death's Hold)
    ("Enchant player\nCreatures enchanted player controls get -1/-1.", "Enchantment — Aura Curse",
     {"affects": CREATURES, "whose": "enchanted_player", "pt": {"power": -1, "toughness": -1}}),
    # CR 607.1: the player chosen as it entered (Lost Order of Jarkeld)
    ("~'s power and toughness are each equal to 1 plus the number of creatures the chosen player controls.",
     "Creature — Human Knight",
     {"affects": {}, "whose": "any", "self": True,
      "cda": {"power": {"chosen_player_count": CREATURES, "plus": 1},
              "toughness": {"chosen_player_count": CREATURES, "plus": 1}}}),
    # CR 708.2: the board's face_down: (Primal Whisperer)
    ("~ gets +2/+2 for each face-down creature on the battlefield.", "Creature — Elf Soldier",
     {"affects": {}, "whose": "any", "self": True, "pt": {"power": 2, "toughness": 2},
      "per": {"count": {"whose": "any", "filter": {"types": ["Creature"], "face_down": True}}}}),
    # CR 104.3: the board's lost: (Rampant Frogantua)
    ("~ gets +10/+10 for each player who has lost the game.", "Creature — Frog",
     {"affects": {}, "whose": "any", "self": True, "pt": {"power": 10, "toughness": 10},
      "per": {"lost_players": True}}),
    # CR 604.3: twice a count (Darksteel Hydra)
    ("~'s power and toughness are each equal to twice the number of oil counters on it.", "Creature — Hydra",
     {"affects": {}, "whose": "any", "self": True, "cda": {"power": {"counters_on_self": "oil", "times": 2},
                                                          "toughness": {"counters_on_self": "oil", "times": 2}}}),
    # CR 607.1, 105.2: the color chosen as it entered, counted for each source (Chameleon Spirit)
    ("As ~ enters, choose a color.\n~'s power and toughness are each equal to the number of permanents of the "
     "chosen color your opponents control.", "Creature — Illusion Spirit",
     {"affects": {}, "whose": "any", "self": True,
      "cda": {"power": {"count": {"whose": "opponent", "filter": {"chosen": "color"}}},
              "toughness": {"count": {"whose": "opponent", "filter": {"chosen": "color"}}}}}),
    ("All creatures get +1/+0 for each time counter on ~.", "Artifact",
     {"affects": CREATURES, "whose": "any", "pt": {"power": 1, "toughness": 0}, "per": {"counters_on_self": "time"}}),
    ("Equipped creature gets +1/+1 for each counter on ~.", "Artifact — Equipment",
     {"affects": CREATURES, "whose": "any", "enchanted": True, "pt": {"power": 1, "toughness": 1},
      "per": {"all_counters_on_self": True}}),
    ("~ gets +2/+2 for each Aura and Equipment attached to it.", "Creature — Human",
     {"affects": {}, "whose": "any", "self": True, "pt": {"power": 2, "toughness": 2},
      "per": {"attached_to_self": ["Aura", "Equipment"]}}),
    ("~ gets +1/+1 for each land you control and each land card in your graveyard.", "Creature — Avatar",
     {"affects": {}, "whose": "any", "self": True, "pt": {"power": 1, "toughness": 1},
      "per": {"count": {"whose": "you", "filter": {"types": ["Land"]}},
              "also": {"count": {"whose": "you", "zone": "graveyard", "filter": {"types": ["Land"]}}}}}),
    ("Domain — ~ gets +1/+0 for each basic land type among lands you control.", "Creature — Kavu",
     {"affects": {}, "whose": "any", "self": True, "pt": {"power": 1, "toughness": 0}, "per": {"domain": True}}),
    ("~ gets +1/+1 for each color among permanents you control.", "Creature — Treefolk",
     {"affects": {}, "whose": "any", "self": True, "pt": {"power": 1, "toughness": 1},
      "per": {"colors_among": {"whose": "you", "filter": {}}}}),
    # CR 107.3a, 613.4c: "+X/+X, where X is ..." (X is a layer 7 amount)
    ("~ gets -X/-X, where X is your life total.", "Creature — Avatar",
     {"affects": {}, "whose": "any", "self": True, "pt": {"power": -1, "toughness": -1}, "per": {"life": True}}),
    ("Equipped creature gets +X/+X, where X is the number of creature cards in all graveyards.", "Artifact — Equipment",
     {"affects": CREATURES, "whose": "any", "enchanted": True, "pt": {"power": 1, "toughness": 1},
      "per": {"count": {"whose": "any", "zone": "graveyard", "filter": CREATURES}}}),
    ("Equipped creature gets +X/+0, where X is the number of rev counters on ~.", "Artifact — Equipment",
     {"affects": CREATURES, "whose": "any", "enchanted": True, "pt": {"power": 1, "toughness": 0},
      "per": {"counters_on_self": "rev"}}),
    # CR 122.1: "with counters on them" (of any kind), "with +1/+1 counters on them"
    ("Creatures you control with counters on them have haste.", "Creature — Dog",
     {"affects": {"with_counters": True, "types": ["Creature"]}, "whose": "you", "grant_keywords": ["Haste"]}),
    ("Creatures you control with +1/+1 counters on them have trample.", "Creature — Elf",
     {"affects": {"with_counter": "+1/+1", "types": ["Creature"]}, "whose": "you", "grant_keywords": ["Trample"]}),
    # CR 702.21a: ward granted whatever its mana cost (asp/targets.lp refuses targeting it, as a printed one)
    ("Equipped creature gets +1/+1 and has flying and ward {1}.", "Artifact — Equipment",
     {"affects": CREATURES, "whose": "any", "enchanted": True, "pt": {"power": 1, "toughness": 1},
      "grant_keywords": ["Flying", "Ward"]}),
    ("Other creatures you control have ward {2}.", "Creature — Alien Whale",
     {"affects": {"other": True, "types": ["Creature"]}, "whose": "you", "grant_keywords": ["Ward"]}),
    ("~'s power and toughness are each equal to your life total.", "Creature — Avatar",
     {"affects": {}, "whose": "any", "self": True, "cda": {"power": {"life": True}, "toughness": {"life": True}}}),
    ("~'s power is equal to your devotion to red.", "Creature — Demigod",
     {"affects": {}, "whose": "any", "self": True, "cda": {"power": {"devotion": "R"}}}),
    ("~'s power and toughness are each equal to 1 plus the number of lands you control.", "Creature — Elf",
     {"affects": {}, "whose": "any", "self": True,
      "cda": {"power": {"count": {"whose": "you", "filter": {"types": ["Land"]}}, "plus": 1},
              "toughness": {"count": {"whose": "you", "filter": {"types": ["Land"]}}, "plus": 1}}}),
])
def test_a_form_compiles(text, type_line, expected):
    result = compile_card("Test Druid", text.replace("~", "Test Druid"), type_line, power="*", toughness="*")
    assert result.ok, result.sentences
    assert result.card["abilities"] == [{"static": expected}]


@pytest.mark.parametrize("text", [
    "Tapped creatures you control with flying have hexproof.",  # keywords: layer 6 itself (CR 613.8)
    "~ gets +1/+1 for each other creature you control with power 4 or greater.",  # power: layer 7 itself (CR 613.8)
    "Creatures you control with power 4 or greater get +1/+1.",  # power: layer 7 itself (CR 613.8)
    "Equipped creature gets +1/+1 and has ward—Pay 3 life.",  # ward with a cost no form reads
    "~'s power is equal to the number of card types among cards in target player's graveyard.",
    "Each creature you control that's an artifact gets +1/+1.",  # a type beside the group's: no merged filter
    "Each creature you control that's attacking gets +1/+1.",
    "~'s power is equal to the number of artifacts and/or Goblins you control and/or in your graveyard.",
    "Delirium — ~ gets +2/+2 as long as there are four or more card types among cards in all graveyards.",
    "As long as equipped creature isn't a creature, it gets +1/+1.",  # a negation: no filter form
    "As long as ~ is equipped, it gets +1/+1 for each card in your library.",
    "Equipped creature gets +X/+X, where X is its power.",  # the affected object's power: layer 7 itself
    "Equipped creature gets +X/+X, where X is the number of counters on it.",  # "it": the creature, per affected
    "~ gets +X/+0, where X is the greatest power among creature cards in your graveyard.",
    # "of the chosen color" is counted for each source among permanents only (asp/power_toughness.lp)
    "~'s power is equal to the number of creature cards of the chosen color in your graveyard.",
    "~'s power is equal to twice your life total.",
    "Other creatures enchanted player controls get -1/-1.",  # "other": no source among them to leave out
])
def test_a_form_the_rules_dont_read_stays_partial(text):
    result = compile_card("Test Druid", text.replace("~", "Test Druid"), "Creature — Elf")
    assert result.status == "partial"
    assert [s["class"] for s in result.sentences] == ["not understood"]


@pytest.mark.parametrize("static, message", [
    ({"affects": {"types": ["Creature"], "power_at_least": 2}, "whose": "you", "pt": {"power": 1, "toughness": 1}},
     "can't choose its objects by power"),
    ({"affects": {}, "whose": "any", "self": True, "pt": {"power": 1, "toughness": 1},
      "per": {"count": {"whose": "you", "filter": {"power_at_least": 2}}}},
     "can't count objects by power"),
    ({"affects": {"types": ["Creature"]}, "whose": "you", "grant_keywords": ["Haste"],
      "if_you_control": {"filter": {"types": ["Creature"], "power_at_least": 4}}},
     "a condition can't count objects by power"),
    ({"affects": {}, "whose": "any", "cda": {"power": {"count": {"filter": {"types": ["Land"]}}}}},
     "defines its own source's"),
    ({"affects": {"types": ["Land"]}, "whose": "you", "add_types": ["Creature"], "pt": {"power": 1, "toughness": 1}},
     "changes types or removes abilities does nothing else"),
    ({"affects": {}, "whose": "any", "self": True, "cda": {"power": {"count": {"whose": "you", "zone": "graveyard",
                                                                              "filter": {"chosen": "color"}}}}},
     "'chosen' is judged in a count of permanents only"),
])
def test_a_layer_7_dependency_is_refused(tmp_path, static, message):
    _, path = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [
        {"name": "Test Lord", "types": ["Creature"], "power": 1, "toughness": 1,
         "abilities": [{"static": static}]}]})
    with pytest.raises(CardError, match=message):
        board = pysolver.board_from_data({"players": ["Alice", "Bob"],
                                          "battlefield": [{"card": "Test Lord", "controller": "Alice"}]}, [path])
        pysolver.could_produce(board)


def test_a_characteristic_defining_star_needs_no_stated_value(tmp_path):
    """CR 604.3, 208.2: a "*" defined by its own ability needs no power: on the board, even
    beside a card that reads power."""
    cards = [compile_card(name, text, type_line, power=power, toughness=toughness).card for name, type_line, text,
             power, toughness in (
                 ("Test Swarm", "Creature — Faerie", "Test Swarm's power and toughness are each equal to the "
                  "number of lands you control.", "*", "*"),
                 ("Test Cutter", "Creature — Elf", "{T}: Add an amount of {G} equal to Test Cutter's power.",
                  "2", "2"))]
    _, path = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": cards})
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "swarm", "card": "Test Swarm", "controller": "Alice"},
        {"id": "cutter", "card": "Test Cutter", "controller": "Alice"},
        {"card": "Forest", "controller": "Alice"}]}, [path])
    assert [o.symbols for o in pysolver.mana_outcomes(board, "cutter").outcomes] == ["{G}{G}"]


@pytest.mark.parametrize("text", [
    "~ can't be blocked by creatures with power 2 or less.",
    "Equipped creature can't be blocked by creatures with power 4 or greater.",
    "Creatures with power less than ~'s power can't block it.",
])
def test_a_blocking_restriction_on_power_is_irrelevant(text):
    """CR 509.1b: it applies only as blockers are declared, which no query does."""
    result = compile_card("Test Druid", text.replace("~", "Test Druid"), "Creature — Elf")
    assert result.status == "ok"
    assert [s["class"] for s in result.sentences] == ["irrelevant"]


def test_counters_devotion_and_attachments_set_power(tmp_path):
    """CR 613.4a, 613.4c: a power counting counters on its source (122.1), devotion (700.5) and
    the Equipment attached to its source (301.5), read from the rules' stat/3."""
    from pysolver import facts, solver
    cards = [compile_card(name, text, type_line, mana_cost=cost, power=power, toughness=toughness).card
             for name, type_line, text, cost, power, toughness in (
                 ("Test Hourglass", "Artifact", "All creatures get +1/+0 for each time counter on Test Hourglass.",
                  "{4}", None, None),
                 ("Test Demigod", "Creature — Demigod", "Test Demigod's power is equal to your devotion to red.",
                  "{2}{R}", "*", "3"),
                 ("Test Ape", "Creature — Ape", "", "{R}{R}", "1", "1"),
                 ("Test Champion", "Creature — Human", "Test Champion gets +2/+2 for each Equipment attached "
                  "to it.", "{1}", "1", "1"),
                 ("Test Sword", "Artifact — Equipment", "", "{1}", None, None))]
    _, path = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": cards})
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "glass", "card": "Test Hourglass", "controller": "Bob", "counters": {"time": 2}},
        {"id": "demigod", "card": "Test Demigod", "controller": "Alice"},
        {"id": "ape", "card": "Test Ape", "controller": "Alice"},
        {"id": "bob-demigod", "card": "Test Demigod", "controller": "Bob"},
        {"id": "champion", "card": "Test Champion", "controller": "Bob"},
        {"id": "sword", "card": "Test Sword", "controller": "Bob", "attached_to": {"permanent": "champion"}},
        {"id": "sword-2", "card": "Test Sword", "controller": "Alice", "attached_to": {"permanent": "champion"}}]},
        [path])
    stats = {(a.arguments[0].string, a.arguments[1].name): a.arguments[2].number
             for a in solver.ground(facts.board_facts(board)).atoms("stat", 3)}
    assert stats == {("demigod", "power"): 3 + 2, ("demigod", "toughness"): 3,
                     ("ape", "power"): 1 + 2, ("ape", "toughness"): 1,
                     ("bob-demigod", "power"): 1 + 2, ("bob-demigod", "toughness"): 3,
                     ("champion", "power"): 1 + 4 + 2, ("champion", "toughness"): 1 + 4}


def test_x_and_a_number_are_two_abilities_of_one_layer():
    """CR 107.3a, 613.4c: "+X/+1, where X is the number of artifacts you control" (Cranial Ram): the
    change by X for each one counted, and the change by the number alone (their sum, 613.4c)."""
    result = compile_card("Cranial Ram", "Equipped creature gets +X/+1, where X is the number of artifacts you "
                          "control.", "Artifact — Equipment")
    assert result.ok, result.sentences
    reach = {"affects": CREATURES, "whose": "any", "enchanted": True}
    assert result.card["abilities"] == [
        {"static": {**reach, "pt": {"power": 1, "toughness": 0},
                    "per": {"count": {"whose": "you", "filter": {"types": ["Artifact"]}}}}},
        {"static": {**reach, "pt": {"power": 0, "toughness": 1}}}]


def test_unleash_is_a_choice_as_it_enters_and_its_grant_is_not_understood():
    """CR 702.98a: unleash is a replacement effect with a choice as the permanent enters (a +1/+1
    counter or not): the card's choice as it enters, next an outcome each (tests/cases/next/riot-unleash.yaml);
    a grant of it to others is not understood (next offers no choice for it)."""
    card = compile_card("Rakdos Cackler", "Unleash (You may have this creature enter with a +1/+1 counter on it. "
                        "It can't block as long as it has a +1/+1 counter on it.)", "Creature — Devil", power="1",
                        toughness="1")
    assert (card.status, card.card["chooses_as_it_enters"]) == ("ok", {"unleash": ["counter", "none"]})
    grant = compile_card("Test Dog", "Other Dogs you control have unleash.", "Creature — Dog", power="1", toughness="1")
    assert grant.status == "partial" and grant.ignored == ["Other Dogs you control have unleash."]
