"""Choices, chance tables, modes and digital-only actions (issue 13): the fixture
tests/fixtures/cards/compiled-choices.yaml is exactly what the compiler makes (its boards:
tests/cases/oracle/choices.yaml); several chosen colors on a board (chosen: {color: [...]}) and
the starting player (turn.starting_player), with their contradictions refused; Un-set concepts
refused by name."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver import next_state
from pysolver.cards.oracle import MODE_OF_ABOVE, RESULT_OF_ABOVE, compile_card
from pysolver.errors import BoardError, QueryError

FIXTURE = Path(__file__).parent / "fixtures" / "cards" / "compiled-choices.yaml"
COMPILED = Path(__file__).parent / "fixtures" / "cards" / "compiled.yaml"
STARTING = Path(__file__).parent / "cases" / "next" / "starting-player.yml"


CARDS = [FIXTURE]


def board(battlefield: list, **turn) -> pysolver.Board:
    return pysolver.board_from_data({"players": ["Alice", "Bob"], "turn": turn or {"number": 1},
                                     "battlefield": battlefield}, CARDS)


@pytest.mark.parametrize("text, problem", [
    ("{T}: Add one mana of your guild's colors.",
     "a guild joined by Pledge, an Un-set concept the Comprehensive Rules don't define"),
    ("Sonic Rainboom — {T}: If you're at least 100% cool, add {W}{U}{B}{R}{G}.",
     "coolness, an Un-set concept the Comprehensive Rules don't define"),
    ("2 points → {T}: Add one mana of any color.",
     "a Legacy option bought with points during deckbuilding, an Un-set concept the Comprehensive Rules don't "
     "define"),
])
def test_a_mana_ability_on_an_un_set_concept_is_refused_naming_it(text, problem):
    result = compile_card("Test Card", text, "Artifact")
    assert (result.status, result.problems) == ("unsupported", [f"line 1: can't compile '{text}': {problem}"])
    assert result.has_mana_ability  # counted among the mana cards it fails


@pytest.mark.parametrize("line, chooses", [
    ("As ~ enters, choose up to two colors from among cards in your hand.", 2),
    ("As ~ enters, choose two colors.", 2),
    ("Reveal this card as you draft it. The player to your right chooses a color, you choose another color, "
     "then the player to your left chooses a third color.", 5),
])
def test_a_card_that_chooses_several_colors_says_how_many(line, chooses):
    result = compile_card("Test Card", line + "\n{T}: Add one mana of a chosen color.", "Land")
    assert (result.status, result.card["chooses_colors"]) == ("ok", chooses)
    assert result.card["abilities"] == [{"mana": {"cost": ["{T}"], "add": {"chosen_color": True}}}]


def test_the_chosen_colors_of_a_card_that_chooses_several_are_a_list():
    cenote = board([{"id": "cenote", "card": "Desert Cenote", "controller": "Alice",
                     "chosen": {"color": ["U", "G"]}}])
    assert cenote.battlefield[0].chosen == (("color", "G"), ("color", "U"))
    written = next_state.to_data(cenote)["battlefield"][0]["chosen"]
    assert written == {"color": ["G", "U"]}


@pytest.mark.parametrize("entry, error", [
    ({"id": "cenote", "card": "Desert Cenote", "controller": "Alice", "chosen": {"color": ["U", "G", "R"]}},
     "battlefield[0].chosen.color: 3 colors, but Desert Cenote chooses at most 2 colors"),
    ({"id": "grove", "card": "Thriving Grove", "controller": "Alice", "chosen": {"color": ["W", "U"]}},
     "battlefield[0].chosen.color: 2 colors, but Thriving Grove chooses one color"),
    ({"id": "cenote", "card": "Desert Cenote", "controller": "Alice", "chosen": {"color": ["U", "Q"]}},
     "battlefield[0].chosen.color: 'Q' is not a color (colors: W, U, B, R, G; CR 105.1)"),
])
def test_more_colors_than_the_card_chooses_are_refused(entry, error):
    with pytest.raises(BoardError) as caught:
        pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [entry]},
                                 CARDS + [COMPILED])
    assert str(caught.value) == f"<board>: {error}"


def test_the_starting_player_is_the_active_player_of_turn_one_and_kept_after():
    assert board([], number=1, active="Bob").starting_player == "Bob"
    assert board([], number=4, active="Bob").starting_player is None
    later = board([], number=4, active="Bob", starting_player="Alice")
    assert (later.starting_player, next_state.to_data(later)["turn"]["starting_player"]) == ("Alice", "Alice")


@pytest.mark.parametrize("turn, error", [
    ({"number": 1, "active": "Bob", "starting_player": "Alice"},
     "turn.starting_player: Alice is not the active player of turn 1, which the starting player takes (CR 103.1)"),
    ({"number": 3, "starting_player": "Carol"},
     "turn.starting_player: 'Carol' is not a player in this game (players: Alice, Bob)"),
])
def test_a_starting_player_the_board_contradicts_is_refused(turn, error):
    with pytest.raises(BoardError) as caught:
        board([], **turn)
    assert str(caught.value) == f"<board>: {error}"


def test_next_refuses_a_land_that_reads_the_starting_player_when_the_board_doesnt_say():
    later = pysolver.board_from_data({"players": [{"name": "Alice", "hand": ["Test Starting Land"]}, "Bob"],
                                      "turn": {"number": 3, "active": "Alice"}}, [STARTING])
    with pytest.raises(QueryError) as caught:
        next_state.next_states(later, next_state.parse_actions(["play", "Test Starting Land"]))
    assert str(caught.value) == (
        "<board>: action 1 (play Test Starting Land): test-starting-land enters tapped if its controller was the "
        "starting player (CR 614.1c, 103.1); on turn 3 the board doesn't say who was (turn.starting_player)")


def test_next_refuses_a_permanent_that_chooses_colors_as_it_enters():
    board = pysolver.board_from_data({"players": [{"name": "Alice", "hand": ["Desert Cenote"]}, "Bob"],
                                      "turn": {"number": 1, "active": "Alice"}}, CARDS)
    with pytest.raises(QueryError) as caught:
        next_state.next_states(board, next_state.parse_actions(["play", "Desert Cenote"]))
    assert str(caught.value) == (
        "<board>: action 1 (play Desert Cenote): desert-cenote chooses up to 2 colors as it enters (CR 614.12), "
        "which next doesn't choose: give the board after it, with chosen: {color: [...]}")


@pytest.mark.parametrize("first, when", [
    ("At the beginning of combat on your turn, choose one —", {"step": "beginning_of_combat", "whose": "you"}),
    ("When ~ enters, choose one —", {"event": "enters"}),
])
def test_the_modes_of_a_modal_trigger_are_kept_in_its_text(first, when):
    result = compile_card("Test Card", f"{first}\n• You gain 3 life.\n• Target land gains \"{{T}}: Add {{G}}\" until "
                          "end of turn.\n{T}: Add {C}.", "Artifact")
    assert (result.status, result.has_mana_ability) == ("ok", True)
    assert result.card["abilities"][0] == {"triggered": {"when": when, "text": (
        "choose one — • You gain 3 life. • Target land gains \"{T}: Add {G}\" until end of turn.")}}
    assert [s["why"] for s in result.sentences[1:3]] == [MODE_OF_ABOVE, MODE_OF_ABOVE]


def test_bullets_after_a_line_that_chooses_no_mode_are_not_modes():
    result = compile_card("Test Card", "At the beginning of combat on your turn, you gain 1 life.\n• You gain 3 life.",
                          "Artifact")
    assert result.sentences[1]["why"] != MODE_OF_ABOVE


def test_next_refuses_to_choose_the_mode_of_a_step_trigger():
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice"},
                                      "battlefield": [{"id": "sunrise", "card": "Glorious Sunrise",
                                                       "controller": "Alice"}]}, CARDS)
    with pytest.raises(QueryError) as caught:
        next_state.next_states(board, next_state.parse_actions(["pass"]))
    assert str(caught.value).endswith(
        "triggers (CR 603.2), and its effect isn't modelled (the card's `do:`) and chooses targets or a mode as it "
        "is put on the stack (CR 603.3c, 603.3d)")
    assert str(caught.value).startswith("<board>: action 1 (pass): sunrise's \"choose one — • Creatures you control")


def test_a_die_roll_table_is_kept_in_its_ability_which_next_does_not_resolve():
    result = compile_card("Test Card", "{T}: Roll a d20.\n1—9 | Put a charge counter on this artifact.\n"
                          "10—20 | Put two charge counters on this artifact.", "Artifact")
    assert result.status == "ok"
    assert result.card["abilities"] == [{"activated": {"cost": ["{T}"], "text": (
        "Roll a d20. 1—9 | Put a charge counter on this artifact. 10—20 | Put two charge counters on this "
        "artifact.")}}]
    assert [s["why"] for s in result.sentences[1:]] == [RESULT_OF_ABOVE, RESULT_OF_ABOVE]


def test_next_refuses_to_activate_the_die_roll():
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice"},
                                      "battlefield": [{"id": "pouch", "card": "Component Pouch",
                                                       "controller": "Alice"}]}, CARDS)
    with pytest.raises(QueryError) as caught:
        next_state.next_states(board, next_state.parse_actions(["activate", "pouch", "2"]))
    assert str(caught.value) == (
        "<board>: action 1 (activate pouch 2): activate pouch: ability 2 (\"Roll a d20. 1—9 | Put a component counter "
        "on this artifact. 10—20 | Put two component counters on this artifact.\"): its effect isn't modelled (the "
        "card's `do:`), so the board it leaves can't be computed")


def test_next_enters_one_outcome_for_each_color_a_permanent_may_choose(cli, tmp_path):
    """CR 614.12, 105.1: "As ~ enters, choose a color other than green" is made as it enters: next
    gives an outcome for each of the four colors, the board after it stating the one chosen
    (chosen:); a color it can't choose is refused on a board; a creature type (an open set) is
    still refused by next (it once played Thriving Grove with no color chosen: could-produce then
    said {G} only)."""
    cards = tmp_path / "cards.yaml"
    cards.write_text("""\
