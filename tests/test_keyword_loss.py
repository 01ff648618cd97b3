"""Losing keywords and abilities (layer 6, CR 613.1f, 613.7), compiled from Oracle text
(pysolver/cards/oracle_pt.py keyword_loss, enchanted_loses_all) and judged by asp/objects.lp:
"Equipped creature gets +10/+10 and loses flying" (the keyword printed and the grants with an
earlier timestamp go), "Creatures your opponents control lose flying and can't have or gain
flying" (whatever the order), "Enchanted permanent loses all abilities and doesn't untap during
its controller's untap step"."""

from __future__ import annotations

import pytest

import pysolver
from pysolver.cards.oracle import compile_card

from helpers import write_inputs

CREATURES = {"types": ["Creature"]}


@pytest.mark.parametrize("text, type_line, expected", [
    ("Equipped creature gets +10/+10 and loses flying.", "Artifact — Equipment",
     [{"affects": CREATURES, "whose": "any", "enchanted": True, "pt": {"power": 10, "toughness": 10},
       "lose_keywords": ["Flying"]}]),
    ("Enchanted creature has defender and loses flying.", "Enchantment — Aura",
     [{"affects": CREATURES, "whose": "any", "enchanted": True, "grant_keywords": ["Defender"],
       "lose_keywords": ["Flying"]}]),
    ("Creatures your opponents control lose first strike and can't have or gain first strike.", "Enchantment",
     [{"affects": CREATURES, "whose": "opponent", "deny_keywords": ["First strike"]}]),
    ("Enchanted permanent loses all abilities and doesn't untap during its controller's untap step.",
     "Enchantment — Aura",
     [{"affects": {}, "whose": "any", "enchanted": True, "lose_abilities": True},
      {"affects": {}, "whose": "any", "enchanted": True, "doesnt_untap": True}]),
])
def test_a_loss_compiles(text, type_line, expected):
    result = compile_card("Test Card", text, type_line)
    assert result.ok, result.ignored
    assert [a["static"] for a in result.card["abilities"]] == expected


@pytest.mark.parametrize("text", [
    "Creatures your opponents control lose flying and can't have or gain haste.",  # not the same keyword
    "Test Card loses flying.",  # its own keywords are its card's
    "Enchanted creature loses all abilities.",  # judged on the creature's types after layer 4: not read here
    "Creatures your opponents control lose protection from red.",
])
def test_a_loss_no_rule_reads_stays_partial(text):
    assert compile_card("Test Card", text, "Enchantment").status == "partial"


def _card(name, type_line, text, power=None, toughness=None):
    result = compile_card(name, text, type_line, power=power, toughness=toughness)
    assert result.ok, result.ignored
    return result.card


def test_keywords_lost_in_timestamp_order_or_denied(tmp_path):
    """CR 613.7: a loss removes the printed keyword and an earlier grant, not a later one; "can't
    have or gain" removes every grant."""
    from pysolver import facts, solver
    cards = [_card("Test Hammer", "Artifact — Equipment", "Equipped creature gets +10/+10 and loses flying."),
             _card("Test Wings", "Enchantment", "Creatures you control have flying."),
             _card("Test Archetype", "Enchantment", "Creatures your opponents control lose flying and can't have "
                   "or gain flying."),
             _card("Test Bird", "Creature — Bird", "Flying", "1", "1"),
             _card("Test Bear", "Creature — Bear", "", "2", "2")]
    _, path = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": cards})

    def flying(battlefield):
        board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": battlefield}, [path])
        grounded = solver.ground(facts.board_facts(board))
        stats = {(a.arguments[0].string, a.arguments[1].name): a.arguments[2].number
                 for a in grounded.atoms("stat", 3)}
        return {a.arguments[0].string for a in grounded.atoms("has_keyword", 2)
                if a.arguments[1].string == "flying"}, stats

    hammer = {"id": "hammer", "card": "Test Hammer", "controller": "Alice", "attached_to": {"permanent": "bird"}}
    bird = {"id": "bird", "card": "Test Bird", "controller": "Alice"}
    bear = {"id": "bear", "card": "Test Bear", "controller": "Alice"}
    found, stats = flying([bird, hammer])
    assert found == set() and stats[("bird", "power")] == 11
    # The Wings' grant is earlier than the Hammer's loss: lost; later: the Bear keeps it.
    assert flying([{"id": "wings", "card": "Test Wings", "controller": "Alice", "timestamp": 1},
                   {**bear, "timestamp": 2},
                   {**hammer, "attached_to": {"permanent": "bear"}, "timestamp": 3}])[0] == set()
    assert flying([{**bear, "timestamp": 1}, {**hammer, "attached_to": {"permanent": "bear"}, "timestamp": 2},
                   {"id": "wings", "card": "Test Wings", "controller": "Alice", "timestamp": 3}])[0] == {"bear"}
    # Bob's Archetype: Alice's creatures can't have flying, whatever the timestamps.
    assert flying([{**bird, "timestamp": 1}, {**bear, "timestamp": 2},
                   {"id": "archetype", "card": "Test Archetype", "controller": "Bob", "timestamp": 3},
                   {"id": "wings", "card": "Test Wings", "controller": "Alice", "timestamp": 4}])[0] == set()
    assert flying([{**bird, "timestamp": 1},
                   {"id": "archetype", "card": "Test Archetype", "controller": "Alice", "timestamp": 2}])[0] == {
        "bird"}


def test_an_enchanted_permanent_loses_its_mana_ability(tmp_path):
    """CR 613.1f: the land the Aura enchants has no ability left: it could produce nothing."""
    cards = [_card("Test Flood", "Enchantment — Aura", "Enchant permanent\nEnchanted permanent loses all abilities "
                   "and doesn't untap during its controller's untap step.")]
    _, path = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": cards})
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "elves", "card": "Llanowar Elves", "controller": "Alice"},
        {"id": "forest", "card": "Forest", "controller": "Alice"},
        {"id": "flood", "card": "Test Flood", "controller": "Bob", "attached_to": {"permanent": "elves"}}]}, [path])
    assert {a.id: a.types for a in pysolver.could_produce(board)} == {"elves": (), "forest": ("G",), "flood": ()}
