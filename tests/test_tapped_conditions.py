"""Intervening "if" clauses on the status of permanents (issue 13; CR 603.4, 110.5): "if you control no
tapped lands", "if you control a tapped creature", "if you control two or more untapped lands": a filter's
`tapped: true|false` (asp/filter_conditions.lp), judged as the event happens and again on resolution.  A card
is neither tapped nor untapped (110.5d).  Cases: tests/cases/next/tapped-conditions.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card, noun_filter
from pysolver.errors import LimitExceeded

from helpers import write_inputs

CASES = Path(__file__).parent / "cases" / "next"
FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize(("text", "condition"), [
    ("When ~ enters, if you control no tapped lands, draw a card.",
     {"you_control": {"at_most": 0, "filter": {"tapped": True, "types": ["Land"]}}}),
    ("When ~ enters, if you control a tapped creature, draw a card.",
     {"you_control": {"at_least": 1, "filter": {"tapped": True, "types": ["Creature"]}}}),
    ("When ~ enters, if you control two or more untapped lands, draw a card.",
     {"you_control": {"at_least": 2, "filter": {"tapped": False, "types": ["Land"]}}}),
    ("When ~ enters, if you don't control an untapped Forest, draw a card.",
     {"you_control": {"at_most": 0, "filter": {"tapped": False, "subtypes": ["Forest"]}}}),
    ("At the beginning of your upkeep, if you control no untapped lands, draw a card.",
     {"you_control": {"at_most": 0, "filter": {"tapped": False, "types": ["Land"]}}}),
])
def test_a_condition_on_tapped_permanents(text, condition):
    result = compile_card("Watcher", text, "Creature — Test")
    assert result.status == "ok"
    [ability] = [a["triggered"] for a in result.card["abilities"]]
    assert ability["if"] == condition
    assert ability["text"] == "draw a card"


@pytest.mark.parametrize("text", [
    "When ~ enters, if you control a tapped or untapped creature, draw a card.",  # both statuses: not read
    "Tapped creatures you control get +1/+1 for each untapped land you control.",  # no count reads a status
])
def test_a_status_elsewhere_is_not_read(text):
    assert compile_card("Watcher", text, "Creature — Test").status == "partial"


def test_a_status_is_read_only_where_asked():
    assert noun_filter("tapped lands", plural=True, status=True) == {"tapped": True, "types": ["Land"]}
    with pytest.raises(Exception, match="tapped lands"):
        noun_filter("tapped lands", plural=True)


def test_a_status_after_the_untap_step_is_refused(cli, tmp_path):
    """CR 502.3: the untap step untaps Alice's lands after the board's step begins, and the turn doesn't follow it,
    so whether "if you control no untapped lands" holds as her upkeep begins isn't judged: refused."""
    watcher = compile_card("Watcher", "At the beginning of your upkeep, if you control no untapped lands, draw a "
                           "card.", "Creature — Test", power="1", toughness="1").card
    path, cards = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [watcher]}, board="""\
players: [Alice, Bob]
turn: {number: 5, active: Alice, step: untap}
battlefield:
- {id: watcher, card: Watcher, controller: Alice}
- {id: forest, card: Forest, controller: Alice, tapped: true}
""")
    code, out, err = cli("turn", path, "--cards", cards)
    assert (code, out) == (2, "")
    assert "which the untap step changes before turn 5's upkeep step begins (CR 502.3, 603.4)" in err


@pytest.mark.parametrize(("text", "tapped", "change"), [
    ("Enchanted creature has shroud as long as it's untapped.", False, {"grant_keywords": ["Shroud"]}),
    ("Enchanted creature gets +1/+1 as long as it's tapped.", True, {"pt": {"power": 1, "toughness": 1}}),
])
def test_the_status_of_the_affected_creature_is_its_filter(text, tapped, change):
    """CR 110.5, 611.3a: "as long as it's untapped", of the creature an Aura affects, is a filter of
    what it affects (tests/cases/oracle/granted-abilities.yaml: Spectral Cloak)."""
    result = compile_card("Test Aura", f"Enchant creature\n{text}", "Enchantment — Aura")
    assert result.status == "ok", result.sentences
    assert result.card["abilities"] == [{"static": {"affects": {"types": ["Creature"], "tapped": tapped},
                                                    "whose": "any", "enchanted": True, **change}}]


