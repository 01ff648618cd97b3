"""Choices made as a permanent enters, and the abilities that read them (CR 614.12, 607.1;
pysolver/cards/oracle_chosen.py, asp/filter_conditions.lp): the compiler's forms, and what a
board may state (issue 13).  The queries' answers are ruling cases (tests/cases/next/chosen-statics.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import next_state
from pysolver.cards.oracle import compile_card
from pysolver.errors import BoardError, QueryError

CARDS = [Path(__file__).resolve().parent / "fixtures" / "cards" / "compiled-chosen.yaml"]


@pytest.mark.parametrize("choice, line, affects", [
    ("a color", "Creatures you control of the chosen color get +1/+1.", {"types": ["Creature"], "chosen": "color"}),
    ("a creature type", "Creatures you control of the chosen type get +1/+1.",
     {"types": ["Creature"], "chosen": "creature_type"}),
])
def test_of_the_chosen_kind_is_judged_per_source(choice, line, affects):
    result = compile_card("Test Banner", f"As this artifact enters, choose {choice}.\n{line}", "Artifact")
    assert (result.status, result.card["abilities"]) == ("ok", [{"static": {
        "affects": affects, "whose": "you", "pt": {"power": 1, "toughness": 1}}}])


@pytest.mark.parametrize("choice", ["a basic land type", "a card type", "a color and a creature type"])
def test_the_chosen_type_of_another_choice_is_not_understood(choice):
    """Only a card whose one choice of a type is a creature type reads "the chosen type" as one."""
    result = compile_card("Test Banner", f"As this artifact enters, choose {choice}.\n"
                          "Creatures you control of the chosen type get +1/+1.", "Artifact")
    assert [(s["line"], s["class"]) for s in result.sentences if s["line"] == 2] == [(2, "not understood")]


def test_the_chosen_type_added_to_itself():
    result = compile_card("Test Mimic", "As this creature enters, choose a creature type.\nThis creature is the "
                          "chosen type in addition to its other types.", "Artifact Creature — Shapeshifter")
    assert (result.status, result.card["chooses_as_it_enters"], result.card["abilities"]) == (
        "ok", {"creature_type": True},
        [{"static": {"affects": {}, "whose": "any", "self": True, "add_chosen_subtype": "creature_type"}}])


def test_a_count_of_the_chosen_color_is_counted_for_each_source():
    """CR 607.1: a count of permanents of the chosen color is counted for each source (asp/power_toughness.lp
    pt_chosen_hit); one of cards in a graveyard is not (layer 7's card counts are once per player and filter)."""
    result = compile_card("Test Spirit", "As this creature enters, choose a color.\nThis creature's power and "
                          "toughness are each equal to the number of permanents of the chosen color your opponents "
                          "control.", "Creature — Spirit")
    count = {"count": {"whose": "opponent", "filter": {"chosen": "color"}}}
    assert (result.status, result.card["abilities"]) == ("ok", [{"static": {
        "affects": {}, "whose": "any", "self": True, "cda": {"power": count, "toughness": count}}}])
    result = compile_card("Test Spirit", "As this creature enters, choose a color.\nThis creature's power is equal "
                          "to the number of creature cards of the chosen color in your graveyard.", "Creature — Spirit")
    assert result.status == "partial"


@pytest.mark.parametrize("entry, error", [
    ({"id": "rally", "card": "Rally the Ranks", "controller": "Alice", "chosen": {"creature_type": "Banana"}},
     "<board>: battlefield[0].chosen.creature_type: 'Banana' is not a creature type (CR 205.3m)"),
    ({"id": "hall", "card": "Hall of Triumph", "controller": "Alice", "chosen": {"creature_type": "Elf"}},
     "<board>: battlefield[0].chosen.creature_type: Hall of Triumph chooses a color as it enters, not a creature "
     "type (CR 614.12)"),
    ({"id": "rally", "card": "Rally the Ranks", "controller": "Alice", "chosen": {"color": "G"}},
     "<board>: battlefield[0].chosen.color: Rally the Ranks chooses a creature type as it enters, not a color "
     "(CR 614.12)"),
])
def test_a_choice_the_card_cant_make_is_refused(entry, error):
    with pytest.raises(BoardError) as caught:
        pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [entry]}, CARDS)
    assert str(caught.value) == error


