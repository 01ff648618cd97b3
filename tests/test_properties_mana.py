"""Mana outcomes and could-produce agree (issue 8), on generated legal boards.

- Every type in any outcome of a permanent's own mana ability (triggered mana
  abilities of other permanents left out: they are not its abilities, 106.7)
  is in its could-produce set.
- Conversely, with no replacement effects and no costs but {T}, every type a
  permanent could produce appears in some outcome of one of its abilities.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pysolver
from pysolver.errors import QueryError
from pysolver.query.activation import activated_abilities

TAP_ONLY = ["Forest", "Island", "Swamp", "Wastes", "Badlands", "Tropical Island", "Reflecting Pool",
            "Exotic Orchard", "Fellwar Stone", "Birds of Paradise", "Llanowar Elves", "Sol Ring",
            "Ancient Tomb", "Gaea's Cradle", "Grizzly Bears", "Blood Moon", "Urborg, Tomb of Yawgmoth",
            "Chromatic Lantern", "Prismatic Omen", "Celestial Dawn", "Command Tower"]
ANYTHING = TAP_ONLY + ["Contamination", "Mana Reflection", "Nyxbloom Ancient", "Damping Sphere",
                       "Vivid Crag", "Gemstone Mine", "Squandered Resources", "Heartbeat of Spring",
                       "Spire of Industry", "Pili-Pala", "Naga Vitalist"]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def boards(cards):
    @st.composite
    def build(draw):
        players = ["A", "B", "C"][: draw(st.integers(2, 3))]
        size = draw(st.integers(1, 7))
        return {"players": [{"name": players[0], "commander_colors": ["G", "B"]}, *players[1:]],
                "battlefield": [
                    {"id": f"p{i}", "card": draw(st.sampled_from(cards)),
                     "controller": draw(st.sampled_from(players)), "timestamp": i + 1,
                     "counters": {"charge": 1, "mining": 1}}
                    for i in range(size)]}
    return build()


def outcome_types(board, permanent_id):
    """Types in every outcome of every mana ability of the permanent (no triggers).
    The first answer (ability 1) lists every ability, so no query is run just to find them,
    unless ability 1 is no mana ability (the one numbering: not always 1 and up)."""
    try:
        first = pysolver.mana_outcomes(board, permanent_id, 1, False)
    except QueryError:  # none, or not ability 1: find their numbers
        mana = [a.number for a in activated_abilities(board, permanent_id) if a.kind == "mana"]
        if not mana:
            return set()
        first = pysolver.mana_outcomes(board, permanent_id, mana[0], False)
    found = set()
    for ability in first.abilities:
        if ability.kind != "mana":
            continue
        result = first if ability.index == first.ability.index else pysolver.mana_outcomes(
            board, permanent_id, ability.index, False)
        for outcome in result.outcomes:
            found |= {mana_type for mana_type, amount in outcome.mana if amount > 0}
    return found


@SETTINGS
@given(data=boards(ANYTHING))
def test_every_outcome_type_is_one_it_could_produce(data):
    board = pysolver.board_from_data(data, allow_partial=True)  # Celestial Dawn: its colors (no property reads one)
    for answer in pysolver.could_produce(board):
        assert outcome_types(board, answer.id) <= set(answer.types), answer.id


@SETTINGS
@given(data=boards(TAP_ONLY))
def test_every_type_it_could_produce_is_in_some_outcome(data):
    board = pysolver.board_from_data(data, allow_partial=True)  # Celestial Dawn: its colors (no property reads one)
    for answer in pysolver.could_produce(board):
        assert outcome_types(board, answer.id) == set(answer.types), answer.id
