"""A replacement of a player's draws that `next` doesn't apply (CR 614.1a, 121.1): the forms the compiler reads
("If you would draw a card, ... instead", "If a player would draw a card, ...", "... skip that draw"), and next
refusing a draw by a player one applies to, never drawing as if it weren't there.  The ruling case of a draw it
doesn't apply to is tests/cases/next/draws-replaced.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.api import next_states
from pysolver.cards.oracle import compile_card
from pysolver.errors import QueryError

CARDS = Path(__file__).parent / "cases" / "next" / "draws-replaced.yml"


@pytest.mark.parametrize(("text", "whose"), [
    ("If you would draw a card, you may skip that draw instead.", "you"),
    ("If a player would draw a card, that player exiles that card face up instead.", "any"),
    ("If you would draw a card during your draw step, instead you may skip that draw.", "you"),
    ("If an opponent would draw a card, you draw it instead.", "opponent"),
    ("As long as this enchantment has six or more quest counters on it, if you would draw a card, you may instead "
     "search your library for a card, put that card into your hand, then shuffle.", "you"),
])
def test_draw_replacement_forms(text, whose):
    result = compile_card("Replacer", text, "Enchantment")
    assert (result.status, result.card["abilities"]) == ("ok", [{"draw_replaced": {"whose": whose}}])


def test_two_cards_with_an_empty_hand_stays_applied():
    result = compile_card("Replacer", "If you would draw a card while you have no cards in hand, draw two cards "
                                      "instead.", "Enchantment")
    assert "draw_replaced" not in repr(result.card)


def _board(tmp_path: Path, controller: str, card: str = "Obstinate Familiar") -> Path:
    board = tmp_path / "board.yaml"
    board.write_text("players:\n- {name: Alice, library: [Forest]}\n- {name: Bob, library: [Island]}\n"
                     "turn: {number: 4, active: Bob, step: upkeep}\nbattlefield:\n"
                     f"- {{id: replacer, card: {card}, controller: {controller}}}\n", encoding="utf-8")
    return board


def test_a_draw_it_replaces_is_refused(tmp_path):
    with pytest.raises(QueryError, match=r"pass: Bob would draw a card, and replacer replaces that draw in a way next "
                                         r"doesn't apply \(CR 614.1a, 121.1\)"):
        next_states(_board(tmp_path, "Bob"), ["pass"], cards=[CARDS])


def test_every_players_draw_is_refused_for_a_player_one(tmp_path):
    with pytest.raises(QueryError, match="Bob would draw a card, and replacer replaces"):
        next_states(_board(tmp_path, "Alice", "Uba Mask"), ["pass"], cards=[CARDS])
