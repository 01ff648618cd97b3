"""CR 106.6: spending restrictions read in session 51 (issue 13), each with the exact ways it pays or its refusal:
"This mana can't be spent to cast a nonartifact spell" (Powerstone), "a creature spell of the chosen creature type"
(Pillar of Origins, CR 607.2a), "a spell with devoid" (702.114a), "Aura and/or Equipment spells", and mana only for
costs that contain {X} paying a cost that is no spell's (107.3).  Each failed before (refused as not read)."""

from __future__ import annotations

import pytest

import pysolver
from pysolver.errors import LimitExceeded
from pysolver.query.payment import pay

from helpers import write_inputs

CARDS = {"format": "pysolver-oracle/1", "cards": [
    {"name": "Test Powerstone", "mana_cost": "", "types": ["Artifact"],
     "oracle": "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."},
    {"name": "Test Pillar", "mana_cost": "{2}", "types": ["Artifact"],
     "oracle": "As this artifact enters, choose a creature type.\n{T}: Add one mana of any color. Spend this mana "
               "only to cast a creature spell of the chosen type."},
    {"name": "Test Crossroads", "types": ["Land"],
     "oracle": "{T}: Add one mana of any color. Spend this mana only to cast a spell with devoid."},
    {"name": "Test Helper", "mana_cost": "{2}{W}", "types": ["Artifact", "Creature"], "power": "2",
     "toughness": "3", "oracle": "{T}: Add {W}{W}. Spend this mana only to cast Aura and/or Equipment spells."},
    {"name": "Test Palette", "mana_cost": "{3}", "types": ["Artifact"],
     "oracle": "{T}: Add {C}{C}. Spend this mana only on costs that contain {X}."},
    {"name": "Test Watch", "mana_cost": "{1}", "types": ["Artifact"],
     "oracle": "{T}: Add {C}. Spend this mana only to cast spells from exile."},
    {"name": "Test Jasmine", "mana_cost": "{1}{G}{W}", "types": ["Creature"], "power": "2", "toughness": "4",
     "oracle": "{T}: Add {G}{W}. Spend this mana only to cast creature spells with no abilities."},
    {"name": "Test Chamber", "types": ["Land"],
     "oracle": "{T}: Add {C}. Spend this mana only to cast a Time Lord or Alien spell or activate an ability of a Time "
               "Lord or Alien."},
    {"name": "Test Doctor", "mana_cost": "{1}", "types": ["Creature"], "subtypes": ["Time Lord", "Doctor"],
     "power": "2", "toughness": "2", "oracle": ""},
    {"name": "Test Realms", "types": ["Land"],
     "oracle": "As this land enters, choose Elemental, Elf, Faerie, Giant, Goblin, Kithkin, Merfolk, or Treefolk.\n"
               "{T}: Add one mana of any color. Spend this mana only to cast a spell of the chosen type or activate an "
               "ability of a source of the chosen type."},
    {"name": "Test Signet", "mana_cost": "{2}", "types": ["Artifact"], "oracle": "{1}, {T}: Add {U}{R}."},
    {"name": "Test Servo", "mana_cost": "{1}", "types": ["Artifact", "Creature"], "power": "1", "toughness": "1",
     "oracle": ""},
    {"name": "Test Bear", "mana_cost": "{1}", "types": ["Creature"], "subtypes": ["Bear"], "power": "2",
     "toughness": "2", "oracle": ""},
    {"name": "Test Elf", "mana_cost": "{1}", "types": ["Creature"], "subtypes": ["Elf"], "power": "1",
     "toughness": "1", "oracle": ""},
    {"name": "Test Shapeshifter", "mana_cost": "{1}", "types": ["Creature"], "subtypes": ["Shapeshifter"],
     "keywords": ["Changeling"], "power": "1", "toughness": "1", "oracle": "Changeling"},
    {"name": "Test Eldrazi", "mana_cost": "{1}{R}", "types": ["Creature"], "subtypes": ["Eldrazi"],
     "keywords": ["Devoid"], "power": "2", "toughness": "1", "oracle": "Devoid"},
    {"name": "Test Blade", "mana_cost": "{1}", "types": ["Artifact"], "subtypes": ["Equipment"],
     "oracle": "Equip {1}"},
    {"name": "Test Drain", "mana_cost": "{X}", "types": ["Sorcery"], "oracle": "You gain X life."},
]}


