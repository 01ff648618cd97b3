"""Blight as an additional cost (CR 601.2b, 601.2h; blight is newer than the rules text cited and is read by its
reminder text: "To blight 1, put a -1/-1 counter on a creature you control"): each creature its caster controls is
a way (pay --spell), "blight 1 or pay {3}" a choice between costs, "you may blight 2" an optional cost; next cast
refuses a way that blights (the counters' replacement effects and state-based actions).  Each failed before (the
line was not understood: the card was partial, refused)."""

from __future__ import annotations

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import LimitExceeded
from pysolver.query.payment import pay

from helpers import write_inputs

EMBRACE = ("As an additional cost to cast this spell, blight 1 or pay {3}. (To blight 1, put a -1/-1 counter on a "
           "creature you control.)\nYou gain 2 life.")
CARDS = {"format": "pysolver-oracle/1", "cards": [
    {"name": "Test Embrace", "mana_cost": "{1}{B}", "types": ["Sorcery"], "oracle": EMBRACE},
    {"name": "Test Curiosity", "mana_cost": "{R}", "types": ["Sorcery"],
     "oracle": "As an additional cost to cast this spell, you may blight 2.\nYou gain 1 life."},
    {"name": "Test Bear", "mana_cost": "{1}", "types": ["Creature"], "power": "2", "toughness": "2", "oracle": ""},
]}


def _board(tmp_path, *permanents: tuple[str, str]):
    _, cards = write_inputs(tmp_path, cards=CARDS)
    return pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": ["Test Embrace", "Test Curiosity"]}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": pid, "card": card, "controller": "Alice"} for pid, card in permanents]}, [cards])


def test_blight_compiles():
    assert compile_card("Test Embrace", EMBRACE, "Sorcery").card["additional_costs"] == [
        {"one_of": [[{"blight": 1}], ["{3}"]]}]


def test_blight_or_pay_every_way(tmp_path):
    """Each creature Alice controls (an Elf tapped for mana too: 601.2h); the option of {3} asks five mana, which
    three sources don't make."""
    board = _board(tmp_path, ("s", "Swamp"), ("f", "Forest"), ("bear", "Test Bear"), ("elf", "Llanowar Elves"))
    assert {(tuple(a.perm for a in w.activations), w.costs) for w in pay(board, "Alice", spell="Test Embrace").ways} \
        == {(("s", "f"), ("blight bear",)), (("s", "elf"), ("blight bear",)), (("s", "f"), ("blight elf",)),
            (("s", "elf"), ("blight elf",))}
    with_none = _board(tmp_path, ("s", "Swamp"), ("f", "Forest"))
    assert not pay(with_none, "Alice", spell="Test Embrace").payable


def test_you_may_blight(tmp_path):
    board = _board(tmp_path, ("m", "Mountain"), ("bear", "Test Bear"))
    assert {w.costs for w in pay(board, "Alice", spell="Test Curiosity", additional=("blight",)).ways} == {
        ("blight bear",)}
    assert {w.costs for w in pay(board, "Alice", spell="Test Curiosity").ways} == {()}


def test_next_cast_refuses_a_way_that_blights(tmp_path):
    board = _board(tmp_path, ("s", "Swamp"), ("f", "Forest"), ("bear", "Test Bear"))
    with pytest.raises(LimitExceeded, match=r"blight puts -1/-1 counters on bear as a cost \(CR 601.2h\)"):
        pysolver.api.next_states(board, ["cast", "Test Embrace"])
