"""Counters whose kind has rules pysolver doesn't model (CR 122.1a-d, 122.1h): a sentence that
would put one on a permanent is not understood, never compiled and then ignored by the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import BoardError, QueryError

from helpers import write_inputs

CASES = [
    ("Stunner", "When ~ enters, put a stun counter on ~.", "Creature — Elf",
     "a stun counter has rules of its own (CR 122.1d) that pysolver doesn't model"),
]


@pytest.mark.parametrize("name,text,type_line,why", CASES, ids=[c[0] for c in CASES])
def test_a_counter_with_rules_of_its_own_leaves_its_sentence_not_understood(name, text, type_line, why):
    result = compile_card(name, text, type_line)
    assert result.status == "partial"
    assert [(s["text"], s["why"]) for s in result.sentences] == [(text, why)]


# flying: combat only, which no query has; shield: its rules are asp/targets.lp's (CR 122.1c);
# indestructible, hexproof: keyword counters, whose keyword asp/objects.lp gives (122.1b)
@pytest.mark.parametrize("kind", ["+1/+1", "flying", "shield", "indestructible", "hexproof"])
def test_counters_the_rules_read_or_no_query_reaches_still_compile(kind):
    result = compile_card("Grower", f"~ enters with two {kind} counters on it.", "Creature — Elf")
    assert (result.status, result.card["enters_with_counters"]) == ("ok", [{"kind": kind, "count": 2}])


TARGETS = Path(__file__).parent / "cases" / "next" / "targets.yml"
STALKER = Path(__file__).parent / "cases" / "next" / "keyword-counters.yml"
BASE_PT = Path(__file__).parent / "fixtures" / "cards" / "oracle-base-pt.yaml"
UNORDERED = ("stalker has a hexproof counter and Kasmina's Transmutation removes abilities: which applies last in "
             "layer 6 depends on when the counter was put on (CR 613.1f, 613.7c), which a board doesn't record")


def test_a_keyword_counter_beside_a_removal_of_abilities_is_refused():
    """CR 613.1f, 613.7c: Kasmina's Transmutation's "loses all abilities" and a hexproof counter
    apply in layer 6 in timestamp order, and the counter's timestamp is no board's."""
    with pytest.raises(BoardError) as caught:
        pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
            {"id": "stalker", "card": "Test Stalker", "controller": "Alice", "counters": {"hexproof": 1}},
            {"id": "aura", "card": "Kasmina's Transmutation", "controller": "Bob",
             "attached_to": {"permanent": "stalker"}}]}, [STALKER, BASE_PT])
    assert caught.value.detail == UNORDERED


def test_next_refuses_a_keyword_counter_beside_a_removal_of_abilities():
    """The board next gives is refused as the board itself would be: Alice's Kasmina's Transmutation
    enchants her own Test Stalker (hexproof stops only opponents' targets, 702.11b), which has a
    hexproof counter.  Beside a Stalker that enters while the Aura enchants another creature, next
    answers (tests/cases/next/keyword-counters.yaml)."""
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": ["Kasmina's Transmutation"], "mana_pool": "{U}{U}"}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "stalker", "card": "Test Stalker", "controller": "Alice",
                         "counters": {"hexproof": 1}}]}, [STALKER, BASE_PT])
    with pytest.raises(QueryError) as caught:
        pysolver.api.next_states(board, ["cast", "Kasmina's Transmutation", "target=stalker", "resolve"])
    assert caught.value.detail == UNORDERED


# Test cards: an Equipment that removes the hexproof keyword, an Aura whose land loses all land
# types and abilities (oracle wording of the forms Colossus Hammer and Alpine Moon use).
LOSSES = {"format": "pysolver-oracle/1", "cards": [
    {"name": "Test Gauntlet", "mana_cost": "{1}", "types": ["Artifact"], "subtypes": ["Equipment"],
     "oracle": "Equipped creature gets +1/+1 and loses hexproof."},
    {"name": "Test Blight", "mana_cost": "{1}{B}", "types": ["Enchantment"], "subtypes": ["Aura"],
     "oracle": "Enchant land\nEnchanted land loses all land types and abilities."}]}


@pytest.mark.parametrize("holder, counter, source, why", [
    ("stalker", "hexproof", "Test Gauntlet", "Test Gauntlet"),
    ("forest", "indestructible", "Test Blight", "Test Blight")])
def test_a_keyword_counter_beside_a_removal_of_it_on_the_same_permanent_stays_refused(tmp_path, holder, counter,
                                                                                       source, why):
    """CR 613.1f, 613.7c: the removal (of the keyword, or of all abilities with the land types) applies to
    the permanent with the counter, so which applies last decides whether it has the keyword: refused,
    however narrow the refusal (tests/cases/next/keyword-counters.yaml: a removal that can't reach it,
    or removes another keyword, is answered)."""
    _, cards = write_inputs(tmp_path, cards=LOSSES)
    with pytest.raises(BoardError) as caught:
        pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
            {"id": "stalker", "card": "Test Stalker", "controller": "Alice",
             "counters": {counter: 1} if holder == "stalker" else {}},
            {"id": "forest", "card": "Forest", "controller": "Alice",
             "counters": {counter: 1} if holder == "forest" else {}},
            {"id": "loss", "card": source, "controller": "Bob", "attached_to": {"permanent": holder}}]},
            [STALKER, cards])
    assert caught.value.detail == (
        f"{holder} has a {counter} counter and {why} removes abilities: which applies last in layer 6 depends on "
        "when the counter was put on (CR 613.1f, 613.7c), which a board doesn't record")


SHIELDED = Path(__file__).parent / "fixtures" / "cards" / "compiled-enters.yaml"


@pytest.mark.parametrize("spell, pool, shields, left", [("Murder", "{B}{B}{B}", 2, {"shield": 1}),
                                                       ("Searing Spear", "{R}{R}", 1, {})])
def test_a_shield_counter_is_removed_instead(spell, pool, shields, left):
    """CR 122.1c: destruction by an effect is replaced, damage prevented; one shield counter goes
    each time, and the creature stays with no damage marked."""
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": [spell], "mana_pool": pool}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "mate", "card": "Dapper Shieldmate", "controller": "Bob",
                         "counters": {"shield": shields}}]}, [TARGETS, SHIELDED])
    done, = pysolver.api.next_states(board, ["cast", spell, "target=mate", "resolve"])
    mate, = done.board["battlefield"]
    assert (mate.get("counters", {}), mate.get("damage", 0)) == (left, 0)


def test_a_shield_counter_on_a_permanent_is_no_longer_refused():
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "battlefield": [
            {"id": "city", "card": "Diamond City", "controller": "Alice", "counters": {"shield": 1}}]}, [SHIELDED])
    assert [(a.id, a.types) for a in pysolver.could_produce(board, ["city"])] == [("city", ("C",))]


def test_outcomes_refuse_a_shielded_permanent_destroyed_at_random_twice():
    """CR 122.1c: two Haphazard Bombardments may both pick Dapper Shieldmate; the first removes a
    shield counter instead of destroying it, and outcomes' stages don't count how many are left
    (with_counter/3 says only whether it has one), so it refuses; next, one stage at a time,
    reads the board (tests/cases/next/shield-counters.yaml: one pick)."""
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 4, "active": "Alice", "step": "end"},
        "battlefield": [{"id": "hb", "card": "Haphazard Bombardment", "controller": "Alice"},
                        {"id": "hb2", "card": "Haphazard Bombardment", "controller": "Alice"},
                        {"id": "bears", "card": "Grizzly Bears", "controller": "Bob", "counters": {"aim": 1}},
                        {"id": "forest", "card": "Forest", "controller": "Bob", "counters": {"aim": 1}},
                        {"id": "mate", "card": "Dapper Shieldmate", "controller": "Bob",
                         "counters": {"aim": 1, "shield": 1}}]}, [SHIELDED])
    with pytest.raises(QueryError) as caught:
        pysolver.outcomes(board)
    assert str(caught.value) == (
        "<board>: mate may be picked to be destroyed at random again after a shield counter was removed from it "
        "instead (CR 122.1c), and outcomes doesn't count the shield counters it has left")
