"""Spending mana as though it were another type (CR 609.4b): the Oracle forms, the ability's
facts, and what the payment searches refuse (the answers themselves are ruling cases:
tests/cases/payment/spending.yaml, tests/cases/next/spending.yaml)."""

from __future__ import annotations

import pytest

import pysolver
from pysolver.api import next_states
from pysolver.cards.oracle import compile_card

WHAT = "a permission to spend mana as though it were another type (CR 609.4b): every payment reads it"


def spending_of(text: str, types: str = "Artifact"):
    result = compile_card("Test Card", text, types)
    return result.status, [a["spend_mana"] for a in result.card.get("abilities", []) if "spend_mana" in a]


def test_you_may_spend_mana_as_any_color():
    assert spending_of("You may spend mana as though it were mana of any color.") == (
        "ok", [{"whose": "you", "mana": list("WUBRGC"), "as": "any_color"}])


def test_players_may_spend_mana_as_any_color():
    assert spending_of("Players may spend mana as though it were mana of any color.") == (
        "ok", [{"whose": "any", "mana": list("WUBRGC"), "as": "any_color"}])


def test_one_color_as_any_color():
    assert spending_of("You may spend black mana as though it were mana of any color.") == (
        "ok", [{"whose": "you", "mana": ["B"], "as": "any_color"}])


def test_other_mana_only_as_colorless():
    text = ("You may spend white mana as though it were mana of any color. "
            "You may spend other mana only as though it were colorless mana.")
    result = compile_card("Test Card", text, "Enchantment")
    assert [s["why"] for s in result.sentences] == [WHAT, WHAT]
    assert spending_of(text, "Enchantment") == ("ok", [
        {"whose": "you", "mana": ["W"], "as": "any_color"},
        {"whose": "you", "mana": ["U", "B", "R", "G", "C"], "as": "colorless_only"}])


@pytest.mark.parametrize("text", [
    "You may spend mana as though it were mana of any color to cast Case spells.",
    "You may spend mana as though it were mana of any color to activate those abilities.",
    "You may spend mana as though it were mana of any color to cast this spell.",
    "You may spend other mana only as though it were colorless mana.",
])
def test_a_permission_for_some_costs_only_is_not_understood(text):
    status, found = spending_of(text)
    assert (status, found) == ("partial", [])


def test_a_color_change_is_never_irrelevant():
    """CR 613.1e: filters, convoke and cast triggers read colors."""
    result = compile_card("Test Card", "Nonland permanents you control are white.", "Enchantment")
    assert [(s["class"], s["why"]) for s in result.sentences] == [
        ("not understood", "no form of the compiler reads it")]


def board(*permanents: dict, pool: str = "") -> dict:
    return {"players": [{"name": "Alice", "mana_pool": pool}, "Bob"],
            "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
            "battlefield": list(permanents)}


def test_a_cast_dawn_refuses_is_refused_with_the_pool():
    """Celestial Dawn: {G}{G} can't pay Grizzly Bears' {G} (next cast pays by the same search)."""
    dawn = board({"card": "Celestial Dawn", "controller": "Alice"}, pool="{G}{G}")
    dawn["players"][0]["hand"] = ["Grizzly Bears"]
    with pytest.raises(pysolver.QueryError) as error:
        next_states(pysolver.board_from_data(dawn, name="b.yaml", allow_partial=True), ["cast", "Grizzly Bears"])
    assert str(error.value) == (
        "b.yaml: action 1 (cast Grizzly Bears): cast Grizzly Bears: Alice can't pay {1}{G} with their mana "
        "pool ({G}{G}) and mana abilities (CR 601.2g, 601.2h)")