@pytest.mark.parametrize(("text", "affects", "change"), [
    ("Untapped creatures you control get +0/+2.", {"types": ["Creature"], "tapped": False},
     {"pt": {"power": 0, "toughness": 2}}),
    ("Other tapped creatures you control have deathtouch.", {"other": True, "types": ["Creature"], "tapped": True},
     {"grant_keywords": ["Deathtouch"]}),
])
def test_a_group_of_a_status(text, affects, change):
    """CR 110.5, 613.4c, 613.1f: "Untapped creatures you control", "Other tapped creatures you control": the
    status is a filter of what the static ability affects (tests/cases/oracle/tapped-groups.yaml)."""
    result = compile_card("Test Banner", text, "Enchantment")
    assert result.status == "ok", result.sentences
    assert result.card["abilities"] == [{"static": {"affects": affects, "whose": "you", **change}}]


def test_a_static_of_a_status_is_refused_by_the_payment_search():
    """CR 110.5, 611.3a: the payment search grounds the player's permanents untapped, which ends "Tapped creatures
    you control get +2/+0" on the tapped Llanowar Elves (a 3/1): the greatest power the Rancher adds would be read
    as 1, so available and pay refuse the board."""
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": "Test Drum Rancher", "controller": "Alice"},
        {"card": "Test Tapped Banner", "controller": "Alice"},
        {"card": "Llanowar Elves", "controller": "Alice", "tapped": True},
        {"card": "Grizzly Bears", "controller": "Alice"}]},
        [FIXTURES / "cards" / "sacrifice-costs.yaml"])
    message = "test-tapped-banner has a static ability that reads whether other permanents are tapped"
    with pytest.raises(LimitExceeded, match=message):
        pysolver.available(board, "Alice")
    with pytest.raises(LimitExceeded, match=message):
        pysolver.api.pay(board, "Alice", "{G}")


def _banner_board(tmp_path, text):
    banner = compile_card("Test Banner", text, "Enchantment").card
    _, cards = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [banner]})
    return pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": "Test Banner", "controller": "Alice"},
        {"card": "Llanowar Elves", "controller": "Alice"},
        {"card": "Forest", "controller": "Alice"}]}, [cards])


def test_a_static_of_a_status_granting_deathtouch_stays_refused(tmp_path):
    """CR 110.5, 611.3a: the payment search answers beside a static ability of a status only where what it
    changes is read by no rule of the search (tests/cases/payment/tapped-statics.yaml); deathtouch may be (a keyword
    damage reads, 702.2), so available and pay refuse."""
    board = _banner_board(tmp_path, "Other tapped creatures you control have deathtouch.")
    message = "test-banner has a static ability that reads whether other permanents are tapped"
    with pytest.raises(LimitExceeded, match=message):
        pysolver.available(board, "Alice")
    with pytest.raises(LimitExceeded, match=message):
        pysolver.api.pay(board, "Alice", "{G}{G}")


