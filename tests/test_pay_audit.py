"""Session 50's audit of `pay` (issue 13): boards that stress the seams of every way to pay, each answer
checked by hand against the CR; a case here failed before the fix it names."""

from __future__ import annotations

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import LimitExceeded
from pysolver.query.payment import pay

from helpers import write_inputs


def ways(board_text: str, cost: str, **kw) -> set[tuple[tuple[str, ...], str, int]]:
    board = pysolver.board_from_data(__import__("yaml").safe_load(board_text))
    result = pay(board, "Alice", cost, **kw)
    return {(tuple(a.perm for a in w.activations), w.paid, w.life) for w in result.ways}


def test_a_phyrexian_symbol_paid_with_mana_is_a_way_beside_its_life():
    """CR 107.4f, 119.4: {G/P} is paid with {G} or with 2 life. Tapping the Forest is no redundant activation
    of the way that pays 2 life: leaving it out pays more life. Before, only the 2 life way was listed."""
    assert ways("Alice: [Forest]\nBob: []\n", "{G/P}") == {
        ((), "2 life", 2),
        (("forest",), "{G} with {G} from forest", 0)}


def test_the_ways_of_a_phyrexian_symbol_with_generic_mana():
    """{1}{G/P} with two Forests: one Forest and 2 life (either Forest), or both and no life."""
    assert ways("Alice: [Forest, Forest]\nBob: []\n", "{1}{G/P}") == {
        (("forest",), "2 life, {1} with {G} from forest", 2),
        (("forest-2",), "2 life, {1} with {G} from forest-2", 2),
        (("forest", "forest-2"), "{1} with {G} from forest-2, {G} with {G} from forest", 0),
        (("forest", "forest-2"), "{1} with {G} from forest, {G} with {G} from forest-2", 0)}


def test_a_cost_judged_by_power_is_refused_where_a_tap_changes_power(tmp_path):
    """CR 110.5, 611.3a, 613.4c: "Tapped creatures you control get +2/+0" makes the Elves tapped for mana a 3/1, which
    "Sacrifice a creature with power 3 or greater" may then sacrifice; the search grounds the permanents untapped, so
    it refuses rather than judge the 1/1 (before, any power bound was refused as a filter not modelled)."""
    banner = compile_card("Test Banner", "Tapped creatures you control get +2/+0.", "Enchantment").card
    _, cards = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [banner]})
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": "Test Banner", "controller": "Alice"}, {"card": "Llanowar Elves", "controller": "Alice"},
        {"card": "Forest", "controller": "Alice"}]}, [cards])
    with pytest.raises(LimitExceeded, match=r"a cost judged by power or toughness \(creature with power 3 or greater\) "
                                            r"on a board where a static ability reads whether permanents are tapped"):
        pay(board, "Alice", "{1}, Sacrifice a creature with power 3 or greater")


X_CARDS = {"format": "pysolver-oracle/1", "cards": [
    {"name": "Test Palette", "mana_cost": "{3}", "types": ["Artifact"],
     "oracle": "{T}: Add {C}{C}. Spend this mana only on costs that contain {X}."},
    {"name": "Test Surge", "mana_cost": "{X}{R}", "types": ["Sorcery"], "oracle": "You gain X life."},
    {"name": "Test Spark", "mana_cost": "{1}{R}", "types": ["Sorcery"], "oracle": "You gain 2 life."}]}


def test_mana_only_for_costs_with_x(tmp_path):
    """CR 106.6, 107.3: "Spend this mana only on costs that contain {X}" (Elementalist's Palette, Nexos's lands) pays
    any part of a spell's cost with {X}, and nothing of one without; before, any board with it was refused."""
    _, cards = write_inputs(tmp_path, cards=X_CARDS)
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": "Test Palette", "controller": "Alice"}, {"card": "Mountain", "controller": "Alice"}]}, [cards])
    largest = pay(board, "Alice", spell="Test Surge")
    assert (largest.payable, largest.x) == (True, 2)
    assert {(w.paid, w.left) for w in pay(board, "Alice", spell="Test Surge", x=2).ways} == {
        ("{1} with {C} from test-palette, {1} with {C} from test-palette, {R} with {R} from mountain", "")}
    assert not pay(board, "Alice", spell="Test Spark").payable
    # a cost that is no spell's pays it too where it has {X} (tests/test_spend_restriction_reads.py)
    assert (pay(board, "Alice", "{X}{R}").x, pay(board, "Alice", "{1}{R}").payable) == (2, False)


RESTRICTED = {"format": "pysolver-oracle/1", "cards": [
    {"name": "Test Druid", "mana_cost": "{G}", "types": ["Creature"], "power": "1", "toughness": "1",
     "oracle": "{T}: Add {G}{G}. Spend this mana only to cast kicked spells."},
    {"name": "Test Keeper", "mana_cost": "", "types": ["Land"], "supertypes": ["Legendary"],
     "oracle": "{T}: Add {C}{C}. Spend this mana only to cast legendary spells."},
    {"name": "Test Breath", "mana_cost": "{R}", "types": ["Sorcery"], "keywords": ["Kicker"],
     "oracle": "Kicker {1}\nYou gain 1 life."},
    {"name": "Test Arbiter", "mana_cost": "{1}{R}", "types": ["Creature"], "supertypes": ["Legendary"],
     "power": "2", "toughness": "2", "oracle": ""},
    {"name": "Test Goblin", "mana_cost": "{1}{R}", "types": ["Creature"], "power": "2", "toughness": "2",
     "oracle": ""}]}


