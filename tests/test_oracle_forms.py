"""Exact amounts of the forms in asp/mana_amounts.lp and asp/filter_conditions.lp, on cards
as the compiler makes them (tests/fixtures/cards/compiled.yaml), and the compiler's forms."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import facts, solver
from pysolver.errors import BoardError
from pysolver.cards.oracle import compile_card

from helpers import refused_ability

FIXTURES = Path(__file__).parent / "fixtures" / "cards"
CARDS = [FIXTURES / "compiled.yaml", FIXTURES / "creatures.yaml"]


def productions(battlefield: list[dict]) -> dict[tuple[str, int], set[tuple[int, ...]]]:
    """{(permanent id, ability index): {(W, U, B, R, G, C), ...}} of the production/3 atoms."""
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": battlefield}, CARDS)
    atoms = solver.ground(facts.board_facts(board)).atoms("production", 3)
    found: dict[tuple[str, int], set[tuple[int, ...]]] = {}
    for atom in atoms:
        obj, ability, vector = atom.arguments
        index = ability.arguments[1].number if ability.name == "ab" else -1
        found.setdefault((obj.string, index), set()).add(tuple(a.number for a in vector.arguments))
    return found


def alice(card: str, id_: str, **rest) -> dict:
    return {"id": id_, "card": card, "controller": "Alice", **rest}


def test_if_you_control_a_creature_with_power_4():
    base = [alice("Raucous Audience", "audience")]
    assert productions(base)[("audience", 0)] == {(0, 0, 0, 0, 1, 0)}
    assert productions(base + [alice("Test Giant", "giant")])[("audience", 0)] == {(0, 0, 0, 0, 2, 0)}


def test_count_named_and_counters_plus():
    found = productions([alice("Powerstone Shard", "a"), alice("Powerstone Shard", "b"),
                         alice("Famous Museum", "museum", counters={"art": 2}),
                         alice("Empowered Autogenerator", "auto", counters={"charge": 1})])
    assert found[("a", 0)] == {(0, 0, 0, 0, 0, 2)}
    assert found[("museum", 1)] == {(0, 0, 0, 0, 0, 3)}  # ability 0: its dies trigger
    assert found[("auto", 0)] == {(2, 0, 0, 0, 0, 0), (0, 2, 0, 0, 0, 0), (0, 0, 2, 0, 0, 0),
                                  (0, 0, 0, 2, 0, 0), (0, 0, 0, 0, 2, 0)}


def test_greatest_power_and_other_toughness():
    found = productions([alice("Bighorner Rancher", "rancher"), alice("Arbor Adherent", "arbor"),
                         alice("Test Giant", "giant", counters={"+1/+1": 1}),
                         {"id": "bob", "card": "Test Giant", "controller": "Bob", "power": 9}])
    assert found[("rancher", 0)] == {(0, 0, 0, 0, 6, 0)}
    # Other creatures' greatest toughness: the Giant's 6 (Arbor Adherent's own 4 left out).
    assert (0, 0, 0, 0, 6, 0) in found[("arbor", 1)] and len(found[("arbor", 1)]) == 5
    alone = productions([alice("Arbor Adherent", "arbor")])
    assert alone[("arbor", 1)] == {(0, 0, 0, 0, 0, 0)}  # X = 0: no mana


def test_options_of_different_sizes():
    assert productions([alice("Adarkar Unicorn", "unicorn")])[("unicorn", 0)] == {
        (0, 1, 0, 0, 0, 0), (0, 1, 0, 0, 0, 1)}


def test_a_star_power_read_by_a_card_must_be_stated():
    data = {"players": ["Alice", "Bob"], "battlefield": [alice("Bighorner Rancher", "r"),
                                                         alice("Test Shapeshifter", "s")]}
    with pytest.raises(BoardError, match=r"battlefield\[1\]: Test Shapeshifter's power is '\*' and "
                                         r"Bighorner Rancher reads it: give it as power: N$"):
        pysolver.board_from_data(data, CARDS)
    data["battlefield"][1]["power"] = 7
    data["battlefield"][1]["toughness"] = 7
    assert productions(data["battlefield"])[("r", 0)] == {(0, 0, 0, 0, 7, 0)}


@pytest.mark.parametrize("text, add", [
    ("{T}: Add {G} for each creature you control with defender.",
     {"mana": "{G}", "amount": {"count": {"whose": "you", "filter": {"keywords": ["Defender"],
                                                                      "types": ["Creature"]}}}}),
    ("{T}: Add {C} for each artifact you control named Test Card.",
     {"mana": "{C}", "amount": {"count": {"whose": "you", "filter": {"named": "Test Card",
                                                                      "types": ["Artifact"]}}}}),
    ("{T}: Add X {G} or X {W}, where X is the number of other creatures you control.",
     {"one_of": ["W", "G"], "amount": {"count": {"whose": "you", "filter": {"other": True,
                                                                             "types": ["Creature"]}}}}),
    ("{T}: Add an amount of {G} equal to this creature's power.", {"mana": "{G}", "amount": "power"}),
    ("{T}: Add X mana of any one color, where X is the greatest toughness among other creatures you "
     "control.", {"one_of": "any_color", "amount": {"greatest": {
         "stat": "toughness", "whose": "you", "filter": {"other": True, "types": ["Creature"]}}}}),
    ("{T}: Add {U} or {C}{U}.", {"options": ["{U}", "{U}{C}"]}),
    ("{T}: Add {C}, plus an additional {C} for each art counter on ~.",
     {"mana": "{C}", "amount": {"counters_on_self": "art", "plus": 1}}),
    ("{T}: Add {G}. If you control a creature with power 4 or greater, add {G}{G} instead.",
     {"mana": "{G}", "amount": {"if_you_control": {"power_at_least": 4, "types": ["Creature"]},
                                "then": 2, "else": 1}}),
])
def test_new_mana_forms(text, add):
    result = compile_card("Test Card", text, "Creature — Test")
    assert result.problems == []
    assert result.card["abilities"][0]["mana"]["add"] == add


def test_other_players_and_filters_of_grants():
    card = compile_card("Test Card", "{T}: A player of your choice adds {C}.", "Artifact").card
    assert card["abilities"] == [{"mana": {"cost": ["{T}"], "add": {"mana": "{C}"}, "player": "chosen"}}]
    card = compile_card("Test Card", 'Each Fungus and Saproling you control has "{T}: Add {G}."',
                        "Creature — Badger").card
    assert card["abilities"][0]["static"]["affects"] == {
        "any_of": [{"subtypes": ["Fungus"]}, {"subtypes": ["Saproling"]}]}
    card = compile_card("Test Card", 'Creature tokens you control have "{T}: Add {G}."', "Enchantment").card
    assert card["abilities"][0]["static"]["affects"] == {"types": ["Creature"], "token": True}


def test_a_static_ability_cannot_choose_by_keywords(tmp_path):
    path = tmp_path / "cards.yaml"
    path.write_text("format: pysolver-cards/1\ncards:\n- name: Bad\n  types: [Enchantment]\n"
                    "  abilities:\n  - static:\n      affects: {keywords: [Defender]}\n"
                    "      grant: [{mana: {cost: ['{T}'], add: {mana: '{G}'}}}]\n")
    with pytest.raises(pysolver.errors.CardError) as error:
        pysolver.load_library([path])
    assert str(error.value) == (f"{path}: 6:5: cards[0].abilities[0]: static.affects: a static ability "
                                "can't choose its objects by keywords")


def test_grounding_decides_every_new_condition():
    battlefield = [alice(name, f"p{i}") for i, name in enumerate([
        "Esika, God of the Tree // The Prismatic Bridge", "Overgrown Battlement", "Axebane Guardian",
        "Springleaf Parade", "Jiang Yanggu, Wildcrafter", "A Realm Reborn",
        "Brightcap Badger // Fungus Frolic", "Leafkin Avenger", "Bighorner Rancher", "Arbor Adherent",
        "Brigid, Doun's Mind", "Raucous Audience", "Meria, Scholar of Antiquity", "Test Saproling"])]
    battlefield[-1]["token"] = True
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": battlefield}, CARDS)
    grounded = solver.ground(facts.board_facts(board))
    assert grounded.atoms("could_produce", 2) is not None
    assert grounded.atoms("has_ability", 2) is not None


@pytest.mark.parametrize("ability, message", [
    ("{mana: {cost: ['{T}'], add: {reflect: {whose: you, filter: {other: true}}}}}",
     "mana.add.reflect.filter: 'other' is judged only in a static ability's affects and in amounts"),
    ("{mana: {cost: ['{T}'], add: {mana: '{G}', amount: {count: {filter: {any_of: "
     "[{types: [Creature], other: true}, {types: [Land]}]}}}}}}",
     "mana.add.amount.count.filter.any_of: an alternative can't name 'other', a choice or alternatives"),
])
def test_filter_conditions_where_the_rules_do_not_judge_them(tmp_path, ability, message):
    assert refused_ability(tmp_path, ability) == f"6:5: cards[0].abilities[0]: {message}"


def test_modified_permanents_have_the_granted_ability():
    """CR 700.9: a counter, an Equipment, or an Aura its controller controls; not an opponent's Aura."""
    battlefield = [alice("Orochi Merge-Keeper", name) for name in
                   ("plain", "countered", "equipped", "enchanted", "cursed")]
    battlefield[1]["counters"] = {"+1/+1": 1}
    battlefield += [alice("Test Equipment", "equipment", attached_to={"permanent": "equipped"}),
                    alice("Test Aura", "aura", attached_to={"permanent": "enchanted"}),
                    {"id": "curse", "card": "Test Aura", "controller": "Bob",
                     "attached_to": {"permanent": "cursed"}}]
    found = productions(battlefield)
    two_green = {obj for (obj, _), vectors in found.items() if (0, 0, 0, 0, 2, 0) in vectors}
    assert two_green == {"countered", "equipped", "enchanted"}