def test_next_refuses_to_choose_a_creature_type():
    board = pysolver.board_from_data({"players": ["Alice", "Bob"],
                                      "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
                                      "stack": [{"id": "rally", "card": "Rally the Ranks", "controller": "Alice"}]},
                                     CARDS)
    with pytest.raises(QueryError) as caught:
        list(next_state.next_states(board, next_state.parse_actions(["resolve"])))
    assert str(caught.value) == (
        "<board>: action 1 (resolve): rally chooses a creature type as it enters (CR 614.12), which next doesn't "
        "choose: give the board after it, with chosen: {creature_type: ..}")


def test_next_enters_one_outcome_for_each_basic_land_type(tmp_path):
    """CR 614.12, 205.3i: "As ~ enters, choose a basic land type": one outcome for each of the
    five, its board stating the type chosen; the land is that type too, with its mana ability."""
    cards = tmp_path / "cards.yaml"
    cards.write_text("""\
format: pysolver-oracle/1
cards:
- name: Test Portal
  types: [Land]
  subtypes: [Gate]
  oracle: "As Test Portal enters, choose a basic land type.\\nTest Portal is the chosen type in addition to its other types."
""", encoding="utf-8")
    board = pysolver.board_from_data({"players": [{"name": "Alice", "hand": ["Test Portal"]}, "Bob"],
                                      "turn": {"number": 3, "active": "Alice", "step": "precombat_main"}}, [cards])
    played = pysolver.api.next_states(board, ["play", "Test Portal"])
    assert sorted((r.choices, r.board["battlefield"][0]["chosen"]) for r in played) == sorted(
        ((f"Alice chooses {land_type} as test-portal enters (CR 614.12)",), {"basic_land_type": land_type})
        for land_type in ("Plains", "Island", "Swamp", "Mountain", "Forest"))
    swamp = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "portal", "card": "Test Portal", "controller": "Alice", "chosen": {"basic_land_type": "Swamp"}}]},
        [cards])
    assert [(a.id, a.types) for a in pysolver.could_produce(swamp)] == [("portal", ("B",))]


@pytest.mark.parametrize("land_type", ["Wastes", "Desert"])
def test_a_chosen_basic_land_type_is_one(land_type):
    with pytest.raises(BoardError) as caught:
        pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
            {"id": "forest", "card": "Forest", "controller": "Bob"},
            {"id": "terrain", "card": "Phantasmal Terrain", "controller": "Alice",
             "attached_to": {"permanent": "forest"}, "chosen": {"basic_land_type": land_type}}]}, CARDS)
    assert str(caught.value) == (
        f"<board>: battlefield[1].chosen.basic_land_type: {land_type!r} is not a basic land type (basic land types: "
        "Plains, Island, Swamp, Mountain, Forest; CR 205.3i)")


