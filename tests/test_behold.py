"""Behold as an additional cost (CR 601.2b, 601.2h; behold is newer than the rules text cited and is read by its
reminder text: "choose a Goblin you control or reveal a Goblin card from your hand", 701.16a): each permanent of the
kind its caster controls and each card of the kind in the hand is a way; "... or pay {2}" a choice between costs,
"you may behold a Dragon" an optional cost (pay --additional behold).  Each failed before (the line was not
understood: the card was partial, refused)."""

from __future__ import annotations

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import LimitExceeded
from pysolver.query.payment import pay

from helpers import write_inputs

CARDS = {"format": "pysolver-oracle/1", "cards": [
    {"name": "Test Cursetosser", "mana_cost": "{B}", "types": ["Creature"], "subtypes": ["Goblin", "Warlock"],
     "power": "2", "toughness": "1",
     "oracle": "As an additional cost to cast this spell, behold a Goblin or pay {2}. (To behold a Goblin, choose a "
               "Goblin you control or reveal a Goblin card from your hand.)\nThis creature can't block."},
    {"name": "Test Emergence", "mana_cost": "{1}{G}", "types": ["Sorcery"],
     "oracle": "As an additional cost to cast this spell, choose a creature you control or reveal a creature card "
               "from your hand.\nYou gain 1 life."},
    {"name": "Test Exhale", "mana_cost": "{1}{W}", "types": ["Instant"],
     "oracle": "As an additional cost to cast this spell, you may behold a Dragon. (You may choose a Dragon you "
               "control or reveal a Dragon card from your hand.)\nYou gain 2 life."},
    {"name": "Test Champion", "mana_cost": "{W}", "types": ["Creature"], "subtypes": ["Kithkin", "Knight"],
     "power": "4", "toughness": "5",
     "oracle": "As an additional cost to cast this spell, behold a Kithkin and exile it. (Exile a Kithkin you control "
               "or a Kithkin card from your hand.)"},
    {"name": "Test Kithkin", "mana_cost": "{W}", "types": ["Creature"], "subtypes": ["Kithkin"], "power": "1",
     "toughness": "1", "oracle": ""},
    {"name": "Test Goblin", "mana_cost": "{R}", "types": ["Creature"], "subtypes": ["Goblin"], "power": "1",
     "toughness": "1", "oracle": ""},
    {"name": "Test Dragon", "mana_cost": "{4}{R}", "types": ["Creature"], "subtypes": ["Dragon"], "power": "4",
     "toughness": "4", "oracle": "Flying"},
]}


def _board(tmp_path, hand: list[str], *permanents: tuple[str, str]):
    _, cards = write_inputs(tmp_path, cards=CARDS)
    return pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": hand}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "battlefield": [{"id": pid, "card": card, "controller": "Alice"} for pid, card in permanents]}, [cards])


def _ways(board, spell: str, **kw) -> set[tuple[tuple[str, ...], str, tuple[str, ...]]]:
    return {(tuple(a.perm for a in w.activations), w.paid, w.costs) for w in pay(board, "Alice", spell=spell,
                                                                                   **kw).ways}


def test_behold_compiles_to_one_cost():
    card = compile_card("Test Cursetosser", CARDS["cards"][0]["oracle"], "Creature — Goblin Warlock").card
    assert card["additional_costs"] == [{"one_of": [[{"behold": {"subtypes": ["Goblin"]}}], ["{2}"]]}]
    card = compile_card("Test Exhale", CARDS["cards"][2]["oracle"], "Instant").card
    assert card["optional_costs"] == {"behold": [{"behold": {"subtypes": ["Dragon"]}}]}
    # "behold a Kithkin and exile it": what it chose, exiled
    assert compile_card("Test Champion", "As an additional cost to cast this spell, behold a Kithkin and exile it.",
                        "Creature").card["additional_costs"] == [{"behold_exile": {"subtypes": ["Kithkin"]}}]


def test_behold_or_pay_every_way(tmp_path):
    """The Goblin on the battlefield (tapped for mana or not: choosing it doesn't tap it, 601.2h), the Goblin card
    in the hand, or {2}; the card cast is on the stack, so it can't be revealed (601.2a)."""
    board = _board(tmp_path, ["Test Cursetosser", "Test Goblin", "Forest"],
                   ("gob", "Test Goblin"), ("s", "Swamp"), ("m", "Mountain"), ("m2", "Mountain"))
    assert _ways(board, "Test Cursetosser") == {
        (("s",), "{B} with {B} from s", ("choose gob",)),
        (("s",), "{B} with {B} from s", ("reveal Test Goblin",)),
        (("s", "m", "m2"), "{1} with {R} from m, {1} with {R} from m2, {B} with {B} from s", ("pay {2}",))}


def test_behold_with_nothing_to_behold(tmp_path):
    """No Goblin to choose or reveal (the Cursetosser itself is on the stack as it is cast): only {2}."""
    board = _board(tmp_path, ["Test Cursetosser"], ("s", "Swamp"), ("m", "Mountain"))
    assert not pay(board, "Alice", spell="Test Cursetosser").payable
    board = _board(tmp_path, ["Test Cursetosser"], ("s", "Swamp"), ("m", "Mountain"), ("m2", "Mountain"))
    assert {w[2] for w in _ways(board, "Test Cursetosser")} == {("pay {2}",)}


