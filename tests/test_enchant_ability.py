"""What an Aura may enchant (CR 702.5a, 303.4a): the "Enchant ..." line compiled whole, and a board
whose Aura is attached to something its line doesn't allow refused (CR 303.4c, 704.5m)."""

from __future__ import annotations

import pytest

import pysolver
from pysolver import BoardError
from pysolver.cards.oracle import compile_card
from helpers import write_inputs

CARE = "Enchant artifact or creature\nEnchanted permanent doesn't untap during its controller's untap step."
GRIP = "Enchant creature you control\nEnchanted creature gets +1/+1."


@pytest.mark.parametrize("line, enchant", [
    ("Enchant land", {"types": ["Land"]}),
    ("Enchant Forest", {"subtypes": ["Forest"]}),
    ("Enchant basic land", {"supertypes": ["Basic"], "types": ["Land"]}),
    ("Enchant player", "player"),
    ("Enchant opponent", "opponent"),
    ("Enchant permanent", "permanent"),
    ("Enchant artifact or creature", {"any_of": [{"types": ["Artifact"]}, {"types": ["Creature"]}]}),
    ("Enchant creature, land, or planeswalker",
     {"any_of": [{"types": ["Creature"]}, {"types": ["Land"]}, {"types": ["Planeswalker"]}]}),
    ("Enchant creature or Vehicle", {"any_of": [{"types": ["Creature"]}, {"subtypes": ["Vehicle"]}]}),
    ("Enchant creature you control", {"any_of": [{"types": ["Creature"]}], "whose": "you"}),
    ("Enchant creature an opponent controls", {"any_of": [{"types": ["Creature"]}], "whose": "opponent"}),
    ("Enchant creature (Target a creature as you cast this. This card enters attached to that creature.)",
     {"types": ["Creature"]}),
])
def test_the_enchant_line_is_compiled_whole(line, enchant):
    result = compile_card("Test Aura", f"{line}\nEnchanted permanent doesn't untap during its controller's untap "
                                       "step.", "Enchantment — Aura")
    assert (result.status, result.card["enchant"]) == ("ok", enchant)


@pytest.mark.parametrize("line", ["Enchant red or green creature", "Enchant nonland permanent",
                                  "Enchant creature without flying", "Enchant tapped creature"])
def test_an_enchant_line_the_board_check_cant_judge_is_not_understood(line):
    """Once read as "any permanent" (or only its type), these let a board attach the Aura where the
    rules don't: now the line is not understood and the card partial."""
    result = compile_card("Test Aura", f"{line}\nEnchanted creature gets +1/+1.", "Enchantment — Aura")
    assert result.status == "partial" and "enchant" not in result.card
    assert [(s["text"], s["class"]) for s in result.sentences if s["text"].startswith("Enchant ")] == [
        (f"{line}.", "not understood")]


@pytest.fixture
def cards(tmp_path):
    data = [compile_card(name, text, "Enchantment — Aura").card for name, text in
            (("Test Overgrowth", CARE), ("Test Grip", GRIP))]
    return write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": data})[1]


def board(aura, target, target_controller):
    return {"players": ["A", "B"], "battlefield": [
        {"id": "a", "card": aura, "controller": "A", "attached_to": {"permanent": "t"}},
        {"id": "t", "card": target, "controller": target_controller}]}


@pytest.mark.parametrize("aura, target, controller, error", [
    ("Test Overgrowth", "Sol Ring", "B", None),
    ("Test Overgrowth", "Grizzly Bears", "A", None),
    ("Test Overgrowth", "Forest", "A", "battlefield[0].attached_to.permanent: Test Overgrowth can "
     "enchant only an Artifact or Creature, and t (Forest) is not one (CR 303.4c, 704.5m)"),
    ("Test Grip", "Grizzly Bears", "A", None),
    ("Test Grip", "Grizzly Bears", "B", "battlefield[0].attached_to.permanent: Test Grip can enchant "
     "only a Creature its controller controls, and t (Grizzly Bears) is not one (CR 303.4c, 704.5m)"),
])
def test_an_aura_attached_where_its_line_forbids_is_refused(cards, aura, target, controller, error):
    """Before, both Auras read "any permanent" / "a creature": the Forest and the opponent's
    creature were accepted, and every answer kept the Aura's effect on them."""
    if error is None:
        assert pysolver.board_from_data(board(aura, target, controller), [cards]) is not None
    else:
        with pytest.raises(BoardError) as raised:
            pysolver.board_from_data(board(aura, target, controller), [cards])
        assert str(raised.value) == f"<board>: {error}"


@pytest.mark.parametrize("player, error", [
    ("B", None),
    ("A", "battlefield[0].attached_to.player: Test Curse enchants an opponent of its controller, and A controls "
          "it (CR 303.4a, 702.5d)"),
])
def test_an_aura_that_enchants_an_opponent_is_never_on_its_controller(tmp_path, player, error):
    """Before, "Enchant opponent" read as "Enchant player": a board could attach it to its controller."""
    card = compile_card("Test Curse", "Enchant opponent\nAt the beginning of enchanted player's upkeep, that player "
                                      "loses 1 life.", "Enchantment — Aura Curse").card
    path = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [card]})[1]
    data = {"players": ["A", "B"], "battlefield": [
        {"id": "c", "card": "Test Curse", "controller": "A", "attached_to": {"player": player}}]}
    if error is None:
        assert pysolver.board_from_data(data, [path]) is not None
    else:
        with pytest.raises(BoardError) as raised:
            pysolver.board_from_data(data, [path])
        assert str(raised.value) == f"<board>: {error}"
