"""Replacements of a player's life gain and draws (CR 614.1a, 616.1): what the Oracle
compiler makes of them (pysolver/cards/oracle_replace.py) and what next refuses.  The
answers are ruling cases: tests/cases/next/replace-gains-draws.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver import api
from pysolver.cards import oracle
from pysolver.errors import LimitExceeded, QueryError
from pysolver.query import payment
from pysolver.next_state import next_states, parse_actions

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-replace.yaml"
TWIN = Path(__file__).parent / "fixtures" / "cards" / "oracle-replace-twin.yaml"  # not legendary (CR 704.5j)


def compiled_card(text: str, type_line: str = "Artifact") -> dict:
    result = oracle.compile_card("Test Card", text, type_line)
    assert result.ok, result.ignored
    return result.card


def compiled(text: str) -> list:
    return compiled_card(text)["abilities"]


def test_gain_twice_with_and_without_a_life_condition():
    assert compiled("If you would gain life, you gain twice that much life instead.") == \
        [{"event_replacement": {"event": "gain_life", "multiply": 2}}]
    assert compiled("If you would gain life while you have 5 or less life, you gain twice that much life "
                    "instead.") == [{"event_replacement": {"event": "gain_life", "multiply": 2, "if_life_at_most": 5}}]


def test_gain_plus_n():
    """CR 614.1a: "that much life plus N" (asp/life_replacement.lp's gain_life_plus)."""
    assert compiled("If you would gain life, you gain that much life plus 1 instead.") == \
        [{"event_replacement": {"event": "gain_life", "plus": 1}}]
    assert compiled("If you would gain life, you gain that much life plus two instead.") == \
        [{"event_replacement": {"event": "gain_life", "plus": 2}}]


def _doubled_and_increased(load, stack: str = ""):
    return load(f"""\
    players:
    - {{name: Alice, life: 10, hand: [Plains], library: [Island]}}
    - Bob
    turn: {{number: 3, active: Alice, step: upkeep}}
    battlefield:
    - {{id: heron, card: Heron of Hope, controller: Alice}}
    - {{id: rhox, card: Rhox Faithmender, controller: Alice}}
    - {{id: giver, card: Test Lifegiving Land, controller: Alice}}
    - {{id: chalice, card: Test Dawn Chalice, controller: Alice}}
{stack}""", [CARDS])


UNORDERED = ("replacement effects double Alice's life gain and add to it, and the order Alice chooses (CR 616.1, "
             "614.1a) decides how much life Alice gains, which isn't judged")


def test_a_gain_doubled_and_increased_is_refused(load):
    """CR 616.1: doubled then increased, 3 is 7; increased then doubled, 8: Alice's choice,
    which no query follows: next and outcomes refuse, and a mana ability's gain is shown as not
    modelled (next refuses to apply it)."""
    board = _doubled_and_increased(load, "    stack:\n    - {id: revitalize, card: Revitalize, controller: Alice}\n")
    with pytest.raises(QueryError) as refused:
        next_states(board, parse_actions(["resolve"]))
    assert str(refused.value).endswith(": action 1 (resolve): resolve: " + UNORDERED)
    with pytest.raises(QueryError) as refused:
        api.outcomes(_doubled_and_increased(load))
    assert str(refused.value).endswith(": outcomes: " + UNORDERED)
    assert [o.effects for o in api.mana_outcomes(_doubled_and_increased(load), "giver").outcomes] == [(
        "giver: A player gains life that replacement effects double and increase: the order that player chooses "
        "decides how much (CR 616.1) (not modelled)",)]


def test_draw_two_with_an_empty_hand():
    assert compiled("If you would draw a card while you have no cards in hand, draw two cards instead.") == \
        [{"event_replacement": {"event": "draw", "draw_instead": 2, "if_hand_empty": True}}]


@pytest.mark.parametrize("text, whose", [
    ("If a player would gain life, that player gains no life instead.", "any"),
    ("If an opponent would gain life, that player gains no life instead.", "opponent"),
    ("Players can't gain life.", "any"),
    ("Your opponents can't gain life.", "opponent"),
    ("Each opponent can't gain life.", "opponent"),
    ("You can't gain life.", "you"),
])
def test_no_life_gain(text, whose):
    """CR 614.1a "gains no life instead", 119.7 "can't gain life": one fact, read by asp/life_replacement.lp."""
    assert compiled(text) == [{"event_replacement": {"event": "gain_life", "no_gain": whose}}]


@pytest.mark.parametrize("text", [
    "If an opponent would gain life, that player loses that much life instead.",
    "If you would gain life, you gain that much life plus X instead.",
    "Your opponents can't gain life or remove poison counters.",
    "Players can't gain life this turn.",
    # (other draw replacements are compiled for next to refuse the draw: tests/test_draws_replaced.py)
])
def test_other_replacements_stay_not_understood(text):
    result = oracle.compile_card("Test Card", text, "Artifact")
    assert result.status == "partial" and result.ignored == [text]


def test_two_draw_replacers_are_refused(load):
    board = load("""\
    players:
    - {name: Alice, library: [Island, Forest, Swamp]}
    - Bob
    turn: {number: 3, active: Alice, step: precombat_main}
    battlefield:
    - {id: phial, card: Phial of Galadriel, controller: Alice}
    - {id: phial-2, card: Test Phial, controller: Alice}
    stack:
    - {id: divination, card: Divination, controller: Alice}
""", [CARDS, TWIN])
    with pytest.raises(QueryError) as raised:
        next_states(board, parse_actions(["resolve"]))
    assert str(raised.value).endswith("resolve: phial, phial-2 each replace Alice's draw with an empty hand; "
                                      "how they apply together (CR 616.1, 614.5) isn't modelled")


# ---------------------------------------------- mana abilities' gains (asp/life_replacement.lp)
def mana_board(load, life: int, *permanents: tuple[str, str]):
    rows = "".join(f"    - {{id: {i}, card: {c}, controller: Alice}}\n" for i, c in permanents)
    return load(f"""\
    players:
    - {{name: Alice, life: {life}, hand: [Test Two-Color Bear]}}
    - Bob
    battlefield:
    - {{id: phial, card: Phial of Galadriel, controller: Alice}}
{rows}""", [CARDS])


ORDER_REFUSED = ("<board>: incomplete: giver, henge change Alice's life in one payment while phial replaces "
                 "Alice's life gain by the life total (CR 614.1a, 601.2g): the order of the activations decides "
                 "the life gained, which isn't followed")


def test_two_gains_whose_order_a_condition_reads_are_refused(load):
    """At 5 life the first of the two lands' gains is doubled and lifts Alice above 5: which
    is first decides the life gained (7 + 2 or 6 + 4)."""
    board = mana_board(load, 5, ("giver", "Test Lifegiving Land"), ("henge", "Test Henge Land"))
    for ask in (lambda: api.pay(board, "Alice", "{W}{G}"),
                lambda: payment.available_pools(board, "Alice", explain=True),
                lambda: next_states(board, parse_actions(["cast", "Test Two-Color Bear"]))):
        with pytest.raises(LimitExceeded) as refused:
            ask()
        assert str(refused.value).endswith(ORDER_REFUSED.removeprefix("<board>"))


def test_above_the_condition_two_gains_are_each_answered(load):
    board = mana_board(load, 9, ("giver", "Test Lifegiving Land"), ("henge", "Test Henge Land"))
    ways = api.pay(board, "Alice", "{W}{G}").ways
    assert [[e for a in way.activations for e in a.effects] for way in ways] == [
        ["Alice gains 1 life", "Alice gains 2 life"], ["Alice gains 1 life"], ["Alice gains 2 life"]]


def test_a_life_gain_beside_a_life_cost_is_still_refused(load):
    """The payment search doesn't count life gained toward life paid (CR 119.4): refused,
    with the Phial as without it."""
    board = mana_board(load, 1, ("giver", "Test Lifegiving Land"))
    with pytest.raises(LimitExceeded) as refused:
        api.pay(board, "Alice", "{W}{W/P}")
    assert str(refused.value).endswith(
        ": incomplete: giver's mana ability 1 makes Alice gain life, which the search over mana abilities "
        "doesn't count toward life paid or an amount that reads it (CR 119.3, 119.4)")
    assert [a.effects for way in api.pay(board, "Alice", "{W}").ways for a in way.activations] == [
        ("Alice gains 2 life",), ()]


def test_a_replacement_sacrificed_by_another_activation_is_refused(load):
    board = mana_board(load, 5, ("giver", "Test Lifegiving Land"), ("sac", "Test Sac Land"))
    with pytest.raises(LimitExceeded) as refused:
        api.pay(board, "Alice", "{C}{C}{W}")
    assert str(refused.value).endswith(
        ": incomplete: sac's mana ability sacrifices what replaces Alice's life gain, which another activation "
        "of the payment makes: the order of the activations decides the life gained (CR 614.1a, 601.2g), "
        "which isn't followed")


def test_a_gain_and_damage_of_one_ability_under_a_condition_are_not_ordered(load):
    """The facts don't keep the order of the ability's sentences (608.2c): the gain is shown
    as not modelled, never answered in one order, and next refuses it."""
    board = mana_board(load, 5, ("odd", "Test Odd Land"))
    assert [o.effects for o in api.mana_outcomes(board, "odd").outcomes] == [(
        "odd deals 1 damage to Alice", "odd: You gain life, before or after its other effects: the order decides "
        "what replaces the gain (not modelled)")]
    with pytest.raises(QueryError) as refused:
        next_states(board, parse_actions(["activate", "odd"]))
    assert str(refused.value).endswith(
        "activate odd: odd's mana ability has an effect next doesn't apply yet (odd: You gain life, before or "
        "after its other effects: the order decides what replaces the gain (not modelled))")


def test_a_draw_with_a_dredge_card_in_the_graveyard_is_refused(load):
    """CR 702.52a: dredge replaces a draw at its owner's choice, which next doesn't follow."""
    assert compiled_card("Dredge 2 (If you would draw a card, you may mill two cards instead. If you do, return "
                         "this card from your graveyard to your hand.)")["keywords"] == ["Dredge"]
    board = load("""\
    players:
    - {name: Alice, library: [Island, Forest, Swamp], graveyard: [Test Dredger]}
    - Bob
    turn: {number: 3, active: Alice, step: upkeep}
""", [CARDS])
    with pytest.raises(QueryError) as raised:
        next_states(board, parse_actions(["pass"]))
    assert str(raised.value).endswith("pass: Alice would draw with Test Dredger in their graveyard, whose dredge "
                                      "may replace the draw (CR 702.52a, 614.1a): not modelled")
