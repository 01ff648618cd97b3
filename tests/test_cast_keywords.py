"""Prowess (CR 702.108a) and "~ gets +N/+M until end of turn" on a cast trigger (611.2a, 613.4c):
compiled into the triggered ability `pysolver next` puts on the stack and resolves (issue 13)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

import pysolver
from pysolver.cards.oracle import compile_card
from pysolver.next_state import next_states, parse_actions

from helpers import compile_stored

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
    ("target creature gets +1/+1 until end of turn", None),
])
def test_pump_self_effect(effect, do):
    result = compiled(f"Whenever you cast an instant or sorcery spell, {effect}.")
    assert result.status == "ok"
    [ability] = result.card["abilities"]
    assert ability["triggered"].get("do") == do


@pytest.mark.parametrize("text", [
    "Other creatures you control have prowess.",  # a granted trigger no rule gives
    "Other Allies you control have menace and prowess.",
])
def test_granting_prowess_is_not_understood(text):
    assert (compiled(text).status, compiled(text).ignored) == ("partial", [text])


def test_prowess_cards_are_what_the_compiler_makes():
    """The permanents of prowess.yml are the compiler's output for their Oracle text."""
    cards = yaml.safe_load((CASES / "prowess.yml").read_text("utf-8"))["cards"]
    stored = [card for card in cards if "oracle" in card]
    assert [c["name"] for c in stored] == ["Jeskai Elder", "Cunning Breezedancer", "Mogg Sentry",
                                           "Reach Through Mists"]
    for card in stored:
        result = compile_stored(card)
        assert (result.status, result.card) == ("ok", card), card["name"]


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