def test_mana_only_for_kicked_or_legendary_spells(tmp_path):
    """CR 106.6, 702.33d: "Spend this mana only to cast kicked spells" pays a spell whose kicker is paid (pay
    --additional kicker), never one cast unkicked; CR 205.4a: "... only to cast legendary spells" a legendary spell's
    card. Before, both were refused as restrictions not read."""
    _, cards = write_inputs(tmp_path, cards=RESTRICTED)
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": "Test Druid", "controller": "Alice"}, {"card": "Test Keeper", "controller": "Alice"},
        {"card": "Mountain", "controller": "Alice"}]}, [cards])
    assert {w.paid for w in pay(board, "Alice", spell="Test Breath", additional=("kicker",)).ways} == {
        "{1} with {G} from test-druid, {R} with {R} from mountain"}
    assert {w.paid for w in pay(board, "Alice", spell="Test Breath").ways} == {"{R} with {R} from mountain"}
    assert {w.paid for w in pay(board, "Alice", spell="Test Arbiter").ways} == {
        "{1} with {C} from test-keeper, {R} with {R} from mountain"}
    assert not pay(board, "Alice", spell="Test Goblin").payable


def test_mana_only_for_spells_cast_from_a_graveyard(tmp_path):
    """CR 106.6, 601.2a, 702.34a: "Spend this mana only to cast spells from your graveyard" pays the card cast for
    its flashback cost from the graveyard, never the same card cast from the hand. Before, refused as not read."""
    _, cards = write_inputs(tmp_path, cards={"format": "pysolver-oracle/1", "cards": [
        {"name": "Test Creeper", "mana_cost": "{G}", "types": ["Creature"], "power": "1", "toughness": "1",
         "oracle": "{T}: Add {G}{G}. Spend this mana only to cast spells from your graveyard."},
        {"name": "Test Chatter", "mana_cost": "{G}", "types": ["Sorcery"], "keywords": ["Flashback"],
         "oracle": "You gain 1 life.\nFlashback {1}{G}"}]})
    board = pysolver.board_from_data({"players": [{"name": "Alice", "hand": ["Test Chatter"],
                                                   "graveyard": ["Test Chatter"]}, "Bob"],
                                      "battlefield": [{"card": "Test Creeper", "controller": "Alice"}]}, [cards])
    assert {(w.alternative, w.paid) for w in pay(board, "Alice", spell="Test Chatter").ways} == {
        ("Flashback {1}{G}", "{1} with {G} from test-creeper, {G} with {G} from test-creeper")}


def test_next_cast_pays_a_phyrexian_symbol_with_mana_too(cli, tmp_path):
    """CR 107.4f, 601.2g-h: {1}{G/P} from two Forests: one Forest and 2 life (either Forest), or both and no life;
    before, next cast gave only the boards that paid life."""
    board, _ = write_inputs(tmp_path, board="""\
players:
- {name: Alice, hand: [Test Tanadon]}
- Bob
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: f, card: Forest, controller: Alice}
- {id: f2, card: Forest, controller: Alice}
""", cards={"format": "pysolver-oracle/1", "cards": [
        {"name": "Test Tanadon", "mana_cost": "{1}{G/P}", "types": ["Artifact", "Creature"], "power": "5",
         "toughness": "4", "oracle": ""}]})
    code, out, err = cli("next", board, "cast", "Test Tanadon", "--cards", tmp_path / "cards.yaml")
    assert (code, err) == (0, "")
    assert sorted(line.strip() for line in out.splitlines() if line.strip().startswith("choice:")) == [
        "choice: Alice taps f, f2", "choice: Alice taps f, pays 2 life", "choice: Alice taps f2, pays 2 life"]


def test_multikicker_any_with_mana_only_for_kicked_spells(tmp_path):
    """CR 702.33c-d, 106.6: with only "Spend this mana only to cast kicked spells" mana ({G}{G}), a {G} spell with
    multikicker {G} can't be cast unkicked but can kicked once: every number of times lists that one."""
    cards = {**RESTRICTED, "cards": [*RESTRICTED["cards"], {
        "name": "Test Wolfbriar", "mana_cost": "{G}", "types": ["Sorcery"], "keywords": ["Multikicker"],
        "oracle": "Multikicker {G} (You may pay an additional {G} any number of times as you cast this spell.)\n"
                  "You gain 1 life."}]}
    _, path = write_inputs(tmp_path, cards=cards)
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": "Test Druid", "controller": "Alice"}]}, [path])
    assert {(w.paid, w.costs) for w in pay(board, "Alice", spell="Test Wolfbriar",
                                           additional=("multikicker=any",)).ways} == {
        ("{G} with {G} from test-druid, {G} with {G} from test-druid", ("multikicker paid 1 time",))}
