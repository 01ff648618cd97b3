"""Forms that read a player's state or count creatures (issue 13): the fixture
tests/fixtures/cards/player-forms.yaml (used by tests/cases/oracle/player-forms.yaml) is
exactly what the compiler makes; what each form compiles to; what is refused and why."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import pysolver
from pysolver.cards.oracle import compile_card

CARDS = Path(__file__).parent / "fixtures" / "cards"
FIXTURE = CARDS / "player-forms.yaml"
CARD_FILES = [FIXTURE, CARDS / "creatures.yaml"]


@pytest.mark.parametrize("card", yaml.safe_load(FIXTURE.read_text("utf-8"))["cards"],
                         ids=lambda card: card["name"])
def test_the_fixture_is_what_the_compiler_makes(card):
    result = compile_card(card["name"], card["oracle"], types=card["types"],
                          subtypes=card.get("subtypes", []), supertypes=card.get("supertypes", []),
                          mana_cost=card.get("mana_cost"), keywords=card.get("keywords"),
                          **{k: str(card[k]) for k in ("power", "toughness") if k in card})
    assert (result.status, result.problems) == ("ok", [])
    assert result.card == card


def add_of(text: str, types: str = "Artifact") -> dict:
    result = compile_card("Test Card", text, types)
    assert (result.status, result.problems) == ("ok", []), result.problems
    (ability,) = [a for a in result.card["abilities"] if "mana" in a]
    return ability["mana"]["add"]


def test_cards_revealed_from_a_hand_judged_by_power():
    assert add_of("{T}: Reveal any number of creature cards with power 5 or greater from your hand. "
                  "Add {G} for each card revealed this way.") == {
        "mana": "{G}", "amount": {"revealed": {"filter": {"types": ["Creature"], "power_at_least": 5}}}}


def test_a_star_power_card_in_a_hand_judged_by_power_is_refused():
    """CR 208.2a: its power is defined by an ability no card data computes."""
    board = {"players": [{"name": "Alice", "hand": ["Test Giant", "Test Shapeshifter"]}, "Bob"],
             "battlefield": [{"card": "Sacellum Godspeaker", "controller": "Alice"}]}
    with pytest.raises(pysolver.BoardError) as error:
        pysolver.board_from_data(board, CARD_FILES, name="b.yaml")
    assert str(error.value) == (
        "b.yaml: players[0].hand[1]: Test Shapeshifter's power is '*' (defined by an ability, CR 208.2a) "
        "and Sacellum Godspeaker reads the power of cards in Alice's hand, which pysolver can't judge")


def test_a_star_power_card_in_a_hand_nothing_judges_by_power_is_accepted():
    board = {"players": [{"name": "Alice", "hand": ["Test Shapeshifter"]}, "Bob"],
             "battlefield": [{"card": "Forest", "controller": "Alice"}]}
    assert pysolver.board_from_data(board, CARD_FILES).players[0].hand == ("Test Shapeshifter",)
