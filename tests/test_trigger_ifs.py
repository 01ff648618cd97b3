"""Triggered abilities with two events sharing one effect (CR 603.2) and intervening "if"
clauses about earlier events that no board records (CR 603.4): compiled by
pysolver/cards/oracle_ifs.py; next and turn refuse where such a condition would decide whether
the ability triggers, and never count it as true or false."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers import write_inputs
from pysolver.cards.oracle import compile_card

CARDS = Path(__file__).parent / "cases" / "next" / "trigger-ifs.yml"
BOARD_CARDS = Path(__file__).parent / "cases" / "turn" / "board-ifs.yml"  # conditions on the board
KICKED = ("its intervening \"if\" (it was kicked) reads whether it was kicked (CR 702.33d), which no board "
          "records (CR 603.4)")
LAST_TURN = ("its intervening \"if\" (a player cast two or more spells last turn) reads what happened earlier "
             "this turn or last turn, which no board records (CR 603.4)")
COMBAT = "its event \"attacks\" is a combat event, which no query produces (no query declares attackers or blockers)"


def abilities(text: str) -> tuple[str, list, list[str]]:
    result = compile_card("Watcher", text, "Creature — Bird")
    return result.status, result.card.get("abilities"), [s["why"] for s in result.sentences]


@pytest.mark.parametrize(("text", "compiled", "why"), [
    # CR 603.2, 603.6a: entering triggers it; attacking is an event no query produces
    ("Whenever ~ enters or attacks, you gain 2 life.",
     [{"triggered": {"when": {"event": "enters"}, "text": "you gain 2 life", "do": [{"gain_life": 2}]}}],
     "two trigger events, one effect (CR 603.2): a triggered ability when it enters (CR 603.6a); " + COMBAT),
    ("Whenever ~ attacks or dies, you gain 1 life.",
     [{"triggered": {"when": {"event": "dies"}, "do": [{"gain_life": 1}], "text": "you gain 1 life"}}],
     "two trigger events, one effect (CR 603.2): " + COMBAT + "; a triggered ability when it dies (CR 603.6c, "
     "603.10a)"),
    # each event the queries produce: one ability each, the same effect
    ("When ~ enters or dies, you gain 1 life.",
     [{"triggered": {"when": {"event": "enters"}, "text": "you gain 1 life", "do": [{"gain_life": 1}]}},
      {"triggered": {"when": {"event": "dies"}, "do": [{"gain_life": 1}], "text": "you gain 1 life"}}],
     "two trigger events, one effect (CR 603.2): a triggered ability when it enters (CR 603.6a); a triggered "
     "ability when it dies (CR 603.6c, 603.10a)"),
    ("When ~ enters and at the beginning of your upkeep, you gain 1 life.",
     [{"triggered": {"when": {"event": "enters"}, "text": "you gain 1 life", "do": [{"gain_life": 1}]}},
      {"triggered": {"when": {"step": "upkeep", "whose": "you"}, "text": "you gain 1 life",
                     "do": [{"gain_life": 1}]}}],
     "two trigger events, one effect (CR 603.2): a triggered ability when it enters (CR 603.6a); a triggered "
     "ability at the beginning of your upkeep (CR 603.2b)"),
    # the second event with a subject of its own: "or a planeswalker you control dies"
    ("When ~ enters or a planeswalker you control dies, you gain 1 life.",
     [{"triggered": {"when": {"event": "enters"}, "text": "you gain 1 life", "do": [{"gain_life": 1}]}},
      {"triggered": {"when": {"event": "dies", "filter": {"types": ["Planeswalker"]}, "whose": "you"},
                     "do": [{"gain_life": 1}], "text": "you gain 1 life"}}],
     "two trigger events, one effect (CR 603.2): a triggered ability when it enters (CR 603.6a); a triggered "
     "ability when a creature of that kind dies (CR 603.2, 603.10a)"),
    ("Whenever ~ dies or another artifact you control is put into a graveyard from the battlefield, draw a card.",
     [{"triggered": {"when": {"event": "dies"}, "do": [{"draw": 1}], "text": "draw a card"}},
      {"triggered": {"when": {"event": "put_into_graveyard", "filter": {"types": ["Artifact"], "other": True},
                              "whose": "you"}, "do": [{"draw": 1}], "text": "draw a card"}}],
     "two trigger events, one effect (CR 603.2): a triggered ability when it dies (CR 603.6c, 603.10a); a "
     "triggered ability when a permanent of that kind is put into a graveyard from the battlefield (CR 603.2, "
     "603.10a)"),
    # "and whenever" a combat event, a trigger of its own no query produces (CR 508.1, 510.1)
    ("When ~ enters and whenever a creature you control deals combat damage to a player, you gain 1 life.",
     [{"triggered": {"when": {"event": "enters"}, "text": "you gain 1 life", "do": [{"gain_life": 1}]}}],
     "two trigger events, one effect (CR 603.2): a triggered ability when it enters (CR 603.6a); its event "
     "\"whenever a creature you control deals combat damage to a player\" is a combat event, which no query "
     "produces (no query declares attackers or blockers)"),
    ("When ~ enters and whenever it attacks while saddled, you gain 1 life.",
     [{"triggered": {"when": {"event": "enters"}, "text": "you gain 1 life", "do": [{"gain_life": 1}]}}],
     "two trigger events, one effect (CR 603.2): a triggered ability when it enters (CR 603.6a); its event "
     "\"whenever it attacks while saddled\" is a combat event, which no query produces (no query declares "
     "attackers or blockers)"),
    # CR 603.4, 702.33d: whether the spell it entered from was kicked, which next knows as it resolves
    ("When ~ enters, if it was kicked, you gain 3 life.",
     [{"triggered": {"when": {"event": "enters"}, "if": {"kicked": True}, "text": "you gain 3 life",
                     "do": [{"gain_life": 3}]}}],
     "a triggered ability when it enters, with an intervening \"if\" (CR 603.6a, 603.4)"),
    # CR 603.4: a condition no board records: kept with its reason, its effect never applied without it
    ("When ~ dies, if it was kicked, you gain 3 life.",
     [{"triggered": {"when": {"event": "dies"}, "if": {"unjudged": KICKED},
                     "text": "if it was kicked, you gain 3 life"}}],
     "a triggered ability when it dies (CR 603.6c), with an intervening \"if\" no board records (CR 603.4): "
     "next refuses where it would trigger"),
    ("At the beginning of each upkeep, if a player cast two or more spells last turn, transform ~.",
     [{"triggered": {"when": {"step": "upkeep", "whose": "any"}, "if": {"unjudged": LAST_TURN},
                     "text": "if a player cast two or more spells last turn, transform Watcher"}}],
     "a triggered ability at the beginning of each upkeep (CR 603.2b)"),
])
def test_compiled_forms(text, compiled, why):
    assert abilities(text) == ("ok", compiled, [why])


STEP = "a triggered ability at the beginning of your upkeep (CR 603.2b)"
ENTERS = "a triggered ability when it enters, with an intervening \"if\" (CR 603.6a, 603.4)"


@pytest.mark.parametrize(("text", "condition", "why"), [
    # CR 603.4: conditions on the board, judged by asp/turn.lp (and again on resolution, asp/outcomes.lp)
    ("At the beginning of your upkeep, if ~ is untapped, you gain 1 life.", {"self_untapped": True}, STEP),
    ("At the beginning of your upkeep, if there are two or more ki counters on ~, you gain 1 life.",
     {"self_counters": {"kind": "ki", "at_least": 2}}, STEP),
    ("At the beginning of your upkeep, if ~ has twenty or more growth counters on it, you gain 1 life.",
     {"self_counters": {"kind": "growth", "at_least": 20}}, STEP),
    ("At the beginning of your upkeep, if no creatures are on the battlefield, you gain 1 life.",
     {"on_battlefield": {"at_most": 0, "filter": {"types": ["Creature"]}}}, STEP),
    ("At the beginning of your upkeep, if there are seven or more lands on the battlefield, you gain 1 life.",
     {"on_battlefield": {"at_least": 7, "filter": {"types": ["Land"]}}}, STEP),
    ("At the beginning of your upkeep, if all lands on the battlefield are Islands, you gain 1 life.",  # none isn't
     {"on_battlefield": {"at_most": 0, "filter": {"types": ["Land"], "not_subtypes": ["Island"]}}}, STEP),
    ("When ~ enters, if an opponent controls more lands than you, you gain 1 life.",
     {"opponent_controls_more": {"filter": {"types": ["Land"]}}}, ENTERS),
    ("When ~ enters, if you control another Elf, you gain 1 life.",
     {"you_control": {"at_least": 1, "filter": {"subtypes": ["Elf"], "other": True}}}, ENTERS),
    # the one condition form, wherever a trigger has one (CR 603.4)
    ("At the beginning of your upkeep, if you don't control a Food, you gain 1 life.",
     {"you_control": {"at_most": 0, "filter": {"subtypes": ["Food"]}}}, STEP),
    ("At the beginning of your upkeep, if twenty or more creature cards are in your graveyard, you gain 1 life.",
     {"graveyard_count": {"at_least": 20, "filter": {"types": ["Creature"]}}}, STEP),
    ("At the beginning of your upkeep, if you have four or more creature cards in your graveyard, you gain 1 life.",
     {"graveyard_count": {"at_least": 4, "filter": {"types": ["Creature"]}}}, STEP),
    ("At the beginning of your upkeep, if there's a Lesson card in your graveyard, you gain 1 life.",
     {"graveyard_count": {"at_least": 1, "filter": {"subtypes": ["Lesson"]}}}, STEP),
    ("At the beginning of your upkeep, if ~ doesn't have a +1/+1 counter on it, you gain 1 life.",
     {"self_no_counter": "+1/+1"}, STEP),
    ("When ~ enters, if ~ is an enchantment, you gain 1 life.", {"self_is": {"types": ["Enchantment"]}}, ENTERS),
])
def test_board_conditions(text, condition, why):
    status, compiled, whys = abilities(text)
    assert (status, compiled[0]["triggered"]["if"], compiled[0]["triggered"]["do"], whys) == (
        "ok", condition, [{"gain_life": 1}], [why])


@pytest.mark.parametrize("text", [
    # no form reads "becomes the target of a kicked spell" alone
    "Whenever ~ enters or becomes the target of a kicked spell, draw a card.",
    "When ~ enters and attacks, draw a card.",  # not two events
    "When ~ enters or becomes blocked by a Wall, draw a card.",
    # a second event with its own subject that no form reads alone; a combat event beside one no form reads
    "When ~ enters or a player cycles a card, draw a card.",
    "Whenever ~ becomes tapped and whenever a creature you control attacks, tap target creature.",
    # an ability that functions in a graveyard (CR 113.6m)
    "Whenever a creature enters, if you cast it from your graveyard, return this card from your graveyard to "
    "the battlefield.",
])
def test_what_stays_not_understood(text):
    assert abilities(text)[0] == "partial"


def test_two_combat_events_stay_a_combat_trigger():
    assert abilities("Whenever ~ attacks or blocks, you gain 1 life.") == (
        "ok", None, ["a combat trigger: no query declares attackers or blockers or deals combat damage"])


WEREWOLF = """\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: end}
battlefield:
- {id: ironfang, card: Ironfang, controller: Bob}
"""


def test_next_refuses_a_step_trigger_whose_condition_no_board_records(cli, tmp_path):
    path, _ = write_inputs(tmp_path, board=WEREWOLF)
    code, out, err = cli("next", path, "pass", "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (pass): ironfang's \"if a player cast two or more spells last turn, transform Ironfang\" "
                   f"triggers (CR 603.2), and {LAST_TURN}\n")


def test_turn_refuses_where_the_step_trigger_would_trigger(cli, tmp_path):
    path, _ = write_inputs(tmp_path, board=WEREWOLF)
    code, out, err = cli("turn", path, "--turns", "2", "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: ironfang's \"if a player cast two or more spells last turn, transform "
                   f"Ironfang\" would trigger as turn 5's upkeep step begins (CR 603.2b) but for its condition: "
                   f"{LAST_TURN}\n")


@pytest.mark.parametrize(("kicked", "triggered"), [
    ("", []), (", kicked: false", []), (", kicked: true", ["  - put readers-1 (Citanul Woodreaders, readers:1) on the stack"])])
def test_next_judges_an_enters_trigger_if_it_was_kicked(cli, tmp_path, kicked, triggered):
    """CR 702.33d, 603.4: the resolving stack item says whether it was kicked (next cast CARD kicked): it was
    refused, the condition kept unjudged as if no board recorded it."""
    path, _ = write_inputs(tmp_path, board=f"""\
