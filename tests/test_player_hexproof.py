"""A player's hexproof and shroud (CR 702.11b, 702.11c, 702.18a): the Oracle form "You have
hexproof." / "You have shroud." (pysolver/cards/oracle_player_keywords.py), and the one rule of
asp/targets.lp that makes such a player an illegal target, as targets are chosen (601.2c) and as
the spell resolves (608.2b).  The ruling cases: tests/cases/next/player-hexproof.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError
from pysolver.next_state import next_states, parse_actions

FIXTURES = Path(__file__).parent / "fixtures" / "cards"
CASES = Path(__file__).parent / "cases" / "next"
CARDS = [FIXTURES / "compiled-player-keywords.yaml", CASES / "targets.yml"]


@pytest.mark.parametrize(("text", "keyword"), [("You have hexproof.", "hexproof"), ("You have shroud.", "shroud")])
def test_player_keyword_form(text, keyword):
    result = compile_card("Ward", text, "Enchantment")
    assert (result.status, result.card["player_keywords"]) == ("ok", [{"whose": "you", "keyword": keyword}])


@pytest.mark.parametrize("text", [
    "You and permanents you control have hexproof.",
    "During your turn, you and ~ have hexproof.",
    "You have hexproof as long as you control a Wizard.",
    "Each opponent has hexproof.",
])
def test_other_player_keyword_sentences_are_not_understood(text):
    result = compile_card("Ward", text, "Enchantment")
    assert (result.status, result.ignored, "player_keywords" in result.card) == ("partial", [text], False)


def board(battlefield: list[dict], active: str = "Bob", stack: list[dict] | None = None):
    caster = {"name": active, "hand": ["Searing Spear"], "mana_pool": "{R}{R}"}
    players = [caster, "Bob"] if active == "Alice" else ["Alice", caster]
    data = {"players": players, "turn": {"number": 4, "active": active, "step": "precombat_main"},
            "battlefield": battlefield}
    if stack is not None:
        data["stack"] = stack
    return pysolver.board_from_data(data, CARDS)


def test_an_opponent_is_refused_targeting_a_player_with_hexproof():
    """CR 601.2c, 702.11b: Bob names Alice, who has hexproof (Witchbane Orb): refused with the rule."""
    with pytest.raises(QueryError) as refused:
        next_states(board([{"id": "orb", "card": "Witchbane Orb", "controller": "Alice"}]),
                    parse_actions(["cast", "Searing Spear", "target=Alice"]))
    assert str(refused.value) == (
        "<board>: action 1 (cast Searing Spear target=Alice): cast Searing Spear: Alice can't be the target of \"any target\": they have hexproof "
        "and Bob is their opponent (CR 702.11b)")


def test_shroud_refuses_even_the_players_own_spell():
    """CR 702.18a: Alice has shroud (True Believer): her own Searing Spear can't target her."""
    with pytest.raises(QueryError) as refused:
        next_states(board([{"id": "believer", "card": "True Believer", "controller": "Alice"}], active="Alice"),
                    parse_actions(["cast", "Searing Spear", "target=Alice"]))
    assert str(refused.value) == (
        "<board>: action 1 (cast Searing Spear target=Alice): cast Searing Spear: Alice can't be the target of \"any target\": they have shroud "
        "(CR 702.18a)")


def test_hexproof_lost_with_its_source_permanent():
    """Without Witchbane Orb on the battlefield Alice has no hexproof: Bob may target her."""
    results = next_states(board([]), parse_actions(["cast", "Searing Spear", "target=Alice"]))
    assert [r.events for r in results] == [
        ("Bob casts Searing Spear as searing-spear targeting Alice, paying {R}{R} (CR 601.2)",)]