def _board(tmp_path, *cards: str, chosen: dict | None = None):
    _, card_file = write_inputs(tmp_path, cards=CARDS)
    return pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": card, "controller": "Alice", **({"chosen": chosen} if chosen and card == "Test Pillar" else {})}
        for card in cards]}, [card_file])


def _ways(board, spell: str | None = None, cost: str | None = None, **kw) -> set[tuple[tuple[str, ...], str]]:
    return {(tuple(a.perm for a in w.activations), w.paid) for w in pay(board, "Alice", cost, spell, **kw).ways}


def test_mana_that_cant_pay_nonartifact_spells(tmp_path):
    """CR 106.6: Powerstone's {C} pays an artifact spell and never a nonartifact one; before, every board with it
    was refused as not read."""
    board = _board(tmp_path, "Test Powerstone", "Mountain")
    assert _ways(board, "Test Servo") == {(("mountain",), "{1} with {R} from mountain"),
                                          (("test-powerstone",), "{1} with {C} from test-powerstone")}
    assert _ways(board, "Test Bear") == {(("mountain",), "{1} with {R} from mountain")}


def test_mana_that_cant_pay_nonartifact_spells_may_pay_any_other_cost(tmp_path):
    """CR 106.6, 602.2b: it may pay an ability's cost (a Signet's {1}) or a cost of no stated kind, which the search
    never spends restricted mana on: refused, naming the restriction."""
    board = _board(tmp_path, "Test Powerstone", "Test Signet", "Mountain")
    with pytest.raises(LimitExceeded) as caught:
        pay(board, "Alice", spell="Test Servo")
    assert str(caught.value) == (
        "<board>: incomplete: test-powerstone's mana ability 1 adds mana restricted by \"This mana can't be spent to "
        "cast a nonartifact spell.\", which may pay any cost but a spell's it names (CR 106.6, 602.2b); the payment "
        "search spends restricted mana only on spells")
    with pytest.raises(LimitExceeded, match="which may pay any cost but a spell's it names"):
        pay(_board(tmp_path, "Test Powerstone"), "Alice", "{1}")


def test_mana_for_a_creature_spell_of_the_chosen_type(tmp_path):
    """CR 607.2a, 106.6: Pillar of Origins' mana pays a creature spell of the type chosen as it entered (a
    changeling card is of every creature type, 702.73a), and none where no type was chosen."""
    board = _board(tmp_path, "Test Pillar", chosen={"creature_type": "Elf"})
    each_color = {(("test-pillar",), f"{{1}} with {{{color}}} from test-pillar") for color in "WUBRG"}
    assert _ways(board, "Test Elf") == each_color
    assert _ways(board, "Test Shapeshifter") == each_color
    assert _ways(board, "Test Bear") == set()
    assert _ways(_board(tmp_path, "Test Pillar"), "Test Elf") == set()
    pools = pysolver.available(board, "Alice").pools
    assert pools == tuple(f"{{{color}}} (Spend this mana only to cast a creature spell of the chosen creature type "
                          "(Elf).)" for color in "WUBRG")


def test_mana_for_a_spell_with_devoid_and_for_aura_or_equipment_spells(tmp_path):
    """CR 702.114a, 106.6: "a spell with devoid" is a spell whose card has devoid; "Aura and/or Equipment spells" a
    spell of either subtype."""
    board = _board(tmp_path, "Test Crossroads", "Test Helper", "Mountain")
    both = ("test-crossroads", "mountain")
    assert _ways(board, "Test Eldrazi") == {
        *((both, f"{{1}} with {{{color}}} from test-crossroads, {{R}} with {{R}} from mountain") for color in "WUBRG"),
        (both, "{1} with {R} from mountain, {R} with {R} from test-crossroads")}
    assert _ways(board, "Test Blade") == {(("mountain",), "{1} with {R} from mountain"),
                                          (("test-helper",), "{1} with {W} from test-helper")}
    assert _ways(board, "Test Bear") == {(("mountain",), "{1} with {R} from mountain")}


def test_mana_for_costs_with_x_pays_a_cost_that_is_no_spells(tmp_path):
    """CR 107.3, 106.6: "Spend this mana only on costs that contain {X}" pays all of any cost with {X}, a spell's or
    not: `pay '{X}{R}'` has X 2 from the Palette's {C}{C}; a cost without {X} it never pays (a Signet's {1} neither).
    Before, a cost that was no spell's was refused."""
    board = _board(tmp_path, "Test Palette", "Mountain")
    largest = pay(board, "Alice", "{X}{R}")
    assert (largest.payable, largest.x) == (True, 2)
    assert _ways(board, cost="{X}{R}", x=2) == {
        (("test-palette", "mountain"),
         "{1} with {C} from test-palette, {1} with {C} from test-palette, {R} with {R} from mountain")}
    assert not pay(board, "Alice", "{1}{R}").payable
    with_signet = _board(tmp_path, "Test Palette", "Test Signet")
    assert not pay(with_signet, "Alice", "{U}").payable