players: [Alice, Bob]
turn: {{number: 4, active: Alice, step: precombat_main}}
stack:
- {{id: readers, card: Citanul Woodreaders, controller: Alice{kicked}}}
""")
    code, out, err = cli("next", path, "resolve", "--cards", CARDS)
    assert (code, err) == (0, "")
    assert out.splitlines() == ["outcome 1: probability 1", "  - readers resolves: it becomes a permanent (CR 608.3a)",
                                "  - readers enters untapped", *triggered]


@pytest.mark.parametrize(("text", "left_out"), [
    ("When ~ enters or the creature it haunts dies, you gain 1 life.", "the creature it haunts dies"),
])
def test_an_event_no_query_produces_is_left_out_of_two(text, left_out):
    """CR 603.2: a creature haunted from exile (702.55b): no board holds one, so the ability is compiled for
    entering alone, and says why (a permanent turned face up, 708.8, is no such event: next turns one)."""
    status, compiled, whys = abilities(text)
    assert (status, compiled) == ("ok", [{"triggered": {"when": {"event": "enters"}, "text": "you gain 1 life",
                                                        "do": [{"gain_life": 1}]}}])
    assert f'its event "{left_out}" never happens in a query' in whys[0]



TWO_EVENTS = Path(__file__).parent / "cases" / "next" / "two-event-triggers.yml"
ORNITHOPTER = Path(__file__).parent / "cases" / "next" / "casting-cards.yml"


@pytest.mark.parametrize(("dying", "thopter"), [("thopter", "Alice"), ("trawler", "Bob")])
def test_either_event_triggers_the_ability(cli, board_file, dying, thopter):
    """CR 603.2, 603.10a: another artifact of Alice's put into her graveyard, or Scrap Trawler dying itself,
    triggers the ability; its target, which no form models, makes next refuse as it would put it on the
    stack (CR 603.3d), naming the trigger."""
    path = board_file(f"""\
        players: [Alice, Bob]
        turn: {{number: 3, active: Alice, step: precombat_main}}
        battlefield:
        - {{id: trawler, card: Scrap Trawler, controller: Alice{', damage: 2' if dying == 'trawler' else ''}}}
        - {{id: thopter, card: Ornithopter, controller: {thopter}{', damage: 2' if dying == 'thopter' else ''}}}
        """)
    assert cli("next", path, "check", "--cards", TWO_EVENTS, "--cards", ORNITHOPTER) == (
        2, "", f"error: {path}: action 1 (check): trawler's \"return to your hand target artifact card in your "
               "graveyard with lesser mana value\" triggers (CR 603.2), and its effect isn't modelled (the card's "
               "`do:`) and chooses targets or a mode as it is put on the stack (CR 603.3c, 603.3d)\n")