format: pysolver-oracle/1
cards:
- name: Thriving Grove
  types: [Land]
  oracle: "Thriving Grove enters tapped.\\nAs Thriving Grove enters, choose a color other than green.\\n{T}: Add {G} or one mana of the chosen color."
- name: Type Stone
  types: [Land]
  oracle: "As Type Stone enters, choose a creature type.\\n{T}: Add {C}."
""", encoding="utf-8")
    board = pysolver.board_from_data({"players": [{"name": "Alice", "hand": ["Thriving Grove", "Type Stone"]}, "Bob"],
                                      "turn": {"number": 3, "active": "Alice", "step": "precombat_main"}}, [cards])
    played = pysolver.api.next_states(board, ["play", "Thriving Grove"])
    assert sorted((r.choices, r.board["battlefield"][0]["chosen"]["color"], r.board["battlefield"][0]["tapped"])
                  for r in played) == [
        ((f"Alice chooses {word} as thriving-grove enters (CR 614.12)",), color, True)
        for word, color in (("black", "B"), ("blue", "U"), ("red", "R"), ("white", "W"))]
    with pytest.raises(BoardError) as error:
        pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
            {"id": "grove", "card": "Thriving Grove", "controller": "Alice", "chosen": {"color": "G"}}]}, [cards])
    assert str(error.value).endswith("battlefield[0].chosen.color: G is not a color Thriving Grove may choose "
                                     "(it chooses one of W, U, B, R; CR 614.12)")
    with pytest.raises(QueryError) as refused:
        pysolver.api.next_states(board, ["play", "Type Stone"])
    assert str(refused.value).endswith("type-stone chooses a creature type as it enters (CR 614.12), which next "
                                       "doesn't choose: give the board after it, with chosen: {creature_type: ..}")
