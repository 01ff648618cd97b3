""""Whenever an opponent casts a spell during your turn and when ~ dies, ..." (issue 13; CR 603.2): two trigger
events joined by "and when"/"and whenever", each read by the form that reads it alone, one ability each (cases:
tests/cases/next/joint-events.yaml)."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card

from helpers import write_inputs


def whens(text: str) -> list[dict] | None:
    result = compile_card("Fiend", text, "Creature — Horror", power="1", toughness="1")
    return None if result.status != "ok" else [a["triggered"]["when"] for a in result.card["abilities"]]


def test_two_events_two_abilities():
    assert whens("Whenever you cast a noncreature spell and whenever you gain life, draw a card.") == [
        {"event": "cast", "filter": {"not_types": ["Creature"]}, "whose": "you"}, {"event": "gain_life", "whose": "you"}]


@pytest.mark.parametrize("text", [
    "Whenever you gain life and whenever ~ attacks, draw a card.",  # a combat event: no query produces it
    "Whenever you gain life and whenever a player shuffles a library, draw a card.",
])
def test_joint_events_left_unread(text):
    assert whens(text) is None


@pytest.mark.parametrize(("text", "expected"), [
    # CR 603.2: two events of another permanent, each an ability of its own with that subject (Case of the Pilfered
    # Proof); a combat event left out as for "~ enters or attacks"
    ("Whenever a Detective you control enters or is turned face up, put a +1/+1 counter on it.",
     [{"event": "permanent_enters", "filter": {"subtypes": ["Detective"]}, "whose": "you"},
      {"event": "turned_face_up", "filter": {"subtypes": ["Detective"]}, "whose": "you"}]),
    ("Whenever another creature you control enters or dies, you gain 1 life.",
     [{"event": "permanent_enters", "filter": {"types": ["Creature"], "other": True}, "whose": "you"},
      {"event": "dies", "filter": {"types": ["Creature"], "other": True}, "whose": "you"}]),
    ("Whenever an Elf you control enters or attacks, you gain 1 life.",
     [{"event": "permanent_enters", "filter": {"subtypes": ["Elf"]}, "whose": "you"}]),
    # a subject no form reads alone ("a commander", CR 903.3) leaves both unread
    ("Whenever a commander you control enters or attacks, proliferate.", None),
])
def test_two_events_of_another_permanent(text, expected):
    assert whens(text) == expected


WARDEN = {"name": "Test Warden", "types": ["Creature"], "subtypes": ["Human"], "power": 1, "toughness": 1,
          "mana_cost": "{1}{W}", "oracle": "Whenever another creature you control enters or dies, you gain 1 life."}


def test_next_resolves_the_entering_one(cli, tmp_path):
    board, cards = write_inputs(tmp_path, board="""\
        players:
        - {name: Alice, mana_pool: "{G}{G}", hand: [Grizzly Bears]}
        - Bob
        turn: {number: 3, active: Alice, step: precombat_main}
        battlefield:
        - {id: warden, card: Test Warden, controller: Alice}
        """, cards={"format": "pysolver-oracle/1", "cards": [WARDEN]})
    assert cli("next", board, "cast", "Grizzly Bears", "resolve", "resolve", "--cards", cards) == (0, (
        "outcome 1: probability 1\n"
        "  - Alice casts Grizzly Bears as grizzly-bears, paying {G}{G} (CR 601.2)\n"
        "  - grizzly-bears resolves: it becomes a permanent (CR 608.3a)\n"
        "  - grizzly-bears enters untapped\n"
        "  - put warden-1 (Test Warden, warden:1) on the stack\n"
        "  - warden-1 (Test Warden, warden:1) resolves\n"
        "  - Alice gains 1 life (CR 119.3)\n"), "")
