"""Alternative costs with a condition (CR 118.9): pay --spell gives their ways only while the
condition holds (asp/alternative_costs.lp), with cost changes on top (118.9d); next cast puts a
spell cast without paying its mana cost on the stack as such (107.3b).  Evoke (702.74a): an
alternative cost and a triggered ability that sacrifices the permanent.  The ruling cases are
tests/cases/payment/alternative-costs.yaml and tests/cases/next/additional-costs.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import BoardError, LimitExceeded

CARDS = Path(__file__).parent / "cases" / "payment" / "alternative-cards.yml"
NEXT_CARDS = Path(__file__).parent / "cases" / "next" / "additional-cards.yml"


def _board(battlefield, hand=()):
    return pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": list(hand)}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": battlefield}, [CARDS])


def test_a_cost_increase_on_a_free_alternative_is_refused_not_left_out():
    """CR 118.9d: Thalia makes casting Submerge without paying its mana cost cost {1}."""
    board = _board([{"card": "Island", "controller": "Alice"}, {"card": "Forest", "controller": "Bob"},
                    {"card": "Thalia, Guardian of Thraben", "controller": "Bob"}])
    with pytest.raises(LimitExceeded) as error:
        pysolver.api.pay(board, "Alice", spell="Submerge")
    assert error.value.detail == ("incomplete: thalia-guardian-of-thraben change the alternative cost 'without "
                                  "paying its mana cost' (CR 118.9d, 601.2f), which pay does not report")


def test_the_mana_cost_and_a_met_alternative_are_both_ways():
    board = _board([{"card": "Swamp", "controller": "Alice"}, {"card": "Swamp", "controller": "Alice"},
                    {"card": "Grizzly Bears", "controller": "Alice"}])
    result = pysolver.api.pay(board, "Alice", spell="Mind Swords")
    assert sorted((way.alternative, way.costs, way.paid) for way in result.ways) == [
        ("", (), "{1} with {B} from swamp, {B} with {B} from swamp-2"),
        ("", (), "{1} with {B} from swamp-2, {B} with {B} from swamp"),
        ("Sacrifice a creature", ("sacrifice grizzly-bears",), "")]


def test_next_casts_it_without_paying_its_mana_cost():
    """Submerge's alternative cost on a test card whose effect has no target (next cast refuses a
    spell whose target stays in its text, CR 601.2c)."""
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": ["Test Submerge"]}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "island", "card": "Island", "controller": "Alice"},
                        {"id": "forest", "card": "Forest", "controller": "Bob"}]}, [NEXT_CARDS])
    done, = pysolver.api.next_states(board, ["cast", "Test Submerge"])
    assert done.board["stack"] == [{"id": "test-submerge", "card": "Test Submerge", "controller": "Alice",
                                    "without_paying_mana_cost": True, "cast_from": "hand"}]
    assert not done.board["battlefield"][0].get("tapped")


EVOKE_TRIGGER = {"triggered": {"when": {"event": "enters"}, "if": {"evoked": True}, "do": [{"sacrifice_self": True}],
                               "text": "if its evoke cost was paid, its controller sacrifices it"}}


@pytest.mark.parametrize("line, cost", [("Evoke {1}{G}", "{1}{G}"), ("Evoke {R/W}{R/W}", "{R/W}{R/W}")])
def test_evoke_is_an_alternative_cost_and_a_sacrifice_trigger(line, cost):
    """CR 702.74a: both abilities evoke stands for."""
    result = compile_card("Elemental", f"Flying\n{line}", "Creature — Elemental", keywords=["Flying", "Evoke"])
    assert result.ok
    assert result.card["alternative_costs"] == [{"name": "evoke", "cost": [cost]}]
    assert result.card["abilities"] == [EVOKE_TRIGGER]


def test_an_evoke_cost_pay_cannot_pay_is_not_understood():
    result = compile_card("Elemental", "Evoke—Exile a green card from your hand.", "Creature — Elemental",
                          keywords=["Evoke"])
    assert [s["class"] for s in result.sentences] == ["not understood"]
    assert "alternative_costs" not in result.card and "abilities" not in result.card


def test_a_spell_not_cast_for_an_evoke_cost_is_refused_as_evoked():
    with pytest.raises(BoardError) as error:
        pysolver.board_from_data({"players": ["Alice", "Bob"],
                                  "stack": [{"id": "b", "card": "Grizzly Bears", "controller": "Alice",
                                             "evoked": True}]})
    assert error.value.detail == "Grizzly Bears has no evoke cost, so it wasn't evoked (CR 702.74a)"


def test_next_casts_it_for_its_evoke_cost_and_the_stack_says_so():
    board = _board([{"id": "f1", "card": "Forest", "controller": "Alice"},
                    {"id": "f2", "card": "Forest", "controller": "Alice"}], hand=["Briarhorn"])
    done, = pysolver.api.next_states(board, ["cast", "Briarhorn"])
    assert done.board["stack"] == [{"id": "briarhorn", "card": "Briarhorn", "controller": "Alice", "evoked": True,
                                    "cast_from": "hand"}]


@pytest.mark.parametrize("line, grant", [
    ("You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast.",
     {"whose": "you", "spells": {}, "cost": ["{W}{U}{B}{R}{G}"]}),
    ("You may pay {0} rather than pay the mana cost for Zombie creature spells you cast.",
     {"whose": "you", "spells": {"subtypes": ["Zombie"], "types": ["Creature"]}, "cost": ["{0}"]}),
])
def test_an_alternative_cost_a_permanent_gives(line, grant):
    """CR 118.9, 601.2b: Fist of Suns, Rooftop Storm (tests/cases/payment/alternative-costs.yaml pays them)."""
    result = compile_card("Test Permanent", line, "Enchantment")
    assert (result.status, result.card["abilities"]) == ("ok", [{"alternative_cost_grant": grant}])


def test_an_alternative_cost_with_x_given_by_a_permanent_is_not_understood():
    """"where X is that spell's mana value" (Kentaro) is no mana cost pay reads."""
    result = compile_card("Test Permanent", "You may pay {X} rather than pay the mana cost for Samurai spells you "
                          "cast, where X is that spell's mana value.", "Creature")
    assert result.status == "partial" and "abilities" not in result.card


def test_next_casts_a_zombie_for_the_zero_rooftop_storm_gives():
    """CR 118.9: with no mana, Alice casts Walking Corpse for {0} (not "without paying its mana cost", 107.3b)."""
    board = _board([{"id": "storm", "card": "Rooftop Storm", "controller": "Alice"}], hand=["Walking Corpse"])
    done, = pysolver.api.next_states(board, ["cast", "Walking Corpse"])
    assert done.board["stack"] == [{"id": "walking-corpse", "card": "Walking Corpse", "controller": "Alice",
                                    "cast_from": "hand"}]
    assert done.board["players"][0].get("hand", []) == []


@pytest.mark.parametrize("commander, alternatives", [(True, ["", "without paying its mana cost"]), (False, [""])])
def test_if_you_control_a_commander_counts_the_commanders_on_the_battlefield(commander, alternatives):
    """CR 118.9, 903.3: "If you control a commander, you may cast this spell without paying its mana cost": the
    board's commander: true designates a permanent a commander; with none, only the mana cost is a way."""
    board = _board([{"card": "Plains", "controller": "Alice"}, {"card": "Plains", "controller": "Alice"},
                    {"card": "Plains", "controller": "Alice"},
                    {"card": "Grizzly Bears", "controller": "Alice", **({"commander": True} if commander else {})}])
    result = pysolver.api.pay(board, "Alice", spell="Flawless Maneuver")
    assert sorted({way.alternative for way in result.ways}) == alternatives