def test_choose_a_creature_or_reveal_a_creature_card(tmp_path):
    board = _board(tmp_path, ["Test Emergence", "Test Dragon", "Test Dragon"],
                   ("gob", "Test Goblin"), ("f", "Forest"), ("f2", "Forest"))
    assert {w[2] for w in _ways(board, "Test Emergence")} == {("choose gob",), ("reveal Test Dragon",)}


def test_you_may_behold_a_dragon(tmp_path):
    """pay --additional behold pays it; without, the spell's mana alone."""
    board = _board(tmp_path, ["Test Exhale", "Test Dragon"], ("p", "Plains"), ("p2", "Plains"))
    assert {w[2] for w in _ways(board, "Test Exhale", additional=("behold",))} == {("reveal Test Dragon",)}
    assert {w[2] for w in _ways(board, "Test Exhale")} == {()}
    board = _board(tmp_path, ["Test Exhale"], ("p", "Plains"), ("p2", "Plains"))
    assert not pay(board, "Alice", spell="Test Exhale", additional=("behold",)).payable


def test_next_cast_beholds(cli, tmp_path):
    """next cast pays it: choosing the Goblin leaves it as it is (601.2h); revealing the card leaves the same board,
    one result with the first (docs/json-output.md: ways that leave the same board)."""
    board, _ = write_inputs(tmp_path, board="""\
players:
- {name: Alice, hand: [Test Cursetosser, Test Goblin]}
- Bob
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: gob, card: Test Goblin, controller: Alice}
- {id: s, card: Swamp, controller: Alice}
- {id: m, card: Mountain, controller: Alice}
- {id: m2, card: Mountain, controller: Alice}
""", cards=CARDS)
    code, out, err = cli("next", board, "cast", "Test Cursetosser", "--cards", tmp_path / "cards.yaml")
    assert (code, err) == (0, "")
    assert sorted(line.strip() for line in out.splitlines() if line.strip().startswith(("choice:", "- Alice c"))) == [
        "- Alice casts Test Cursetosser as test-cursetosser, paying {B} (CR 601.2)",
        "- Alice casts Test Cursetosser as test-cursetosser, paying {B}{R}{R} (CR 601.2)",
        "- Alice chooses gob (CR 601.2h)",
        "choice: Alice taps s, chooses gob", "choice: Alice taps s, m, m2"]


def test_a_changeling_permanent_is_every_creature_type(tmp_path):
    """CR 702.73a: a creature with changeling is a Goblin: it may be beheld (chosen) and sacrificed as a Goblin.
    Before, the payment search's objects had none of its creature types (no filter named them there): 'Sacrifice a
    Goblin' could not be paid, and the behold way choosing it was missing (silent wrong answers)."""
    _, cards = write_inputs(tmp_path, cards={"format": "pysolver-oracle/1", "cards": [*CARDS["cards"], {
        "name": "Test Shapeshifter", "mana_cost": "{1}", "types": ["Creature"], "subtypes": ["Shapeshifter"],
        "keywords": ["Changeling"], "power": "1", "toughness": "1", "oracle": "Changeling"}]})
    board = pysolver.board_from_data({"players": [{"name": "Alice", "hand": ["Test Cursetosser"]}, "Bob"],
                                      "battlefield": [{"id": "s", "card": "Swamp", "controller": "Alice"},
                                                      {"id": "sh", "card": "Test Shapeshifter", "controller": "Alice"}]},
                                     [cards])
    assert {w.costs for w in pay(board, "Alice", spell="Test Cursetosser").ways} == {("choose sh",)}
    assert {w.costs for w in pay(board, "Alice", "Sacrifice a Goblin").ways} == {("sacrifice sh",)}


def test_behold_and_exile_it(tmp_path):
    """"behold a Kithkin and exile it": a Kithkin Alice controls or a Kithkin card of her hand, exiled (CR 601.2h,
    406.3); a Kithkin a cost sacrifices can't be exiled too.  next cast follows a card exiled from the hand and
    refuses a permanent exiled (its leaving the battlefield, 603.6c)."""
    board = _board(tmp_path, ["Test Champion", "Test Kithkin"], ("kith", "Test Kithkin"), ("p", "Plains"))
    assert {w[2] for w in _ways(board, "Test Champion")} == {("exile kith",), ("exile Test Kithkin from the hand",)}
    with pytest.raises(LimitExceeded, match=r"a cost exiles the permanent kith \(CR 601.2h, 406.3\)"):
        pysolver.api.next_states(board, ["cast", "Test Champion"])
    only_hand = _board(tmp_path, ["Test Champion", "Test Kithkin"], ("p", "Plains"))
    (outcome,) = pysolver.api.next_states(only_hand, ["cast", "Test Champion"])
    assert "Alice exiles Test Kithkin from their hand (CR 601.2h, 406.3)" in outcome.events
