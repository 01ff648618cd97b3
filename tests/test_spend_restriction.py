"""CR 106.6: one reader of a spending restriction (pysolver/query/spend_restriction.py), used by the
judgement of a spell (Spell.allows) and by the payment search's refusals (Search._check_restricted_mana);
a spell's colors judged by the rules' judgement of its card (asp/spend_restriction.lp, CR 202.2, 702.114a)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pysolver
from pysolver.cards import oracle
from pysolver.errors import LimitExceeded, QueryError
from pysolver.query.spend_restriction import read

CASES = Path(__file__).parent / "cases"
CARDS = CASES / "payment" / "restriction-cards.yml"
EQUIP = CASES / "next" / "equip.yml"
RIDERS = Path(__file__).parent / "fixtures" / "cards" / "oracle-spend-riders.yaml"


@pytest.mark.parametrize(("text", "spells", "abilities", "others", "riders"), [
    ("Spend this mana only to cast an instant or sorcery spell.",
     ['{"any_of": [{"types": ["Instant"]}, {"types": ["Sorcery"]}]}'], (), (), 0),
    ("Spend this mana only to cast a Cleric, Rogue, Warrior, or Wizard spell or to activate an ability of a Cleric, "
     "Rogue, Warrior, or Wizard.",
     ['{"any_of": [{"subtypes": ["Cleric"]}, {"subtypes": ["Rogue"]}, {"subtypes": ["Warrior"]}, '
      '{"subtypes": ["Wizard"]}]}'], ("activate an ability of a Cleric, Rogue, Warrior, or Wizard",), (), 0),
    ("Spend this mana only to cast a colorless spell or to activate an ability.",
     ['{"colorless": true}'], ("activate an ability",), (), 0),
    ("Spend this mana only to cast a multicolored spell.", ['{"multicolored": true}'], (), (), 0),
    ("Spend this mana only to cast an Elf creature spell.", ['{"subtypes": ["Elf"], "types": ["Creature"]}'], (), (), 0),
    ("Spend this mana only to cast spells.", ["{}"], (), (), 0),
    ("Spend this mana only to activate abilities.", [], ("activate abilities",), (), 0),
    ("Spend this mana only to pay cumulative upkeep costs.", [], (), ("cumulative upkeep costs (CR 702.24a)",), 0),
    ("If that mana is spent on a creature spell, it gains haste.", [], (), (), 1),
    # CR 106.6: a trigger when the mana is spent to cast a spell, or an effect on that spell, restricts nothing
    ("When you spend this mana to cast a spell with mana value 6 or greater, draw a card.", [], (), (), 1),
    ("If you spend this mana to cast your commander, it enters with a number of additional +1/+1 counters on it "
     "equal to the number of times it's been cast from the command zone this game.", [], (), (), 1),
    ("If this mana is spent to cast a Goblin spell, you get an experience counter.", [], (), (), 1),
    ("Creature spells you spend this mana to cast have their base power and toughness become 4/3.", [], (), (), 1),
])
def test_read_whole(text, spells, abilities, others, riders):
    restriction = read(text)
    assert (restriction.unread, list(restriction.spells), restriction.abilities, restriction.others,
            len(restriction.riders)) == ("", spells, abilities, others, riders)
    assert restriction.limits == (riders == 0)


@pytest.mark.parametrize(("text", "unread"), [
    ("This mana can't be spent to cast spells from your hand.",
     "\"This mana can't be spent to cast spells from your hand.\" is not \"Spend this mana only to ...\""),
    ("Spend this mana only to cast a Hero spell or to activate an ability of a Hero source.",
     "'cast a Hero spell' names spells of a kind not read here"),
    ("Spend this mana only to cast a creature spell of the chosen type.",
     "'cast a creature spell of the chosen type' is no kind of spell, ability or cost read here"),
    ("Spend this mana only to cast a colorless spell, activate an ability of a colorless permanent, or pay a cost "
     "that contains {C}.", "'pay a cost that contains {C}' is no kind of spell, ability or cost read here"),
    ("Spend this mana only on spells that contain {X}.",
     "'Spend this mana only on spells that contain {X}' is not to cast or activate"),
    # a trigger when the mana is spent on anything: an ability's cost too, which next doesn't follow
    ("When that mana is spent, create a Food token.",
     "'When that mana is spent, create a Food token.' is not \"Spend this mana only to ...\""),
])
def test_unread_never_in_part(text, unread):
    """A restriction with any part the reader can't read is unread as a whole (before: "an instant or sorcery
    spell" was split at "or" and refused; "can't be spent" mana was never spent on a Signet's cost)."""
    assert read(text).unread == unread


def test_costs_that_contain_x_are_read():
    """CR 107.3, 106.6: "Spend this mana only on costs that contain {X}" is read whole (tests/test_pay_audit.py)."""
    restriction = read("Spend this mana only on costs that contain {X}.")
    assert (restriction.limits, restriction.x_costs, restriction.unread) == (True, True, "")


def _board(*permanents: tuple[str, str], pool: str = "", cards=(CARDS,)):
    alice = {"name": "Alice", "mana_pool": pool} if pool else "Alice"
    return pysolver.board_from_data({
        "players": [alice, "Bob"], "turn": {"number": 4, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": pid, "card": card, "controller": "Alice"} for pid, card in permanents]}, list(cards))


def test_mana_not_for_nonartifact_spells_may_pay_a_signet():
    """Hydraulic Helper's {U} "can't be spent to cast a nonartifact spell": it may pay Izzet Signet's {1}
    (an ability's cost), which the search never spends restricted mana on; before, available answered
    without those pools (its restriction was read only where it contained "activate")."""
    board = _board(("helper", "Hydraulic Helper"), ("signet", "Izzet Signet"),
                   cards=(CARDS, CASES / "payment" / "test-cards.yml"))
    with pytest.raises(LimitExceeded) as caught:
        pysolver.available(board, "Alice")
    assert str(caught.value) == (
        "<board>: incomplete: helper's mana ability 1 adds mana restricted by \"This mana can't be spent to cast a "
        "nonartifact spell.\", which may pay any cost but a spell's it names (CR 106.6, 602.2b); the payment search "
        "spends restricted mana only on spells")


def test_pay_cost_of_no_kind_refuses_mana_for_abilities():
    """`pay COST` states no kind of cost: mana spent only to activate abilities pays it if it is an ability's;
    before, the answer was "can't pay" (the Grove's {C}{C} never spent)."""
    with pytest.raises(LimitExceeded) as caught:
        pysolver.api.pay(_board(("grove", "Test Ability Grove")), "Alice", "{2}")
    assert str(caught.value) == (
        "<board>: incomplete: grove's mana ability 1 adds mana restricted by 'Spend this mana only to activate "
        "abilities.', which may pay an ability's mana cost (CR 106.6, 602.2b); the payment search spends restricted "
        "mana only on spells")


def test_next_activate_refuses_mana_for_abilities_paying_an_equip_cost():
    """Equip {1} (CR 702.6a) is an ability's cost, which the Grove's mana may pay; before, next answered that its
    costs can't be paid (can-activate's check of the rules said yes)."""
    board = _board(("grove", "Test Ability Grove"), ("scimitar", "Leonin Scimitar"), ("bears", "Grizzly Bears"),
                   cards=(CARDS, EQUIP))
    with pytest.raises(LimitExceeded) as caught:
        pysolver.api.next_states(board, ["activate", "scimitar", "2"])
    assert "grove's mana ability 1 adds mana restricted by 'Spend this mana only to activate abilities.'" \
        in str(caught.value)


def test_can_activate_refuses_mana_for_abilities_of_some_sources():
    """The Grove's {C} pays only abilities of creature sources, and Izzet Signet is an artifact: the payment search
    refuses (it spends restricted mana only on spells), and the rules' own check of the mana cost, which counts any
    mana, is no answer either; before, can-activate fell back on it and answered yes."""
    board = _board(("grove", "Test Creature Source Grove"), ("signet", "Izzet Signet"),
                   cards=(CARDS, CASES / "payment" / "test-cards.yml"))
    with pytest.raises(LimitExceeded) as caught:
        pysolver.can_activate(board, "signet", 1)
    assert str(caught.value) == (
        "<board>: incomplete: grove's mana ability 1 adds mana restricted by 'Spend this mana only to activate "
        "abilities of creature sources.', which may not pay every ability's cost (CR 106.6, 602.2b): neither the "
        "payment search nor the rules' own check of this ability's mana cost judges it")


def test_spell_pays_with_mana_for_abilities_unspent():
    """A spell's cost: the Grove's mana pays no spell, so the search answers without it (no refusal)."""
    result = pysolver.api.pay(_board(("grove", "Test Ability Grove"), ("forest", "Forest")), "Alice", spell="Llanowar Elves")
    assert [w.paid for w in result.ways] == ["{G} with {G} from forest"]


def test_a_card_whose_static_ability_sets_its_colors_is_refused(tmp_path):
    """CR 604.3, 613.1e: a static ability of the card that sets colors; its colors as a spell aren't known to the
    judgement of "a multicolored spell" (before, they were counted from its mana cost)."""
    painted = {"name": "Test Painted Leech", "mana_cost": "{B}{G}", "types": ["Creature"], "power": 2,
               "toughness": 2, "abilities": [{"static": {"affects": {}, "self": True, "set_colorless": True}}]}
    path = tmp_path / "painted.json"
    path.write_text(json.dumps({"format": "pysolver-cards/1", "cards": [painted]}), "utf-8")
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": "pillar", "card": "Pillar of the Paruns", "controller": "Alice"},
        {"id": "swamp", "card": "Swamp", "controller": "Alice"}]}, [CARDS, path])
    with pytest.raises(LimitExceeded) as caught:
        pysolver.api.pay(board, "Alice", spell="Test Painted Leech")
    assert str(caught.value) == (
        "incomplete: Test Painted Leech's colors as a spell (CR 105.2, 202.2): a static ability of its card sets "
        "colors (604.3, 613.1e), which the judgement of a spending restriction doesn't read")


