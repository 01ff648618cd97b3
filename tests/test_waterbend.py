"""Waterbend as an additional cost (CR 601.2b, 601.2h; waterbend is newer than the rules text cited and is read by its
reminder text: "While paying a waterbend cost, you can tap your artifacts and creatures to help. Each one pays for
{1}."): "waterbend {2}" adds {2} to the total cost, each untapped artifact or creature its caster controls may pay
{1} of it; "you may waterbend {2}" is an optional cost (pay --additional waterbend).  Each failed before (the line was
not understood: the card was partial, refused)."""

from __future__ import annotations

import pytest

import pysolver
from pysolver.errors import LimitExceeded
from pysolver.query.payment import pay

from helpers import write_inputs

CARDS = {"format": "pysolver-oracle/1", "cards": [
    {"name": "Test Whip", "mana_cost": "{U}", "types": ["Sorcery"],
     "oracle": "As an additional cost to cast this spell, waterbend {2}. (While paying a waterbend cost, you can tap "
               "your artifacts and creatures to help. Each one pays for {1}.)\nDraw two cards."},
    {"name": "Test Katara", "mana_cost": "{U}", "types": ["Creature"], "power": "1", "toughness": "1",
     "oracle": "As an additional cost to cast this spell, you may waterbend {2}. (While paying a waterbend cost, you "
               "can tap your artifacts and creatures to help. Each one pays for {1}.)"},
    {"name": "Test Flood", "mana_cost": "{X}{U}", "types": ["Sorcery"],
     "oracle": "As an additional cost to cast this spell, waterbend {1}.\nYou gain X life."},
    {"name": "Test Servo", "mana_cost": "{1}", "types": ["Artifact", "Creature"], "power": "1", "toughness": "1",
     "oracle": ""},
    {"name": "Test Bear", "mana_cost": "{1}", "types": ["Creature"], "power": "2", "toughness": "2", "oracle": ""},
    {"name": "Test Thalia", "mana_cost": "{1}{W}", "types": ["Creature"], "power": "2", "toughness": "1",
     "oracle": "Noncreature spells cost {1} more to cast."},
]}


def _board(tmp_path, *permanents: tuple[str, str, bool]):
    _, cards = write_inputs(tmp_path, cards=CARDS)
    return pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": pid, "card": card, "controller": "Alice", "tapped": tapped}
                        for pid, card, tapped in permanents]}, [cards])


def _ways(board, spell: str, **kw) -> set[tuple[tuple[str, ...], str, tuple[str, ...]]]:
    return {(tuple(a.perm for a in w.activations), w.paid, w.costs) for w in pay(board, "Alice", spell=spell,
                                                                                   **kw).ways}


def test_waterbend_every_way(tmp_path):
    """{U} and waterbend {2}: the Island pays {U}; the {2} by the Servo and the Bear tapped, or one of them and the
    Mountain (the tapped creature can't help; the Mountain alone can't pay {2})."""
    board = _board(tmp_path, ("i", "Island", False), ("m", "Mountain", False), ("servo", "Test Servo", False),
                   ("bear", "Test Bear", False), ("tired", "Test Bear", True))
    assert _ways(board, "Test Whip") == {
        (("i",), "{1} by tapping bear (waterbend), {1} by tapping servo (waterbend), {U} with {U} from i",
         ("waterbend bear", "waterbend servo")),
        (("i", "m"), "{1} by tapping bear (waterbend), {1} with {R} from m, {U} with {U} from i", ("waterbend bear",)),
        (("i", "m"), "{1} by tapping servo (waterbend), {1} with {R} from m, {U} with {U} from i",
         ("waterbend servo",))}


def test_waterbend_may_be_paid(tmp_path):
    board = _board(tmp_path, ("i", "Island", False), ("servo", "Test Servo", False), ("bear", "Test Bear", False))
    assert {w[2] for w in _ways(board, "Test Katara", additional=("waterbend",))} == {
        ("waterbend bear", "waterbend servo")}
    assert {w[2] for w in _ways(board, "Test Katara")} == {()}


def test_waterbend_refused_beside_a_changed_total_or_x_not_given(tmp_path):
    """Which generic mana of a changed total is the waterbend cost's, and the largest X, pay does not follow."""
    board = _board(tmp_path, ("i", "Island", False), ("servo", "Test Servo", False), ("thalia", "Test Thalia", False))
    with pytest.raises(LimitExceeded, match="waterbend cost beside an effect that changes its total cost"):
        pay(board, "Alice", spell="Test Whip")
    board = _board(tmp_path, ("i", "Island", False), ("i2", "Island", False), ("servo", "Test Servo", False))
    with pytest.raises(LimitExceeded, match="give --x"):
        pay(board, "Alice", spell="Test Flood")
    assert {w[2] for w in _ways(board, "Test Flood", x=1)} == {("waterbend servo",)}


def test_waterbend_x(tmp_path):
    """"waterbend {X}": X announced as it is cast (CR 107.3a, 601.2b: pay --spell --x N); none given: refused."""
    _, cards = write_inputs(tmp_path, cards={"format": "pysolver-oracle/1", "cards": [*CARDS["cards"], {
        "name": "Test Visions", "mana_cost": "{U}", "types": ["Sorcery"],
        "oracle": "As an additional cost to cast this spell, waterbend {X}.\nYou gain X life."}]})
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"id": pid, "card": card, "controller": "Alice"} for pid, card in
        (("i", "Island"), ("m", "Mountain"), ("servo", "Test Servo"))]}, [cards])
    assert {w[2] for w in _ways(board, "Test Visions", x=2)} == {("waterbend servo",)}
    assert {w[2] for w in _ways(board, "Test Visions", x=0)} == {()}
    assert not pay(board, "Alice", spell="Test Visions", x=3).payable
    with pytest.raises(LimitExceeded, match="give --x"):
        pay(board, "Alice", spell="Test Visions")
