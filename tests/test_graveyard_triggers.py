"""Triggered abilities that function only in a graveyard (pysolver/cards/oracle_graveyard_triggers.py,
issue 13, CR 113.6m): the compiled card keeps them (graveyard_triggers); a card with one is partial in a
graveyard, so a board with it there, a `next` action and an `outcomes` resolution that put it there are
refused unless --allow-partial, which names the sentence left out."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card
from pysolver.cards.oracle_graveyard_triggers import WHY

from helpers import write_inputs

# Oracle texts are Wizards of the Coast's (Bloodghast, Boneyard Scourge).
CARDS = """\
format: pysolver-oracle/1
cards:
- name: Bloodghast
  mana_cost: '{B}{B}'
  types: [Creature]
  subtypes: [Vampire, Spirit]
  power: 2
  toughness: 1
  oracle: "This creature can't block.\\nThis creature has haste as long as an opponent has 10 or less life.\\nLandfall —
    Whenever a land you control enters, you may return this card from your graveyard to the battlefield."
"""
LANDFALL = ("Landfall — Whenever a land you control enters, you may return this card from your graveyard to the "
            "battlefield.")


@pytest.mark.parametrize(("text", "kept"), [
    ("Landfall — Whenever a land you control enters, you may return this card from your graveyard to the battlefield.",
     [LANDFALL]),
    ("When a creature with mana value 6 or greater enters, you may return this card from your graveyard to the "
     "battlefield attached to that creature.",
     ["When a creature with mana value 6 or greater enters, you may return this card from your graveyard to the "
      "battlefield attached to that creature."]),
    ("Whenever a Dragon you control dies while this card is in your graveyard, you may pay {1}{B}. If you do, return "
     "this card from your graveyard to the battlefield.",
     ["Whenever a Dragon you control dies while this card is in your graveyard, you may pay {1}{B}.",
      "If you do, return this card from your graveyard to the battlefield."]),
])
def test_kept_as_a_graveyard_trigger(text, kept):
    result = compile_card("Ghast", text, "Creature — Spirit", power="2", toughness="1")
    assert (result.status, result.card.get("graveyard_triggers")) == ("ok", kept)
    assert {(s["class"], s["why"]) for s in result.sentences} == {("compiled", WHY)}


@pytest.mark.parametrize("text", [
    # CR 113.6m's exceptions: an Aura whose enchanted permanent leaves, its own dying: on the battlefield
    "When enchanted Island is put into a graveyard, you may return this card from your graveyard to your hand.",
    "When this creature dies, return this card from your graveyard to your hand.",
    # an event of a turn-based action (the draw step's draw), which turn follows without a board
    "When you draw your third card in a turn, return this card from your graveyard to the battlefield tapped.",
    # an effect beside the return
    "Whenever a land you control enters, return this card from your graveyard to the battlefield and draw a card.",
])
def test_other_shapes_are_not_graveyard_triggers(text):
    result = compile_card("Ghast", text, "Enchantment Creature — Aura Spirit", power="1", toughness="1")
    assert result.card.get("graveyard_triggers") is None
    assert all(s["why"] != WHY for s in result.sentences)


GRAVEYARD_BOARD = """\
players: [{name: Alice, graveyard: [Bloodghast], hand: [Forest]}, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: forest, card: Forest, controller: Alice}
"""


def test_a_board_with_it_in_a_graveyard_refuses_it(cli, tmp_path):
    board, cards = write_inputs(tmp_path, board=GRAVEYARD_BOARD, cards=CARDS)
    assert cli("next", board, "play", "Forest", "--cards", cards) == (
        2, "", f"error: {board}: 1:37: players[0].graveyard[0]: card 'Bloodghast' is partial in a graveyard: pysolver "
               f"doesn't model {LANDFALL!r}, which functions there (CR 113.6m); --allow-partial uses it without it\n")


def test_allow_partial_names_the_sentence_left_out(cli, tmp_path):
    board, cards = write_inputs(tmp_path, board=GRAVEYARD_BOARD, cards=CARDS)
    code, _, err = cli("next", board, "play", "Forest", "--cards", cards, "--allow-partial")
    assert (code, err) == (0, f"note: Bloodghast is partial: this answer ignores {LANDFALL!r}\n")


def test_next_refuses_an_action_that_puts_it_into_a_graveyard(cli, tmp_path):
    board, cards = write_inputs(tmp_path, cards=CARDS, board="""\
players: [Alice, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: ghast, card: Bloodghast, controller: Alice, damage: 1}
""")
    assert cli("next", board, "check", "--cards", cards) == (
        2, "", f"error: {board}: action 1 (check): Bloodghast is put into Alice's graveyard, where {LANDFALL!r} "
               "functions (CR 113.6m), which next doesn't model; --allow-partial uses it without it\n")


def test_outcomes_refuses_a_resolution_that_may_put_it_into_a_graveyard(cli, tmp_path):
    """Haphazard Bombardment destroys one of the permanents with aim counters at random (CR 701.7a): the
    Bloodghast among them may go to its owner's graveyard."""
    board, cards = write_inputs(tmp_path, cards=CARDS, board="""\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: end}
battlefield:
- {id: hb, card: Haphazard Bombardment, controller: Alice}
- {id: forest, card: Forest, controller: Bob, counters: {aim: 1}}
- {id: ghast, card: Bloodghast, controller: Bob, counters: {aim: 1}}
""")
    assert cli("outcomes", board, "--cards", cards) == (
        2, "", f"error: {board}: ghast (Bloodghast) may be put into a graveyard as it resolves, where {LANDFALL!r} "
               "functions (CR 113.6m), which outcomes doesn't model; --allow-partial uses it without it\n")
    code, _, err = cli("outcomes", board, "--cards", cards, "--allow-partial")
    assert (code, err) == (0, f"note: Bloodghast is partial: this answer ignores {LANDFALL!r}\n")