def test_devoid_line_compiles_to_the_keyword():
    """CR 702.114a: a card given by its Oracle text keeps devoid, which its colors read (before: the line was
    classified irrelevant, and the card's colors were its mana cost's)."""
    compiled = oracle.compile_card("Catacomb Sifter", mana_cost="{1}{B}{G}", types=["Creature"],
                                   subtypes=["Eldrazi", "Drone"], text="Devoid (This card has no color.)")
    assert compiled.card["keywords"] == ["Devoid"]


def test_mana_that_sets_off_a_trigger_when_spent_is_no_restriction():
    """CR 106.6: Study Hall's "When you spend this mana to cast your commander, scry X" restricts nothing; it was read
    as a restriction no reader understood, and available, pay and next on a board with Study Hall were refused. Its
    mana is kept apart with its rider, as Hall of the Bandit Lord's is (the Forest's {G} pays its {1})."""
    board = _board(("hall", "Study Hall"), ("forest", "Forest"), cards=(RIDERS,))
    rider = ("When you spend this mana to cast your commander, scry X, where X is the number of times it's been cast "
             "from the command zone this game.")
    assert pysolver.available(board, "Alice").pools == ("{G}{C}", *(f"{{{c}}} ({rider})" for c in "WUBRG"))


def test_next_refuses_a_cast_paid_with_such_mana():
    """next doesn't follow the trigger: a cast one of whose ways spends the mana is refused (as for any rider); the
    pool's {C} pays Study Hall's {1}, whose mana alone pays Llanowar Elves' {G}."""
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": ["Llanowar Elves"], "mana_pool": "{C}"}, "Bob"],
        "turn": {"number": 4, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "hall", "card": "Study Hall", "controller": "Alice"}]}, [RIDERS])
    with pytest.raises(QueryError) as caught:
        pysolver.api.next_states(board, ["cast", "Llanowar Elves"])
    assert str(caught.value) == (
        "<board>: action 1 (cast Llanowar Elves): cast Llanowar Elves: a way to pay spends hall's mana, whose rider "
        "\"When you spend this mana to cast your commander, scry X, where X is the number of times it's been cast from "
        "the command zone this game.\" (CR 106.6) would change the spell or set off a trigger, which next doesn't "
        "model")