def test_below_max_speed_the_granted_activated_ability_does_not_exist():
    """CR 702.178a: at speed 3 Starting Column has only its mana ability; asked for the Max speed
    ability, can-activate names the abilities it has."""
    board = pysolver.board_from_data({"players": [{"name": "Alice", "speed": 3}, "Bob"],
                                      "battlefield": [alice("Starting Column", "column")]}, CARDS)
    with pytest.raises(pysolver.QueryError) as refused:
        pysolver.can_activate(board, "column", ability=3)
    assert str(refused.value) == ("<board>: --ability: column (Starting Column) has no ability 3 "
                                  "(abilities: 1 = {T}: Add one mana of any color.)")


def test_paying_speed_is_refused_with_the_rules_it_lacks():
    """CR 702.179 gives a player speed and increases it; no rule says how speed is paid."""
    result = compile_card("Chicago Loop", "Start your engines!\n{T}: Add {C}.\nPay X speed: Add X mana in any "
                          "combination of colors.", "Legendary Snow Land")
    assert result.problems == [
        "line 3: can't compile the cost 'Pay X speed': paying speed, which the Comprehensive Rules this project "
        "follows (February 7, 2025) don't define (CR 702.179 only gives a player speed and increases it)"]
    assert result.sentences[0]["class"] == "compiled"  # start your engines!, read by CR 704.5z