ANCHOR_BOARD = {"players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "precombat_main"}}


def test_next_states_the_anchor_word_and_the_player_chosen():
    """CR 614.12, 614.12b: each outcome's board states the choice it made."""
    for card, key, values in (("Citadel Siege", "anchor", ["Dragons", "Khans"]),
                              ("Saskia the Unyielding", "player", ["Alice", "Bob"]),
                              ("Mangara's Equity", "color", ["B", "R"])):
        board = pysolver.board_from_data({**ANCHOR_BOARD, "stack": [{"id": "it", "card": card, "controller": "Alice"}]},
                                         CARDS)
        resolved = pysolver.api.next_states(board, ["resolve"])
        assert sorted(r.board["battlefield"][0]["chosen"][key] for r in resolved) == values


def test_next_lets_an_opponent_be_chosen_only(tmp_path):
    """CR 614.12, 102.3: "choose an opponent": each other player, an outcome each."""
    cards = tmp_path / "cards.yaml"
    cards.write_text('format: pysolver-oracle/1\ncards:\n- name: Test Rack\n  types: [Artifact]\n'
                     '  oracle: "As Test Rack enters, choose an opponent."\n', encoding="utf-8")
    board = pysolver.board_from_data({"players": ["Alice", "Bob", "Carol"], "turn": ANCHOR_BOARD["turn"],
                                      "stack": [{"id": "rack", "card": "Test Rack", "controller": "Alice"}]}, [cards])
    resolved = pysolver.api.next_states(board, ["resolve"])
    assert sorted(r.board["battlefield"][0]["chosen"]["player"] for r in resolved) == ["Bob", "Carol"]
    with pytest.raises(BoardError) as caught:
        pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
            {"id": "rack", "card": "Test Rack", "controller": "Alice", "chosen": {"player": "Alice"}}]}, [cards])
    assert str(caught.value) == ("<board>: battlefield[0].chosen.player: Test Rack chooses an opponent as it enters, "
                                 "and Alice controls it (CR 614.12, 102.3)")


@pytest.mark.parametrize("chosen, error", [
    ({"anchor": "Abzan"}, "battlefield[0].chosen.anchor: 'Abzan' is not an anchor word Citadel Siege may choose (it "
                          "chooses Khans or Dragons; CR 614.12b)"),
    ({"player": "Zed"}, "battlefield[0].chosen.player: 'Zed' is not a player (players: Alice, Bob)"),
    ({"color": "G"}, "battlefield[0].chosen.color: Citadel Siege chooses an anchor word as it enters, not a color "
                     "(CR 614.12)"),
])
def test_a_word_or_player_the_card_cant_choose_is_refused(chosen, error):
    with pytest.raises(BoardError) as caught:
        pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
            {"id": "siege", "card": "Citadel Siege" if "player" not in chosen else "Saskia the Unyielding",
             "controller": "Alice", "chosen": chosen}]}, CARDS)
    assert str(caught.value) == "<board>: " + error


def test_an_anchored_effect_no_rule_gates_is_not_understood():
    """CR 614.12b: only triggered, activated and static abilities are gated by the anchor word chosen."""
    result = compile_card("Test Siege", "As this enchantment enters, choose Alpha or Beta.\n• Alpha — Creatures your "
                          "opponents control enter tapped.\n• Beta — At the beginning of your upkeep, you gain 1 life.",
                          "Enchantment")
    assert [(s["line"], s["class"]) for s in result.sentences] == [
        (1, "compiled"), (2, "not understood"), (3, "compiled")]
    assert result.card["abilities"][0]["triggered"]["anchor"] == "Beta"


@pytest.mark.parametrize("line, options", [
    ("As this artifact enters, choose artifact, creature, enchantment, instant, or sorcery.",
     ["Artifact", "Creature", "Enchantment", "Instant", "Sorcery"]),
    ("As this creature enters, choose a card type other than creature or land.",  # CR 205.2a
     ["Artifact", "Battle", "Conspiracy", "Dungeon", "Enchantment", "Instant", "Kindred", "Phenomenon", "Plane",
      "Planeswalker", "Scheme", "Sorcery", "Vanguard"]),
])
def test_a_card_type_chosen_and_the_spells_of_it(line, options):
    """CR 614.12, 205.2a, 607.1: Cloud Key, Stenn: "the chosen type" is the card type chosen; asp/cost_changes.lp
    judges the spells of it (tests/test_spell_costs.py)."""
    result = compile_card("Test Key", f"{line}\nSpells you cast of the chosen type cost {{1}} less to cast.",
                          "Artifact")
    assert (result.status, result.card["chooses_as_it_enters"], result.card["abilities"]) == (
        "ok", {"card_type": options},
        [{"cost_change": {"spells": {"chosen": "card_type"}, "whose": "you", "less": 1}}])


