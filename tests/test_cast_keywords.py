"""Prowess (CR 702.108a) and "~ gets +N/+M until end of turn" on a cast trigger (611.2a, 613.4c):
compiled into the triggered ability `pysolver next` puts on the stack and resolves (issue 13)."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.next_state import next_states, parse_actions


CASES = Path(__file__).parent / "cases" / "next"
PROWESS = {"when": {"event": "cast", "filter": {"not_types": ["Creature"]}, "whose": "you"},
           "do": [{"pump_self": {"power": 1, "toughness": 1}}], "text": "Monk gets +1/+1 until end of turn"}


def compiled(text: str, keywords: list[str] | None = None, type_line: str = "Creature — Human Monk"):
    return compile_card("Monk", text, type_line, keywords=keywords or [], power="1", toughness="1")


@pytest.mark.parametrize(("text", "keywords"), [
    ("Prowess (Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn.)", ["Prowess"]),
    ("Flying, prowess", ["Flying", "Prowess"]),
    ("Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn.", []),
])
def test_prowess_is_its_trigger_written_out(text, keywords):
    """CR 702.108a: the keyword and the sentence it stands for compile to the same ability."""
    result = compiled(text, keywords)
    assert (result.status, [a["triggered"] for a in result.card["abilities"]]) == ("ok", [PROWESS])
    assert result.card.get("keywords", []) == keywords


def test_each_prowess_triggers_separately():
    """CR 702.108b: two instances, two triggered abilities."""
    result = compiled("Prowess\nProwess", ["Prowess"])
    assert [a["triggered"] for a in result.card["abilities"]] == [PROWESS, PROWESS]


@pytest.mark.parametrize(("effect", "do"), [
    ("this creature gets +2/+0 until end of turn", [{"pump_self": {"power": 2, "toughness": 0}}]),
    ("this creature gets -1/-1 until end of turn", [{"pump_self": {"power": -1, "toughness": -1}}]),
    ("this creature gets +1/+1 until end of turn and you gain 1 life",
     [{"pump_self": {"power": 1, "toughness": 1}}, {"gain_life": 1}]),
    ("this creature gets +1/+0 until end of turn and can't be blocked this turn", None),  # no do: text only
    ("target creature gets +1/+1 until end of turn",  # on its target (CR 603.3d), not the source's pump_self
     [{"pump": {"power": 1, "toughness": 1, "target": 1}}]),
])
def test_pump_self_effect(effect, do):
    result = compiled(f"Whenever you cast an instant or sorcery spell, {effect}.")
    assert result.status == "ok"
    [ability] = result.card["abilities"]
    assert ability["triggered"].get("do") == do


@pytest.mark.parametrize("text", [
    "Other creatures you control have prowess.",
    "Other Allies you control have menace and prowess.",
])
def test_granting_prowess_grants_its_trigger(text):
    """CR 702.108a, 613.1f: prowess granted is the triggered ability the keyword compiles to on a card (but its
    text, the creature's own), which next refuses as every granted triggered ability (test_attached_grants.py)."""
    result = compiled(text)
    assert result.status == "ok"
    [static] = [a["static"] for a in result.card["abilities"]]
    [own] = [a["triggered"] for a in compiled("Prowess", keywords=["Prowess"]).card["abilities"]]
    assert static["grant"] == [{"triggered": {**own, "text": "this creature gets +1/+1 until end of turn"}}]


def test_prowess_resolved_is_until_end_of_turn_on_the_board():
    """CR 611.2a, 514.2: the +1/+1 is the board's until_end_of_turn, gone in the cleanup step."""
    board = pysolver.board_from_data({
        "players": [{"name": "Alice", "hand": ["Reach Through Mists"], "mana_pool": "{U}", "library": ["Shock"]},
                    "Bob"],
        "turn": {"number": 3, "active": "Alice", "step": "end"},
        "battlefield": [{"id": "elder", "card": "Jeskai Elder", "controller": "Alice"}]}, [CASES / "prowess.yml"])
    [cast] = next_states(board, parse_actions(["cast", "Reach Through Mists", "resolve"]))
    [elder] = cast.board["battlefield"]
    assert elder["until_end_of_turn"] == {"power": 1, "toughness": 1}
    [after] = next_states(board, parse_actions(["cast", "Reach Through Mists", "resolve", "resolve", "pass"]))
    assert "until_end_of_turn" not in after.board["battlefield"][0]


def test_prowess_given_until_end_of_turn_is_refused(cli, tmp_path):
    board = tmp_path / "board.yaml"
    board.write_text("players: [Alice, Bob]\nbattlefield:\n- {id: elder, card: Jeskai Elder, controller: Alice, "
                     "until_end_of_turn: {keywords: [prowess]}}\n", "utf-8")
    code, out, err = cli("next", board, "pass", "--cards", CASES / "prowess.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {board}: 3:85: battlefield[0].until_end_of_turn.keywords[0]: prowess given until end "
                   "of turn is a triggered ability (CR 702.108a) that pysolver doesn't give a permanent whose card "
                   "lacks it\n")


STORM = {"when": {"event": "cast_self"}, "do": [{"copy_self": "spells_cast_before"}],
         "text": "copy it for each other spell that was cast before it this turn"}


@pytest.mark.parametrize("type_line", ["Instant", "Sorcery"])
def test_storm_is_its_cast_trigger(type_line):
    """CR 702.40a: storm is a triggered ability of the spell (601.2i, 113.6k)."""
    result = compile_card("Tempest", "Draw a card.\nStorm (When you cast this spell, copy it for each spell cast "
                          "before it this turn.)", type_line, keywords=["Storm"])
    assert (result.status, [a["triggered"] for a in result.card["abilities"]]) == ("ok", [STORM])


@pytest.mark.parametrize(("text", "type_line", "keywords"), [
    ("Storm", "Creature — Elemental", ["Storm"]),  # its copies would become tokens (CR 608.3f): not compiled
    ("Prowess", "Instant", ["Prowess"]),
    ("Spells you cast have storm.", "Enchantment", []),  # a granted trigger no rule gives
])
def test_cast_keywords_not_compiled_are_not_understood(text, type_line, keywords):
    result = compile_card("Tempest", text, type_line, keywords=keywords, power="1", toughness="1")
    assert result.status == "partial"
    assert [s["class"] for s in result.sentences if s["text"].rstrip(".").lower() == text.rstrip(".").lower()] == \
        ["not understood"]


STORM_STACK = """\
players:
- {name: Alice, spells_cast_this_turn: 3}
- Bob
turn: {number: 3, active: Alice, step: precombat_main}
stack:
- {id: spell, card: %s, controller: Alice%s}
- {id: storm, card: %s, controller: Alice, source: spell, ability: 1%s}
"""


@pytest.mark.parametrize(("card", "count", "message"), [
    ("Hunting Pack", "", "stack[1]: resolve: storm (Hunting Pack, storm): the board doesn't say how many spells were "
     "cast before its spell this turn (the stack item's storm_count, CR 702.40a)"),
    ("Tendrils of Agony", ", storm_count: 1", "stack[1]: resolve: storm (Tendrils of Agony, storm): its controller may "
     "choose new targets for each copy of spell (CR 702.40a, 707.10c), which isn't modelled"),
    ("Hunting Pack", ", storm_count: 3", "7:94: stack[1].storm_count: 3 spells cast before its spell this turn, but the "
     "players cast 3 spells this turn, its spell among them (players[].spells_cast_this_turn, CR 702.40a)"),
])
def test_storm_refused(cli, tmp_path, card, count, message):
    board = tmp_path / "board.yaml"
    targets = ", targets: [{player: Bob}]" if card == "Tendrils of Agony" else ""  # CR 115.1: its target player
    board.write_text(STORM_STACK % (card, targets, card, count), "utf-8")
    code, out, err = cli("next", board, "resolve", "--cards", CASES / "storm.yml")
    assert (code, out, err) == (2, "", f"error: {board}: {message}\n")


def test_storm_count_only_on_a_storm_trigger(cli, tmp_path):
    board = tmp_path / "board.yaml"
    board.write_text("players: [Alice, Bob]\nbattlefield:\n- {id: elder, card: Jeskai Elder, controller: Alice}\n"
                     "stack:\n- {id: elder-1, card: Jeskai Elder, controller: Alice, source: elder, ability: 1, "
                     "storm_count: 0}\n", "utf-8")
    code, out, err = cli("next", board, "resolve", "--cards", CASES / "prowess.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {board}: 5:96: stack[0].storm_count: storm_count is a storm trigger's (CR 702.40a), and "
                   "this item is no storm trigger\n")
