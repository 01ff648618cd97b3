"""Cost changes of spells of a quality (pysolver/cards/oracle_costs.py qualified_cost_change, CR
601.2f: a mana value, 202.3; the chosen creature type, 607.1; "that's" a color or type) and colored
mana added (changed_mana); what stays not understood; and what pay refuses.
tests/cases/payment/spell-filter-costs.yaml pays them."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card

CARDS = str(Path(__file__).parent / "cases" / "payment" / "spell-filter-cost-cards.yml")


@pytest.mark.parametrize("text, expected", [
    ("Colorless spells you cast with mana value 7 or greater cost {1} less to cast.",
     {"spells": {"colorless": True, "min_mana_value": 7}, "whose": "you", "less": 1}),
    ("Noncreature spells your opponents cast with mana value 4 or greater cost {2} more to cast.",
     {"spells": {"not_types": ["Creature"], "min_mana_value": 4}, "whose": "opponent", "more": 2}),
    ("Spells you cast with mana value 3 or less cost {1} more to cast.",
     {"spells": {"max_mana_value": 3}, "whose": "you", "more": 1}),
    ("Each spell you cast that's red or green costs {1} less to cast.",
     {"spells": {"any_of": [{"colors": ["R"]}, {"colors": ["G"]}]}, "whose": "you", "less": 1}),
    ("Each spell you cast that's a Demon, Horror, or Nightmare costs {1} less to cast.",
     {"spells": {"any_of": [{"subtypes": ["Demon"]}, {"subtypes": ["Horror"]}, {"subtypes": ["Nightmare"]}]},
      "whose": "you", "less": 1}),
    ("Spells you cast from your graveyard cost {1} less to cast.",
     {"spells": {}, "whose": "you", "less": 1, "cast_from": ["graveyard"]}),
    ("Spells your opponents cast from graveyards or from exile cost {2} more to cast.",
     {"spells": {}, "whose": "opponent", "more": 2, "cast_from": ["graveyard", "exile"]}),
    ("Spells you cast from anywhere other than your hand cost {1} less to cast.",
     {"spells": {}, "whose": "you", "less": 1, "cast_from": ["library", "graveyard", "exile", "command"]}),
    ("Black spells you cast cost {B} more to cast.",
     {"spells": {"colors": ["B"]}, "whose": "you", "more_colored": "{B}"}),
    ("Spells cost {1}{U} more to cast.", {"spells": {}, "whose": "any", "more": 1, "more_colored": "{U}"}),
])
def test_cost_changes_of_spells_of_a_quality_compile(text, expected):
    result = compile_card("Test Artifact", text, "Artifact")
    assert result.ok, result.sentences
    assert result.card["abilities"] == [{"cost_change": expected}]


def test_the_chosen_creature_type_of_a_cost_change_compiles():
    result = compile_card("Test Artifact", "As this artifact enters, choose a creature type.\nSpells you cast of the "
                          "chosen type cost {1} less to cast.", "Artifact")
    assert result.ok, result.sentences
    assert result.card["abilities"] == [{"cost_change": {"spells": {"chosen": "creature_type"}, "whose": "you",
                                                         "less": 1}}]


@pytest.mark.parametrize("text", [
    "Cleric spells you cast cost {W}{B} less to cast.",  # CR 118.7b-c: a colored reduction, not modelled
    "Spells you cast with mana value 5 or greater cost {1} less to cast and can't be countered.",
    "Creature spells you cast that's red cost {1} less to cast.",
    "Spells you cast from your graveyard cost {U} less to cast.",
])
def test_cost_changes_not_read_stay_not_understood(text):
    result = compile_card("Test Artifact", text, "Artifact")
    assert not result.ok and result.sentences[0]["class"] == "not understood"


def test_a_mana_value_change_on_a_spell_with_x_is_refused(cli, board_file):
    path = board_file("players: [{name: Alice, mana_pool: '{C}{C}{C}'}, Bob]\nbattlefield:\n"
                      "- {card: It That Heralds the End, controller: Alice}\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Astral Cornucopia", "--x", "3", "--cards", CARDS)
    assert (code, out) == (3, "")
    assert err == (f"error: {path}: incomplete: it-that-heralds-the-end changes the cost of spells of a mana value, "
                   "and Astral Cornucopia's mana value on the stack counts the X chosen (CR 202.3e), which pay does "
                   "not judge\n")


def test_a_mana_value_change_of_opponents_spells_leaves_a_spell_with_x_alone(cli, board_file):
    path = board_file("players: [{name: Alice, mana_pool: '{C}{C}{C}'}, Bob]\nbattlefield:\n"
                      "- {card: It That Heralds the End, controller: Bob}\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Astral Cornucopia", "--x", "1", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "Alice can pay {X}{X}{X} with X = 1: 1 way"


FLASHBACK = str(Path(__file__).parent / "cases" / "payment" / "flashback-cards.yml")


def test_a_zone_change_on_a_spell_on_the_stack_not_known_to_come_from_a_zone_is_refused(cli, board_file):
    path = board_file("players: [{name: Alice, mana_pool: '{B}{B}{B}'}, Bob]\nbattlefield:\n"
                      "- {card: Gravebreaker Lamia, controller: Alice}\n"
                      "stack:\n- {id: rot, card: Mind Rot, controller: Alice}\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "rot", "--cards", CARDS)
    assert (code, out) == (3, "")
    assert err == (f"error: {path}: incomplete: gravebreaker-lamia changes the cost of spells cast from some zones, "
                   "and the board doesn't say where Mind Rot was cast from (CR 601.2a)\n")


def test_a_zone_change_of_a_flashback_cost_is_refused(cli, board_file):
    path = board_file("players: [{name: Alice, mana_pool: '{R}{R}{R}{R}', hand: [Forest]}, Bob]\nbattlefield:\n"
                      "- {card: Gravebreaker Lamia, controller: Alice}\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Electric Revelation", "--cards", CARDS, "--cards",
                         FLASHBACK)
    assert (code, out) == (3, "")
    assert err == (f"error: {path}: incomplete: gravebreaker-lamia change the alternative cost 'Flashback {{3}}{{R}}' "
                   "(CR 118.9d, 601.2f), which pay does not report\n")


X_CARDS = str(Path(__file__).parent / "cases" / "payment" / "x-cost-cards.yml")


@pytest.mark.parametrize("text, expected", [
    ("As an additional cost to cast this spell, pay X life.", {"pay_life": "X"}),
    ("As an additional cost to cast this spell, discard X cards.", {"discard": "X"}),
    ("As an additional cost to cast this spell, exile X creature cards from your graveyard.",
     {"exile_from_graveyard": {"count": "X", "filter": {"types": ["Creature"]}}}),
])
def test_additional_costs_with_x_compile(text, expected):
    result = compile_card("Test Spell", text, "Sorcery")
    assert result.ok and result.card["additional_costs"] == [expected]


def test_an_additional_cost_with_x_needs_x(cli, board_file):
    path = board_file("players: [{name: Alice, mana_pool: '{B}{B}{B}'}, Bob]\nbattlefield: []\n")
    code, out, err = cli("pay", path, "Alice", "--spell", "Toxic Deluge", "--cards", X_CARDS)
    assert (code, out) == (3, "")
    assert err == (f"error: {path}: incomplete: Toxic Deluge's additional cost pay x life has X, announced as it is "
                   "cast (CR 107.3a, 601.2b); give --x\n")