def test_mana_for_spells_cast_from_exile(tmp_path):
    """CR 601.2a, 106.6: "Spend this mana only to cast spells from exile" never pays a spell pay casts from its
    caster's hand (before: refused as not read)."""
    board = _board(tmp_path, "Test Watch", "Mountain")
    assert _ways(board, "Test Bear") == {(("mountain",), "{1} with {R} from mountain")}


def test_mana_for_creature_spells_with_no_abilities(tmp_path):
    """CR 113.1, 106.6: Jasmine Boreal's {G}{W} pays a creature spell whose card has no abilities (its rules text
    empty or reminder text alone, 207.2a), never one with a keyword or any other rules text; a card that states no
    rules text is refused (before: every board with it refused as not read)."""
    board = _board(tmp_path, "Test Jasmine")
    either = {(("test-jasmine",), f"{{1}} with {{{color}}} from test-jasmine") for color in "GW"}
    assert _ways(board, "Test Bear") == either
    assert _ways(board, "Test Eldrazi") == set()  # devoid: an ability
    assert _ways(board, "Test Servo") == either
    assert _ways(board, "Test Blade") == set()  # no creature, and equip
    (tmp_path / "plain").mkdir()
    _, plain = write_inputs(tmp_path / "plain", cards={
        "format": "pysolver-cards/1", "cards": [{"name": "Test Plain Bear", "mana_cost": "{1}", "types": ["Creature"],
                                                 "power": 2, "toughness": 2}]})
    _, cards = write_inputs(tmp_path, cards=CARDS)
    stated = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": "Test Jasmine", "controller": "Alice"}]}, [cards, plain])
    with pytest.raises(LimitExceeded, match=r"whether Test Plain Bear has abilities \(CR 113.1\)"):
        pay(stated, "Alice", spell="Test Plain Bear")


def test_mana_for_a_two_word_creature_type(tmp_path):
    """CR 205.3m: "Time Lord" is one creature type of two words: "a Time Lord or Alien spell" is either (before: not
    read, every board with it refused)."""
    board = _board(tmp_path, "Test Chamber")
    assert _ways(board, "Test Doctor") == {(("test-chamber",), "{1} with {C} from test-chamber")}
    assert _ways(board, "Test Bear") == set()


def test_mana_for_a_spell_of_the_chosen_type(tmp_path):
    """CR 607.2a, 106.6: "a spell of the chosen type" where its land chose a creature type (Eclipsed Realms): a spell
    of it; its mana may pay an ability of such a source too, so it is refused beside a mana ability with a mana cost
    (before: every board with it refused as not read)."""
    _, card_file = write_inputs(tmp_path, cards=CARDS)
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "realms", "card": "Test Realms", "controller": "Alice", "chosen": {"creature_type": "Elf"}}]},
        [card_file])
    each_color = {(("realms",), f"{{1}} with {{{color}}} from realms") for color in "WUBRG"}
    assert _ways(board, "Test Elf") == each_color
    assert _ways(board, "Test Bear") == set()
    with_signet = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "realms", "card": "Test Realms", "controller": "Alice", "chosen": {"creature_type": "Elf"}},
        {"id": "signet", "card": "Test Signet", "controller": "Alice"}]}, [card_file])
    with pytest.raises(LimitExceeded, match="which may pay an ability's mana cost"):
        pay(with_signet, "Alice", spell="Test Elf")


def test_mana_for_a_subtype_or_a_keyword(tmp_path):
    """CR 106.6, 702.1: "an Assassin spell or a spell that has freerunning, or to activate an ability of an Assassin
    source" (Brotherhood Headquarters): either kind of spell; before, the whole restriction was refused as not read."""
    from pysolver.query.spend_restriction import read
    restriction = read("Spend this mana only to cast an Assassin spell or a spell that has freerunning, or to "
                       "activate an ability of an Assassin source.")
    assert (restriction.spells, restriction.abilities, restriction.unread) == (
        ('{"subtypes": ["Assassin"]}', '{"keywords": ["Freerunning"]}'),
        ("activate an ability of an Assassin source",), "")
