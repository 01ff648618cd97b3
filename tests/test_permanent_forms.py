"""Compiler forms around the permanent (issue 13, item 2): untapping (CR 502.3),
conditional step triggers (603.4), enters replacements (614.1c, 614.12); each compiled to
card data that a rule in asp/ reads, with ruling cases in tests/cases/next/."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError

CARDS = Path(__file__).parent / "cases" / "next" / "permanent-forms.yml"


def type_line(card: dict) -> str:
    line = " ".join(card.get("supertypes", []) + card["types"])
    return line + (" — " + " ".join(card["subtypes"]) if card.get("subtypes") else "")


@pytest.mark.parametrize("text, expected", [
    ("You may choose not to untap this land during your untap step.", {"may_not_untap": True}),
    ("This land doesn't untap during your untap step if it has a depletion counter on it.",
     {"doesnt_untap": {"if_counter": "depletion"}}),
    ("Untap this artifact during each other player's untap step.", {"untaps_in_others_untap": True}),
])
def test_untap_forms(text, expected):
    result = compile_card("Thing", text, "Artifact Land")
    assert result.status == "ok"
    assert {k: v for k, v in result.card.items() if k in expected} == expected


def test_turns_refuse_an_untap_choice():
    """CR 502.3: whether Hollow Trees untaps is its controller's choice; `turn --turns`
    makes no choices, so it refuses rather than pick one."""
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 4, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": "trees", "card": "Hollow Trees", "controller": "Bob", "tapped": True}]},
        [str(CARDS)])
    from pysolver.query.turns import listing
    with pytest.raises(QueryError) as error:
        listing(board, 2)
    assert str(error.value).endswith(
        "in turn 5's untap step Bob may choose not to untap trees (CR 502.3), and the "
        "following turns depend on it; list them from a board after that untap step (pysolver next)")


@pytest.mark.parametrize("text, expected", [
    ("At the beginning of the end step, if you control no artifacts, sacrifice this land.",
     {"when": {"step": "end", "whose": "any"}, "if": {"you_control": {"at_most": 0, "filter": {"types": ["Artifact"]}}},
      "text": "sacrifice Thing", "do": [{"sacrifice_self": True}]}),
    ("At the beginning of your upkeep, if you control no other lands, return this land to its owner's hand.",
     {"when": {"step": "upkeep", "whose": "you"},
      "if": {"you_control": {"at_most": 0, "filter": {"types": ["Land"], "other": True}}},
      "text": "return Thing to its owner's hand", "do": [{"return_self_to_hand": True}]}),
    ("At the beginning of your upkeep, if you control three or fewer lands, you gain 1 life.",
     {"when": {"step": "upkeep", "whose": "you"},
      "if": {"you_control": {"at_most": 3, "filter": {"types": ["Land"]}}},
      "text": "you gain 1 life", "do": [{"gain_life": 1}]}),
    ("At the beginning of your upkeep, if there are no arrowhead counters on this land, sacrifice it.",
     {"when": {"step": "upkeep", "whose": "you"}, "if": {"self_no_counter": "arrowhead"},
      "text": "sacrifice it", "do": [{"sacrifice_self": True}]}),
    # A condition of no form stays not understood; an effect of no form stays text.
    ("At the beginning of your upkeep, if you control a creature with power 7 or greater, draw a card.",
     {"when": {"step": "upkeep", "whose": "you"},
      "if": {"you_control": {"at_least": 1, "filter": {"power_at_least": 7, "types": ["Creature"]}}},
      "text": "draw a card"}),
])
def test_step_triggers_with_conditions(text, expected):
    result = compile_card("Thing", text, "Land")
    assert result.status == "ok"
    assert result.card["abilities"] == [{"triggered": expected}]


def test_a_condition_of_no_form_stays_not_understood():
    result = compile_card("Thing", "At the beginning of your upkeep, if all creatures you control are tapped, "
                          "sacrifice this land.", "Land")
    assert result.status == "partial"
    # a condition about the turn's history is compiled, kept unjudged (tests/test_trigger_ifs.py); the life
    # gained this turn the board records (tests/test_life_gained_ifs.py)
    result = compile_card("Thing", "At the beginning of your upkeep, if you lost life this turn, "
                          "sacrifice this land.", "Land")
    assert (result.status, result.card["abilities"][0]["triggered"]["if"]) == ("ok", {"unjudged": (
        "its intervening \"if\" (you lost life this turn) reads what happened earlier this turn or last turn, "
        "which no board records (CR 603.4)")})


def test_an_other_condition_leaves_the_source_out(tmp_path):
    """'if you control no other lands': the land itself doesn't count (CR 603.4, turn.lp and
    outcomes.lp); with a Forest beside it the ability doesn't trigger."""
    from pysolver.query.outcomes import outcomes
    cards = tmp_path / "cards.yml"
    result = compile_card("Lonely Land", "At the beginning of your upkeep, if you control no other lands, "
                          "return this land to its owner's hand.", "Land")
    cards.write_text(yaml.safe_dump({"format": "pysolver-cards/1", "cards": [result.card]}), "utf-8")
    found = []
    for others in ([], [{"id": "f", "card": "Forest", "controller": "Alice"}]):
        board = pysolver.board_from_data({
            "players": ["Alice", "Bob"], "turn": {"number": 5, "active": "Alice", "step": "upkeep"},
            "battlefield": [{"id": "lone", "card": "Lonely Land", "controller": "Alice"}] + others},
            [str(cards)])
        found.append([o.events for o in outcomes(board).outcomes])
    assert found == [[({"event": "return", "object": "lone", "zone": "hand"},)], [()]]


