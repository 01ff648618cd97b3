"""An enters trigger's intervening "if you cast it" / "if you cast it from your hand" (CR 603.4, 601.2a) is
judged by `next` on the spell the permanent was as it resolves: a copy (707.10) or a card put onto the stack
was not cast, and the zone is the stack item's cast_from (`next cast` gives it; flashback casts from a
graveyard, 702.34a).  It was kept unjudged ("reads whether and how it was cast, which no board records"), so
next refused every such spell's resolution.  A Room's "When you unlock this door" is the same event in a query
(CR 709.5d, 709.5h): its door unlocks as it enters from a spell cast as that half."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.errors import BoardError, QueryError

CARDS = Path(__file__).parent / "fixtures" / "cards" / "oracle-cast-ifs.yaml"


@pytest.mark.parametrize(("condition", "compiled"), [
    ("if you cast it", {"cast": True}), ("if it was cast", {"cast": True}),
    ("if you cast it from your hand", {"cast_from": "hand"}),
    ("if you cast it from your graveyard", {"cast_from": "graveyard"}),
    ("if you cast it from exile", {"cast_from": "exile"})])
def test_the_condition_compiles_judged(condition, compiled):
    result = compile_card("Test Herald", f"When this creature enters, {condition}, you gain 3 life.", "Creature")
    assert result.status == "ok"
    assert result.card["abilities"] == [{"triggered": {"when": {"event": "enters"}, "if": compiled,
                                                       "text": "you gain 3 life", "do": [{"gain_life": 3}]}}]


def test_another_permanent_entering_cast_stays_unjudged():
    """'it' of another creature's enters trigger is that creature: not this form, still refused where it triggers."""
    result = compile_card("Test Watcher", "Whenever another creature you control enters, if you cast it, you gain "
                                          "1 life.", "Enchantment")
    (ability,) = result.card["abilities"]
    assert ability["triggered"]["if"] == {"unjudged": "its intervening \"if\" (you cast it) reads whether and how it "
                                                      "was cast (CR 601.2), which no board records (CR 603.4)"}


def outcomes(stack_item: dict, actions=("resolve", "resolve")) -> list[tuple[int, list[str]]]:
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "stack": [{"id": "spell", "controller": "Alice", **stack_item}]}, [CARDS])
    return [(result.board["players"][0].get("life", 20), list(result.events))
            for result in pysolver.api.next_states(board, list(actions))]


def resolves(item: dict) -> str:
    """A copy of a permanent spell becomes a token (CR 608.3f)."""
    return ("spell resolves: it becomes a token permanent (CR 608.3f)" if item.get("copy") else
            "spell resolves: it becomes a permanent (CR 608.3a)")


GAINED = ["spell resolves: it becomes a permanent (CR 608.3a)", "spell enters untapped",
          "put spell-1 (Test Homecoming, spell:1) on the stack", "spell-1 (Test Homecoming, spell:1) resolves",
          "Alice gains 3 life (CR 119.3)"]


@pytest.mark.parametrize(("item", "gains"), [
    ({"card": "Test Homecoming", "cast_from": "hand"}, True),
    ({"card": "Test Homecoming", "cast_from": "exile"}, False),
    ({"card": "Test Homecoming", "cast": False}, False),
    ({"card": "Test Homecoming", "copy": True}, False)])
def test_from_your_hand_is_the_zone_of_the_spell_cast(item, gains):
    expected = GAINED if gains else [resolves(item), GAINED[1]]
    assert outcomes(item, ("resolve", "resolve") if gains else ("resolve",)) == [(23 if gains else 20, expected)]


@pytest.mark.parametrize(("item", "gains"), [
    ({"card": "Test Herald"}, True), ({"card": "Test Herald", "cast_from": "exile"}, True),
    ({"card": "Test Herald", "cast": False}, False), ({"card": "Test Herald", "copy": True}, False)])
def test_you_cast_it_is_any_spell_cast(item, gains):
    triggered = ["put spell-1 (Test Herald, spell:1) on the stack"] if gains else []
    assert outcomes(item, ("resolve",)) == [(20, [resolves(item), "spell enters untapped", *triggered])]


def test_the_zone_not_given_is_refused():
    with pytest.raises(QueryError) as refused:
        outcomes({"card": "Test Homecoming"}, ("resolve",))
    assert str(refused.value) == (
        "<board>: action 1 (resolve): spell enters, and the zone it was cast from decides whether its ability \"you "
        "gain 3 life\" triggers (CR 603.4, 614.1c, 601.2a), which its stack item spell doesn't say: give it cast_from")


def test_next_cast_gives_the_zone_and_the_trigger_follows():
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": ["Test Homecoming"], "mana_pool": "{W}{W}"}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"}}, [CARDS])
    cast, = pysolver.api.next_states(board, ["cast", "Test Homecoming"])
    assert cast.board["stack"] == [{"id": "test-homecoming", "card": "Test Homecoming", "controller": "Alice",
                                    "cast_from": "hand"}]
    resolved, = pysolver.api.next_states(board, ["cast", "Test Homecoming", "resolve", "resolve"])
    assert resolved.board["players"][0]["life"] == 23


@pytest.mark.parametrize(("item", "message"), [
    ({"copy": True}, "cast_from says where a spell was cast from, but a copy of a spell isn't cast (CR 707.10)"),
    ({"cast": False}, "cast_from says how it was cast, but cast: false: it was put onto the stack without being "
                      "cast (CR 601.2, 107.3a)")])
