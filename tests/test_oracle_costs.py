"""A spell's own cost change (CR 113.6d, 601.2f; pysolver/cards/oracle_costs.py): what the
compiler makes of "This spell costs {X} less to cast, where X is ..." and "... for each ...",
and the amounts it refuses.  tests/cases/payment/spell-costs.yaml pays the totals."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card

CREATURES_YOU_CONTROL = {"whose": "you", "filter": {"types": ["Creature"]}}


@pytest.mark.parametrize("text, expected", [
    ("This spell costs {X} less to cast, where X is the greatest power among creatures you control.",
     {"less": 1, "per": {"greatest": {"stat": "power", **CREATURES_YOU_CONTROL}}}),
    ("This spell costs {X} less to cast, where X is the amount of life you gained this turn.",
     {"less": 1, "per": "life_gained"}),
    ("This spell costs {1} less to cast for each creature card in your graveyard.",
     {"less": 1, "per": {"count": {"whose": "you", "zone": "graveyard", "filter": {"types": ["Creature"]}}}}),
    ("This spell costs {2} less to cast for each creature card in your graveyard.",
     {"less": 2, "per": {"count": {"whose": "you", "zone": "graveyard", "filter": {"types": ["Creature"]}}}}),
    ("This spell costs {1} less to cast for each creature your opponents control.",
     {"less": 1, "per": {"count": {"whose": "opponent", "filter": {"types": ["Creature"]}}}}),
    ("This spell costs {1} less to cast for each creature on the battlefield.",
     {"less": 1, "per": {"count": {"whose": "any", "filter": {"types": ["Creature"]}}}}),
])
def test_own_cost_changes_compile(text, expected):
    result = compile_card("Test Spell", text, "Creature — Beast", power="5", toughness="5")
    assert result.ok and result.card["own_cost"] == expected
    assert result.sentences[0]["class"] == "compiled"


@pytest.mark.parametrize("text", [
    # amounts no rule counts for a cost: each leaves the card partial, never irrelevant
    "This spell costs {X} less to cast, where X is the total power of creatures you control.",
    "This spell costs {X} less to cast, where X is the greatest mana value among Elementals you control.",
    "This spell costs {X} less to cast, where X is the greatest number of artifacts an opponent controls.",
    "This spell costs {1} less to cast for each card you've drawn this turn.",
    "This spell costs {1} less to cast for each attacking creature.",
    "This spell costs {1} less to cast for each other creature you control.",
    "This spell costs {G} less to cast for each green creature you control.",
    "This spell costs {2} less to cast if you control a creature with flying.",
])
def test_own_cost_changes_not_read_make_the_card_partial(text):
    result = compile_card("Test Spell", text, "Creature — Beast", power="5", toughness="5")
    assert not result.ok and "own_cost" not in result.card
    assert result.sentences[0]["class"] == "not understood"