@pytest.mark.parametrize("text, expected", [
    ("If this land would enter, sacrifice an untapped Island instead. If you do, put this land onto the "
     "battlefield. If you don't, put it into its owner's graveyard.",
     {"enters_instead": {"sacrifice": {"count": 1, "filter": {"subtypes": ["Island"]}, "untapped": True}}}),
    ("If this land would enter the battlefield, you may discard a land card instead. If you do, put this land "
     "onto the battlefield. If you don't, put it into its owner's graveyard.",
     {"enters_instead": {"discard": {"types": ["Land"]}, "optional": True}}),
    ("If this land would enter, instead sacrifice each other permanent named Thing you control, then put this "
     "land onto the battlefield.", {"as_enters_sacrifice_all": {"named": "Thing"}}),
    ("As this land enters, sacrifice all lands you control.", {"as_enters_sacrifice_all": {"types": ["Land"]}}),
    ("Lands you control enter untapped.", {"others_enter_untapped": {"types": ["Land"]}}),
])
def test_enters_replacement_forms(text, expected):
    result = compile_card("Thing", text, "Land")
    assert result.status == "ok"
    assert {k: v for k, v in result.card.items() if k in expected} == expected


def test_a_discard_of_no_card_type_stays_not_understood():
    result = compile_card("Thing", "If this artifact would enter, you may discard a green card instead. If you "
                          "do, put this artifact onto the battlefield. If you don't, put it into its owner's "
                          "graveyard.", "Artifact")
    assert result.status == "partial"


@pytest.mark.parametrize("text, expected", [
    ("Whenever a Dragon you control enters, put a gold counter on this artifact.",
     {"when": {"event": "permanent_enters", "filter": {"subtypes": ["Dragon"]}, "whose": "you"},
      "text": "put a gold counter on Thing", "do": [{"counter_on_self": "gold"}]}),
    ("Whenever another creature you control enters, you gain 1 life.",
     {"when": {"event": "permanent_enters", "filter": {"types": ["Creature"], "other": True}, "whose": "you"},
      "text": "you gain 1 life", "do": [{"gain_life": 1}]}),
])
def test_others_enter_triggers(text, expected):
    result = compile_card("Thing", text, "Artifact")
    assert result.status == "ok"
    assert result.card["abilities"] == [{"triggered": expected}]


def test_an_others_enter_trigger_with_an_effect_of_no_form_keeps_its_text():
    """An effect no form models is the ability's text only: next puts it on the stack and refuses
    to resolve it (tests/test_oracle_triggers.py)."""
    result = compile_card("Thing", "Whenever a creature you control enters, exile the top card of your library.",
                          "Artifact")
    assert result.status == "ok"
    assert result.card["abilities"] == [{"triggered": {
        "when": {"event": "permanent_enters", "filter": {"types": ["Creature"]}, "whose": "you"},
        "text": "exile the top card of your library"}}]