def test_a_zone_cast_from_contradicting_the_item_is_refused(item, message):
    with pytest.raises(BoardError) as refused:
        pysolver.board_from_data({"players": ["Alice", "Bob"], "stack": [
            {"id": "spell", "card": "Test Herald", "controller": "Alice", "cast_from": "hand", **item}]}, [CARDS])
    assert str(refused.value).endswith(message)


@pytest.mark.parametrize(("item", "counters"), [
    ({"cast_from": "hand"}, {"-1/-1": 2}), ({"cast_from": "graveyard"}, None), ({"copy": True}, None)])
def test_counters_it_enters_with_if_cast_from_your_hand(item, counters):
    """CR 614.1c, 601.2a: Patched Plaything cast from a hand enters with two -1/-1 counters; cast from elsewhere
    or a copy (707.10: not cast), with none."""
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "stack": [{"id": "toy", "card": "Patched Plaything", "controller": "Alice", **item}]}, [CARDS])
    resolved, = pysolver.api.next_states(board, ["resolve"])
    assert resolved.board["battlefield"][0].get("counters") == counters


def test_the_counters_sentence_says_what_decides_them():
    result = compile_card("Patched Plaything", "This creature enters with two -1/-1 counters on it if you cast it from "
                                               "your hand.", "Artifact Creature — Toy")
    assert (result.card["enters_with_counters"], result.sentences[0]["why"]) == (
        [{"kind": "-1/-1", "count": 2, "if": {"cast_from": "hand"}}],
        "it enters with counters (CR 614.1c, 122.6), if the spell that became it was cast (from that zone: 601.2a, "
        "its stack item's cast_from)")


def test_counters_from_a_zone_not_given_are_refused():
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "stack": [{"id": "toy", "card": "Patched Plaything", "controller": "Alice"}]}, [CARDS])
    with pytest.raises(QueryError) as refused:
        pysolver.api.next_states(board, ["resolve"])
    assert str(refused.value) == (
        "<board>: action 1 (resolve): toy enters, and the zone it was cast from decides whether it enters with -1/-1 "
        "counters (CR 603.4, 614.1c, 601.2a), which its stack item toy doesn't say: give it cast_from")


def test_a_door_unlocked_is_the_room_entering_cast_as_that_half():
    """CR 709.5h, 709.5d: 'When you unlock this door' triggers as the Room enters from a spell cast as that half; no
    action of next unlocks a door otherwise (709.5e)."""
    result = compile_card("Derelict Attic", "When you unlock this door, you draw two cards and you lose 2 life.",
                          "Enchantment — Room")
    assert result.status == "ok"
    assert result.card["abilities"] == [{"triggered": {
        "when": {"event": "enters"}, "if": {"cast": True}, "text": "you draw two cards and you lose 2 life",
        "do": [{"draw": 2}, {"lose_life": 2}]}}]
    assert result.sentences[0]["why"].startswith("a triggered ability when this door is unlocked (CR 709.5h)")
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "library": ["Forest", "Island"]}, "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "stack": [{"id": "attic", "card": "Derelict Attic", "controller": "Alice", "cast_from": "hand"}]}, [CARDS])
    resolved, = pysolver.api.next_states(board, ["resolve", "resolve"])
    assert resolved.board["players"][0]["life"] == 18
    assert resolved.board["players"][0]["hand"] == ["Forest", "Island"]


def test_a_room_entering_without_being_cast_is_refused():
    """CR 709.5d: it enters with neither door unlocked: neither door's name nor text, which no board states."""
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "stack": [{"id": "pool", "card": "Bottomless Pool", "controller": "Alice", "cast": False}]}, [CARDS])
    with pytest.raises(QueryError) as refused:
        pysolver.api.next_states(board, ["resolve"])
    assert str(refused.value) == (
        "<board>: action 1 (resolve): pool is a Room entering without being cast, so with no door unlocked (CR "
        "709.5d): a Room with no door unlocked has neither door's name nor text, which a board naming one door can't "
        "state")


def test_a_room_is_named_by_its_door_on_the_battlefield():
    with pytest.raises(BoardError) as refused:
        pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
            {"id": "attic", "card": "Derelict Attic // Widow's Walk", "controller": "Alice"}]}, [CARDS])
    assert str(refused.value).endswith(
        "Derelict Attic // Widow's Walk is a Room, whose text is that of its unlocked doors (CR 709.5, 709.5c): name "
        "the door unlocked, 'Derelict Attic' or \"Widow's Walk\" (a Room with both unlocked is not supported)")


def test_a_room_cast_by_its_full_name_is_refused_as_it_enters():
    """CR 709.3, 709.5d: which door was cast (and is unlocked) the full name doesn't say; next's board would name
    the Room by it, which the board refuses (it raised 'next produced an invalid board')."""
    board = pysolver.board_from_data({
        "players": ["Alice", "Bob"], "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
        "stack": [{"id": "attic", "card": "Derelict Attic // Widow's Walk", "controller": "Alice",
                   "cast_from": "hand"}]}, [CARDS])
    with pytest.raises(QueryError) as refused:
        pysolver.api.next_states(board, ["resolve"])
    assert str(refused.value) == (
        "<board>: action 1 (resolve): attic is a Room cast by its full name, Derelict Attic // Widow's Walk: which "
        "door was cast, and is unlocked as it enters, the board doesn't say (CR 709.3, 709.5d): give the door's name")
