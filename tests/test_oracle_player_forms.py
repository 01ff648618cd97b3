"""Forms that read a player's state or count creatures (issue 13): the fixture
tests/fixtures/cards/player-forms.yaml (used by tests/cases/oracle/player-forms.yaml) is
exactly what the compiler makes; what each form compiles to; what is refused and why."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.api import next_states
from pysolver.cards.oracle import compile_card

CARDS = Path(__file__).parent / "fixtures" / "cards"
FIXTURE = CARDS / "player-forms.yaml"
CARD_FILES = [FIXTURE, CARDS / "creatures.yaml"]


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


@pytest.mark.parametrize("text, amount", [
    ("{T}: Add X mana of any one color, where X is the amount of life you gained this turn.", "life_gained"),
    ("{T}: Add X mana of any one color, where X is the greatest number of creatures you control that "
     "have a creature type in common.", "creatures_sharing_a_type"),
])
def test_amounts_of_player_state_and_shared_creature_types(text, amount):
    assert add_of(text) == {"one_of": "any_color", "amount": amount}


def test_life_gained_in_the_untap_step_is_refused():
    """CR 502.4: the untap step is the turn's first and no one gains life in it."""
    board = {"players": [{"name": "Alice", "life_gained": 2}, "Bob"],
             "turn": {"number": 3, "active": "Alice", "step": "untap"}, "battlefield": []}
    with pytest.raises(pysolver.BoardError) as error:
        pysolver.board_from_data(board, name="b.yaml")
    assert str(error.value) == (
        "b.yaml: players[0].life_gained: Alice gained 2 life this turn, but it is the untap step, the turn's "
        "first, in which no player gains life (CR 502.4)")


def test_spells_cast_in_the_untap_step_are_refused():
    """CR 502.4: no player gets priority in the untap step, so no spell was cast yet this turn."""
    board = {"players": [{"name": "Alice", "spells_cast_this_turn": 1}, "Bob"],
             "turn": {"number": 3, "active": "Alice", "step": "untap"}, "battlefield": []}
    with pytest.raises(pysolver.BoardError) as error:
        pysolver.board_from_data(board, name="b.yaml")
    assert str(error.value) == (
        "b.yaml: players[0].spells_cast_this_turn: Alice cast spells this turn (1), but it is the untap step, "
        "the turn's first, in which no player casts a spell (CR 502.4)")


def test_negative_life_gained_is_refused():
    with pytest.raises(pysolver.BoardError) as error:
        pysolver.board_from_data({"players": [{"name": "Alice", "life_gained": -1}, "Bob"]}, name="b.yaml")
    assert str(error.value).startswith("b.yaml: players[0].life_gained: ")


SPELLS = Path(__file__).parent / "cases" / "next" / "spell-effects.yml"


def test_next_adds_life_gained_and_a_new_turn_starts_it_at_0():
    """CR 119.3: Revitalize's 3 life adds to the 1 Alice gained earlier this turn; the next
    turn starts with none gained ("this turn")."""
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": ["Revitalize"], "mana_pool": "{W}{W}", "library": ["Island"],
                     "life_gained": 1}, {"name": "Bob", "library": ["Island"]}],
        "turn": {"number": 3, "active": "Alice", "step": "end"}}, [SPELLS])
    [resolved] = next_states(board, ["cast", "Revitalize", "resolve"])
    alice = resolved.board["players"][0]
    assert (alice["life"], alice["life_gained"]) == (23, 4)
    [passed] = next_states(board, ["cast", "Revitalize", "resolve", "pass", "pass"])
    assert passed.board["turn"]["number"] == 4
    assert [p.get("life_gained") for p in passed.board["players"]] == [None, None]


@pytest.mark.parametrize("text, why", [
    ("As this land enters, you get two rad counters.\n{T}: Add {C}.",
     "getting rad counters (CR 122.1i, 725.1), an action next doesn't follow (a board records them: players[]."
     "counters)"),
    ("If you would gain life, draw that many cards instead.\n{T}: Add {C}.",
     "a replacement effect on gaining life (CR 614.1a, 119.10) other than twice that much or that much plus N "
     "(oracle_replace.py), which no rule applies yet"),
])
def test_player_state_no_board_records_is_not_understood_with_its_reason(text, why):
    result = compile_card("Test Card", text, "Land")
    assert result.status == "partial"
    assert {(s["text"], s["why"]) for s in result.sentences if s["class"] == "not understood"} == {
        (sentence, why) for sentence in result.ignored}
    assert result.ignored == [s for s in text.replace("this land", "~").split("\n")[0].replace(". ", ".\n")
                              .split("\n")]


def test_familiars_named_by_reminder_text_are_refused_with_the_reason():
    result = compile_card("Test Card", "{T}: Add X {G} and each opponent loses X life, where X is the number of "
                          "familiars you control.", "Creature")
    assert (result.status, result.problems) == ("unsupported", [
        "line 1: can't compile 'Add X {G} and each opponent loses X life, where X is the number of familiars "
        "you control' (\"familiars\" are named only by reminder text (a list of creature types and a word in a "
        "name), which the compiler leaves out)"])


@pytest.mark.parametrize("text", [
    "As long as this creature is on the battlefield, it has all activated abilities of all creature cards in all "
    "graveyards.",  # Necrotic Ooze
    "As long as this artifact is on the battlefield, it has all activated abilities of all artifact cards in your "
    "graveyard.",
])
def test_abilities_of_cards_in_graveyards_are_not_understood_with_the_reason(text):
    """CR 613.1f, 601.2h: a cost that sacrifices or discards moves a card into a graveyard mid-payment, which
    changes the abilities the permanent has then; no query follows that."""
    result = compile_card("Test Ooze", text, "Creature — Ooze", power="4", toughness="3")
    assert [(s["class"], s["why"]) for s in result.sentences] == [(
        "not understood", "it has the activated abilities of cards in graveyards (CR 613.1f, 602.1): a card moved "
        "to or from a graveyard while a cost is paid (a sacrifice, a discard, CR 601.2h, 602.2b) changes which "
        "abilities it has mid-payment, which no query follows")]