def test_next_enters_one_outcome_for_each_card_type(tmp_path):
    """CR 614.12: Cloud Key enters with each card type it names chosen, one outcome each."""
    cards = tmp_path / "cards.yml"
    cards.write_text("format: pysolver-oracle/1\ncards:\n- name: Cloud Key\n  mana_cost: '{3}'\n  types: [Artifact]\n"
                     "  oracle: \"As Cloud Key enters, choose artifact, creature, enchantment, instant, or sorcery.\\n"
                     "Spells you cast of the chosen type cost {1} less to cast.\"\n")
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": ["Cloud Key"], "mana_pool": "{C}{C}{C}"}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"}}, [cards])
    done = pysolver.api.next_states(board, ["cast", "Cloud Key", "resolve"])
    assert sorted(state.board["battlefield"][0]["chosen"]["card_type"] for state in done) == [
        "Artifact", "Creature", "Enchantment", "Instant", "Sorcery"]


@pytest.mark.parametrize("line, reach", [
    ("Enchanted land is the chosen color.", {"affects": {"types": ["Land"]}, "whose": "any", "enchanted": True}),
    ("This enchantment is the chosen color.", {"affects": {}, "whose": "any", "self": True}),
    ("All nonland permanents are the chosen color.", {"affects": {"not_types": ["Land"]}, "whose": "any"}),
])
def test_the_chosen_color_set(line, reach):
    """CR 613.1e, 105.2, 607.1: a layer-5 effect of the color chosen as its source entered."""
    result = compile_card("Test Sky", f"As this enchantment enters, choose a color.\n{line}", "Enchantment")
    assert (result.status, result.card["abilities"]) == ("ok", [{"static": {**reach, "chosen_color": "set"}}])


@pytest.mark.parametrize("text", [
    # a filter by color: judged in the very layer the effect applies in (CR 613.1e, 613.8)
    "As this enchantment enters, choose a color.\nAll white creatures are the chosen color.",
    # no color chosen as it enters: "the chosen color" names none of its choices (CR 607.1)
    "As this enchantment enters, choose a creature type.\nAll creatures are the chosen color.",
])
def test_the_chosen_color_set_not_understood(text):
    result = compile_card("Test Sky", text, "Enchantment")
    assert [s["class"] for s in result.sentences] == ["compiled", "not understood"]


RIOT_CARDS = [Path(__file__).parent / "cases" / "next" / "riot-unleash.yml"]


@pytest.mark.parametrize("card, chosen, error", [
    ("Riot Test Elf", {"riot": "flying"}, "battlefield[0].chosen.riot: 'flying' is not a choice of riot (it chooses "
                                          "counter or haste; CR 702.136a)"),
    ("Rakdos Cackler", {"unleash": "haste"}, "battlefield[0].chosen.unleash: 'haste' is not a choice of unleash (it "
                                             "chooses counter or none; CR 702.98a)"),
    ("Rakdos Cackler", {"riot": "haste"}, "battlefield[0].chosen.riot: Rakdos Cackler has no riot, so it made no riot "
                                          "choice as it entered (CR 702.136a)"),
    ("Grizzly Bears", {"riot": "haste"}, "battlefield[0].chosen.riot: Grizzly Bears has no riot, so it made no riot "
                                         "choice as it entered (CR 702.136a)"),
])
def test_a_riot_or_unleash_choice_is_the_keywords(card, chosen, error):
    """CR 702.136a, 702.98a: chosen: {riot: haste} gives haste, so only a card with riot states it, and only its
    two options."""
    with pytest.raises(BoardError) as caught:
        pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
            {"id": "x", "card": card, "controller": "Alice", "chosen": chosen}]}, RIOT_CARDS)
    assert str(caught.value) == "<board>: " + error