@pytest.mark.parametrize("text", [
    "Untapped creatures you control get +0/+2.",  # tapping the Elves makes it a 1/1
    "Tapped creatures you control get -0/-1.",  # tapping the Elves makes it a 1/0
])
def test_toughness_a_tap_lowers_is_refused_by_available_only(tmp_path, text):
    """CR 110.5, 611.3a, 117.3c, 117.5: a tap that lowers a toughness may let state-based actions put the creature
    into a graveyard (704.5f) between mana abilities activated with priority, which the search doesn't follow:
    available refuses.  A cost paid as a spell is cast or an ability activated gives no priority until it is paid
    (601.2g-h), and nothing on the board reads toughness: pay answers, the Elves and the Forest paying {G}{G}."""
    board = _banner_board(tmp_path, text)
    with pytest.raises(LimitExceeded) as raised:
        pysolver.available(board, "Alice")
    assert str(raised.value) == (
        "<board>: incomplete: test-banner has a static ability that reads whether other permanents are tapped and "
        "lowers the toughness of one a tap taps (CR 110.5, 611.3a): between mana abilities activated with priority, state-based "
        "actions may put it into a graveyard (117.5, 704.5f), which the payment search does not follow")
    result = pysolver.api.pay(board, "Alice", "{G}{G}")
    assert result.payable and [[(a.perm, a.number, a.added) for a in way.activations] for way in result.ways] == [
        [("llanowar-elves", 1, "{G}"), ("forest", 1, "{G}")]]


def test_a_static_of_a_status_after_the_untap_step_is_refused(cli, tmp_path):
    """CR 502.3, 110.5, 611.3a: the untap step untaps Alice's Grizzly Bears, which ends "Tapped creatures you
    control get +2/+2" on it before her upkeep begins; the turn doesn't follow it, so whether "if you control a
    creature with toughness 4 or greater" holds then isn't judged: refused (it would have answered with the
    tapped 4/4)."""
    watcher = compile_card("Watcher", "At the beginning of your upkeep, if you control a creature with toughness 4 "
                           "or greater, draw a card.", "Creature — Test", power="1", toughness="1").card
    banner = compile_card("Test Banner", "Tapped creatures you control get +2/+2.", "Enchantment").card
    path, cards = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [watcher, banner]}, board="""\
players: [Alice, Bob]
turn: {number: 5, active: Alice, step: untap}
battlefield:
- {id: watcher, card: Watcher, controller: Alice}
- {id: banner, card: Test Banner, controller: Alice}
- {id: bears, card: Grizzly Bears, controller: Alice, tapped: true}
""")
    code, out, err = cli("turn", path, "--cards", cards)
    assert (code, out) == (2, "")
    assert "which the untap step changes before turn 5's upkeep step begins (CR 502.3, 603.4)" in err


def test_toughness_a_tap_raises_stays_refused_beside_a_toughness_reader(tmp_path):
    """CR 110.5, 611.3a, 613.4c: "Tapped creatures you control get +0/+2" only raises the toughness of what the
    search taps, so it is answered where nothing reads toughness (tests/cases/payment/tapped-statics.yaml); an
    amount of the greatest toughness among Alice's creatures reads it (the tapped Elves is a 1/3, which the search,
    grounding it untapped, would read as a 1/1), so available and pay refuse."""
    wall = compile_card("Test Wall", "Tapped creatures you control get +0/+2.", "Enchantment").card
    rancher = {"name": "Test Wall Rancher", "types": ["Artifact"], "abilities": [{"mana": {
        "cost": ["{T}", {"tap_untapped": {"filter": {"types": ["Creature"]}}}],
        "add": {"mana": "{G}", "amount": {"greatest": {"stat": "toughness", "whose": "you",
                                                       "filter": {"types": ["Creature"]}}}}}}]}
    _, cards = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [wall, rancher]})
    board = pysolver.board_from_data({"players": ["Alice", "Bob"], "battlefield": [
        {"card": "Test Wall", "controller": "Alice"},
        {"card": "Test Wall Rancher", "controller": "Alice"},
        {"card": "Llanowar Elves", "controller": "Alice", "tapped": True},
        {"card": "Grizzly Bears", "controller": "Alice"}]}, [cards])
    message = "test-wall has a static ability that reads whether other permanents are tapped"
    with pytest.raises(LimitExceeded, match=message):
        pysolver.available(board, "Alice")
    with pytest.raises(LimitExceeded, match=message):
        pysolver.api.pay(board, "Alice", "{G}")
