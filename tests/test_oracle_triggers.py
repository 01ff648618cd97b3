"""Abilities that trigger on another permanent entering (pysolver/cards/oracle_triggers.py, issue
13): "Whenever a land you control enters", "Whenever ~ or another Ally you control enters", with
"you may" (CR 603.5) and an intervening "if" (603.4); an effect about the object that triggered
it ("it", "that creature") keeps only its text, for every kind of trigger on another object."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pysolver.cards.oracle import compile_card

CASES = Path(__file__).parent / "cases" / "next"


def triggered(text: str, type_line: str = "Creature — Elf Ally") -> dict:
    result = compile_card("Watcher", text, type_line)
    assert result.status == "ok", result.ignored
    [ability] = result.card["abilities"]
    return ability["triggered"]


@pytest.mark.parametrize(("text", "expected"), [
    ("Landfall — Whenever a land you control enters, you may gain 2 life.",
     {"when": {"event": "permanent_enters", "filter": {"types": ["Land"]}, "whose": "you"},
      "text": "you may gain 2 life", "do": [{"gain_life": 2}], "may": True}),
    ("Landfall — Whenever a land you control enters, this creature gets +2/+2 until end of turn.",
     {"when": {"event": "permanent_enters", "filter": {"types": ["Land"]}, "whose": "you"},
      "text": "Watcher gets +2/+2 until end of turn"}),
    ("Whenever this creature or another Ally you control enters, you may put a +1/+1 counter on this creature.",
     {"when": {"event": "permanent_enters", "filter": {"subtypes": ["Ally"], "other": True}, "whose": "you",
               "or_self": True},
      "text": "you may put a +1/+1 counter on Watcher", "do": [{"counter_on_self": "+1/+1"}], "may": True}),
    ("Whenever a creature you control with power 3 or greater enters, draw a card.",
     {"when": {"event": "permanent_enters", "filter": {"types": ["Creature"], "power_at_least": 3}, "whose": "you"},
      "text": "draw a card", "do": [{"draw": 1}]}),
    ("Whenever a land enters the battlefield under an opponent's control, you gain 1 life.",
     {"when": {"event": "permanent_enters", "filter": {"types": ["Land"]}, "whose": "opponent"},
      "text": "you gain 1 life", "do": [{"gain_life": 1}]}),
    ("Whenever another Goblin enters, you gain 1 life.",
     {"when": {"event": "permanent_enters", "filter": {"subtypes": ["Goblin"], "other": True}, "whose": "any"},
      "text": "you gain 1 life", "do": [{"gain_life": 1}]}),
    ("When a Cartouche you control enters, return this creature to its owner's hand.",
     {"when": {"event": "permanent_enters", "filter": {"subtypes": ["Cartouche"]}, "whose": "you"},
      "text": "return Watcher to its owner's hand", "do": [{"return_self_to_hand": True}]}),
    ("Whenever a creature you control enters, if you control no other Elves, draw a card.",
     {"when": {"event": "permanent_enters", "filter": {"types": ["Creature"]}, "whose": "you"},
      "if": {"you_control": {"at_most": 0, "filter": {"subtypes": ["Elf"], "other": True}}},
      "text": "draw a card", "do": [{"draw": 1}]}),
])
def test_others_enter_forms(text, expected):
    """CR 603.2, 603.6a: the event next produces; the effect as `do` where a form models it."""
    assert triggered(text) == expected


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever another creature you control enters, put a +1/+1 counter on it.",
     {"event": "permanent_enters", "filter": {"types": ["Creature"], "other": True}, "whose": "you"}),
    ("Whenever a creature you control dies, put a +1/+1 counter on it.",
     {"event": "dies", "filter": {"types": ["Creature"]}, "whose": "you"}),
    ("Whenever you cast a creature spell, put a +1/+1 counter on it.",
     {"event": "cast", "filter": {"types": ["Creature"]}, "whose": "you"}),
    ("Whenever an artifact you control is put into a graveyard from the battlefield, return it to its owner's hand.",
     {"event": "put_into_graveyard", "filter": {"types": ["Artifact"]}, "whose": "you"}),
])
def test_it_is_the_object_that_triggered_it(text, when):
    """CR 603.2: "it" is the permanent that entered or died, the spell cast: not the source the `do`
    forms act on, so the ability keeps only its text (next refuses to resolve it)."""
    assert triggered(text) == {"when": when, "text": text.split(", ", 1)[1].rstrip(".")}


@pytest.mark.parametrize("text", [
    "Whenever a creature you control enters, if it entered from your graveyard, draw a card.",  # another "if"
    "Whenever a creature with power 2 or less enters, draw a card.",  # a filter no form reads
    "Whenever a land you control enters and whenever you cast a spell, draw a card.",  # a second event
    "Whenever one or more creatures you control enter, draw a card.",  # a batch of them (CR 603.2h)
])
def test_others_enter_forms_left_unread(text):
    result = compile_card("Watcher", text, "Creature — Elf")
    assert (result.status, result.ignored) == ("partial", [text])


def test_others_entering_cards_are_what_the_compiler_makes():
    """The cards of others-entering-forms.yml are the compiler's output for their Oracle text."""
    cards = yaml.safe_load((CASES / "others-entering-forms.yml").read_text("utf-8"))["cards"]
    for card in cards:
        type_line = " ".join(card["types"]) + " — " + " ".join(card["subtypes"])
        result = compile_card(card["name"], card["oracle"], type_line, mana_cost=card["mana_cost"],
                              power=str(card["power"]), toughness=str(card["toughness"]))
        assert (result.status, result.card) == ("ok", card), card["name"]


def test_a_trigger_that_targets_with_an_effect_of_no_form_is_refused_on_the_stack(cli, tmp_path):
    """CR 603.3d: its targets are chosen as it is put on the stack; an effect next doesn't model
    would leave them unchosen, so next refuses there rather than put it on the stack without."""
    cards = tmp_path / "cards.yaml"
    cards.write_text("""\
format: pysolver-oracle/1
cards:
- name: Aim Ground
  types: [Enchantment]
  oracle: "Landfall — Whenever a land you control enters, tap target creature."
""", encoding="utf-8")
    board = tmp_path / "board.yaml"
    board.write_text("""\
players: [{name: Alice, hand: [Forest]}, Bob]
turn: {number: 4, active: Alice, step: precombat_main}
battlefield:
- {id: aim, card: Aim Ground, controller: Alice}
""", encoding="utf-8")
    assert cli("next", board, "play", "Forest", "--cards", cards) == (
        2, "", f"error: {board}: action 1 (play Forest): aim's \"tap target creature\" triggered (CR 603.2), and its "
               "effect isn't modelled (the card's `do:`) and chooses targets or a mode as it is put on the stack "
               "(CR 603.3c, 603.3d)\n")
