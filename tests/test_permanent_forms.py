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


def test_case_cards_are_what_the_compiler_makes():
    """The test-only cards of the ruling cases are the compiler's output for their text."""
    for card in yaml.safe_load(CARDS.read_text("utf-8"))["cards"]:
        result = compile_card(card["name"], card["oracle"], type_line(card))
        assert (result.status, result.card) == ("ok", card)


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
        "turn --turns: in turn 5's untap step Bob may choose not to untap trees (CR 502.3), and the "
        "following turns depend on it; list them from a board after that untap step (pysolver next)")
