"""Commanders (CR 903.3; issue 13): a board marks a permanent ``commander: true``, and a filter's ``commander``
("Commanders you control have ward {2}", "for each commander you control") reads it.  Where the filter would read
a permanent entering or a spell, whose designation no board states, the compiler leaves the sentence not
understood (pysolver/cards/oracle_commander.py) and next refuses a card entering beside such an ability (the
cases: tests/cases/next/commanders.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import write_inputs
from pysolver.cards.oracle import compile_card
from pysolver.cards.oracle_commander import UNJUDGED

CASES = Path(__file__).parent / "cases" / "next"


@pytest.mark.parametrize(("text", "ability"), [
    ("Commanders you control have ward {2}.",
     {"static": {"affects": {"commander": True}, "whose": "you", "grant_keywords": ["Ward"]}}),
    ("During your turn, commanders you control have indestructible.",
     {"static": {"affects": {"commander": True}, "whose": "you", "if": "your_turn",
                 "grant_keywords": ["Indestructible"]}}),
    ("Commander creatures you control get +1/+1.",
     {"static": {"affects": {"commander": True, "types": ["Creature"]}, "whose": "you",
                 "pt": {"power": 1, "toughness": 1}}}),
    ("~ gets +1/+1 for each commander you control.",
     {"static": {"affects": {}, "whose": "any", "self": True, "pt": {"power": 1, "toughness": 1},
                 "per": {"count": {"whose": "you", "filter": {"commander": True}}}}}),
    # CR 603.4: judged on the board's commanders in the upkeep (turn); "your commander" stays unjudged
    ("At the beginning of your upkeep, if you control a commander, you gain 1 life.",
     {"triggered": {"when": {"step": "upkeep", "whose": "you"},
                    "if": {"you_control": {"at_least": 1, "filter": {"commander": True}}},
                    "text": "you gain 1 life", "do": [{"gain_life": 1}]}}),
    ("Whenever a commander an opponent controls dies, you gain 1 life.",
     {"triggered": {"when": {"event": "dies", "filter": {"commander": True}, "whose": "opponent"},
                    "do": [{"gain_life": 1}], "text": "you gain 1 life"}}),
])
def test_a_commander_filter_on_permanents_compiles(text, ability):
    result = compile_card("Helper", text + "\n{T}: Add {W}.", "Artifact Creature — Robot", power="2", toughness="3")
    assert (result.status, result.card["abilities"][0]) == ("ok", ability)


@pytest.mark.parametrize("text", [
    "Whenever a commander you control enters, you gain 1 life.",
    "Each commander you control enters with an additional +1/+1 counter on it.",
])
def test_a_commander_entering_stays_not_understood(text):
    result = compile_card("Helper", text + "\n{T}: Add {W}.", "Artifact Creature — Robot", power="2", toughness="3")
    assert (result.status, result.ignored) == ("partial", [text])
    assert result.sentences[0]["why"] == UNJUDGED


BOARD = """\
players:
- Alice
- {name: Bob, hand: [Searing Spear, Grizzly Bears], mana_pool: '{R}{R}{G}{G}'}
turn: {number: 3, active: Bob, step: precombat_main}
battlefield:
- {id: codsworth, card: 'Codsworth, Handy Helper', controller: Alice}
- {id: leader, card: Grizzly Bears, controller: Alice, commander: true}
"""


def test_an_opponent_targeting_a_commander_given_ward_is_refused(cli, tmp_path):
    path, _ = write_inputs(tmp_path, board=BOARD)
    code, out, err = cli("next", path, "cast", "Searing Spear", "by=Bob", "target=leader",
                         "--cards", CASES / "commanders.yml", "--cards", CASES / "targets.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (cast Searing Spear by=Bob target=leader): cast Searing Spear: Grizzly "
                   "Bears (leader) has ward, and what targeting it does then (CR 702.21a) isn't modelled\n")


def test_a_card_entering_beside_a_commander_filter_is_refused(cli, tmp_path):
    """The Bears Bob casts may be his commander (cast from his hand): no hand says so."""
    path, _ = write_inputs(tmp_path, board=BOARD)
    code, out, err = cli("next", path, "cast", "Grizzly Bears", "by=Bob", "resolve",
                         "--cards", CASES / "commanders.yml", "--cards", CASES / "targets.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 2 (resolve): resolve: grizzly-bears: Grizzly Bears enters the battlefield, "
                   "and whether it is a commander (CR 903.3) isn't known (a board says it only of permanents), which "
                   "codsworth's abilities read\n")


def test_a_token_is_never_a_commander(cli, tmp_path):
    path, _ = write_inputs(tmp_path, board="""\
players: [Alice, Bob]
battlefield:
- {id: leader, card: Grizzly Bears, controller: Alice, token: true, commander: true}
""")
    code, out, err = cli("could-produce", path)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: 3:80: battlefield[0].commander: a token is never a commander: the designation "
                   "is a card's (CR 903.3)\n")


def test_a_commander_leaving_the_battlefield_is_refused(cli, tmp_path):
    """CR 903.9a, 704.6d: a commander put into a graveyard (here destroyed by lethal damage, 704.5g) may be put
    into the command zone by its owner; a board holds no command zone, so the boards after it can't be given."""
    path, _ = write_inputs(tmp_path, board="""\
players: [Alice, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: leader, card: Grizzly Bears, controller: Bob, owner: Alice, commander: true, damage: 2}
- {id: bears, card: Grizzly Bears, controller: Alice, damage: 2}
""")
    code, out, err = cli("next", path, "check")
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (check): leader is a commander and leaves the battlefield for its "
                   "owner's graveyard: Alice may put it into the command zone (CR 903.9a), which a board doesn't "
                   "hold\n")
