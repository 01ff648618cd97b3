"""Intervening "if" clauses of step and cast triggers, second pass (issue 13; CR 603.4): conditions the rules judge
(asp/trigger_ifs.lp), designations no board records (kept as `unjudged`: refused where the ability would trigger),
two conditions joined by "and"; the step owners "each other player's", "enchanted opponent's", "each of your
postcombat main phases"; "At the beginning of your upkeep and whenever ..." (two events); a step trigger that
changes the turn's steps other than by adding a phase or step is not read.  Cases: tests/cases/turn/step-ifs.yaml,
tests/cases/next/cast-step-ifs.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pysolver.cards.oracle import compile_card

from helpers import write_inputs

CASES = Path(__file__).parent / "cases" / "turn"
UPKEEP = {"step": "upkeep", "whose": "you"}
END = {"step": "end", "whose": "you"}


@pytest.mark.parametrize(("text", "when", "condition", "effect"), [
    ("At the beginning of your end step, if creatures you control have total power 8 or greater, draw a card.",
     END, {"total_stat": {"of": "power", "at_least": 8}}, "draw a card"),
    ("At the beginning of your upkeep, if ~ has counters on it, you gain 1 life.",
     UPKEEP, {"self_has_counters": True}, "you gain 1 life"),
    ("At the beginning of your upkeep, if ~ has fewer than three charge counters on it, put a charge counter on ~.",
     UPKEEP, {"self_counters_below": {"kind": "charge", "below": 3}}, "put a charge counter on Watcher"),
    ("At the beginning of each upkeep, if enchanted creature is untapped, tap it.",
     {"step": "upkeep", "whose": "any"}, {"attached_tapped": False}, "tap it"),
    # CR 303.4, 208.1: the power of the permanent it is attached to, as a filter judges it (layer 7)
    ("At the beginning of the end step, if enchanted creature's power is 4 or greater, destroy ~.",
     {"step": "end", "whose": "any"}, {"attached_is": {"power_at_least": 4}}, "destroy Watcher"),
    ("At the beginning of your upkeep, if equipped creature's toughness is 2 or less, you gain 1 life.",
     UPKEEP, {"attached_is": {"toughness_at_most": 2}}, "you gain 1 life"),
    # CR 303.4, 301.5: the kind of the permanent it is attached to (session 41)
    ("At the beginning of your upkeep, if enchanted creature is a Wolf or Werewolf, you gain 1 life.",
     UPKEEP, {"attached_is": {"any_of": [{"subtypes": ["Wolf"]}, {"subtypes": ["Werewolf"]}]}}, "you gain 1 life"),
    ("At the beginning of your upkeep, if equipped creature is a legendary creature, you gain 1 life.",
     UPKEEP, {"attached_is": {"supertypes": ["Legendary"], "types": ["Creature"]}}, "you gain 1 life"),
    ("At the beginning of your end step, if a player controls no creatures, sacrifice ~.",
     END, {"a_player_controls_none": {"filter": {"types": ["Creature"]}}}, "sacrifice Watcher"),
    ("At the beginning of each combat, if you have more life than an opponent, ~ gains flying until end of turn.",
     {"step": "beginning_of_combat", "whose": "any"}, {"more_life_than_an_opponent": True},
     "Watcher gains flying until end of turn"),
    ("At the beginning of your upkeep, if ~ is in the command zone, you gain 2 life.",
     UPKEEP, {"self_in_command_zone": True}, "you gain 2 life"),
    ("At the beginning of your upkeep, if you control no artifacts other than ~ and have no cards in hand, "
     "you win the game.",
     UPKEEP, {"you_control": {"at_most": 0, "filter": {"types": ["Artifact"], "other": True}},
              "player_state": {"whose": "you", "of": "hand", "at_most": 0}}, "you win the game"),
])
def test_judged_conditions_keep_no_do(text, when, condition, effect):
    """No `do`, even for an effect a form models ("you gain 1 life", "sacrifice ~"): outcomes would apply it
    without checking the condition again (CR 603.4)."""
    result = compile_card("Watcher", text, "Artifact")
    assert result.status == "ok", result.ignored
    assert result.card["abilities"] == [{"triggered": {"when": when, "if": condition, "text": effect}}]


def test_two_conditions_both_checked_again_keep_the_do():
    result = compile_card("Watcher", "At the beginning of your upkeep, if you control an Island and ~ has a charge "
                                     "counter on it, sacrifice ~.", "Artifact")
    assert result.card["abilities"] == [{"triggered": {
        "when": UPKEEP, "if": {"you_control": {"at_least": 1, "filter": {"subtypes": ["Island"]}},
                               "self_counters": {"kind": "charge", "at_least": 1}},
        "text": "sacrifice Watcher", "do": [{"sacrifice_self": True}]}}]


@pytest.mark.parametrize(("condition", "designation"), [
    ("you're the monarch", "monarch"),
    ("you have the initiative", "initiative"),
    ("you have the city's blessing", "city_blessing"),
    ("you've completed a dungeon", "completed_dungeon"),
])
def test_designations_a_board_records_are_judged(condition, designation):
    """CR 603.4, 722.1, 723.1, 702.131c, 309.7: the board's players[] (asp/trigger_ifs.lp)."""
    result = compile_card("Watcher", f"At the beginning of your end step, if {condition}, draw a card.", "Artifact")
    assert result.card["abilities"] == [{"triggered": {"when": END, "if": {"designation": designation},
                                                       "text": "draw a card"}}]


@pytest.mark.parametrize(("condition", "why"), [
    ("you control your commander", "which permanents are commanders (CR 903.3)"),
    # session 41: their negations
    ("there is no monarch", "who is the monarch (CR 722.1)"),
    ("you haven't completed Tomb of Annihilation", "which dungeons a player completed (CR 309.7)"),
    ("you haven't completed a dungeon", "which dungeons a player completed (CR 309.7)"),
])
def test_designations_are_unjudged(condition, why):
    result = compile_card("Watcher", f"At the beginning of your end step, if {condition}, draw a card.", "Artifact")
    assert result.card["abilities"] == [{"triggered": {"when": END, "if": {"unjudged": (
        f"its intervening \"if\" ({condition}) reads {why}, which no rule here judges (CR 603.4)")},
        "text": "draw a card"}}]


@pytest.mark.parametrize(("text", "when"), [
    ("At the beginning of each other player's upkeep, you gain 1 life.", {"step": "upkeep", "whose": "opponent"}),
    ("At the beginning of enchanted opponent's end step, you gain 1 life.", {"step": "end", "whose": "enchanted"}),
    ("At the beginning of combat on enchanted opponent's turn, you gain 1 life.",
     {"step": "beginning_of_combat", "whose": "enchanted"}),
    ("At the beginning of each of your postcombat main phases, you gain 1 life.",
     {"step": "postcombat_main", "whose": "you"}),
])
def test_step_owners(text, when):
    result = compile_card("Watcher", text, "Enchantment")
    assert result.card["abilities"] == [{"triggered": {"when": when, "text": "you gain 1 life",
                                                       "do": [{"gain_life": 1}]}}]


def test_upkeep_and_a_cast_event():
    result = compile_card("Shrine", "At the beginning of your upkeep and whenever you cast a white spell, put a "
                                    "charge counter on ~.", "Artifact")
    do = [{"counter_on_self": "charge"}]
    assert result.card["abilities"] == [
        {"triggered": {"when": UPKEEP, "text": "put a charge counter on Shrine", "do": do}},
        {"triggered": {"when": {"event": "cast", "filter": {"colors": ["W"]}, "whose": "you"}, "do": do,
                       "text": "put a charge counter on Shrine"}}]


def test_eminence_on_the_battlefield_holds():
    """"if ~ is in the command zone or on the battlefield": a permanent's ability, so it holds."""
    result = compile_card("Watcher", "Eminence — Whenever you cast another Cat spell, if ~ is in the command zone "
                                     "or on the battlefield, you gain 1 life.", "Creature")
    assert result.card["abilities"] == [{"triggered": {
        "when": {"event": "cast", "filter": {"subtypes": ["Cat"]}, "whose": "you"}, "do": [{"gain_life": 1}],
        "text": "you gain 1 life"}}]


@pytest.mark.parametrize("text", [
    "At the beginning of your upkeep, there is an additional combat phase after this phase.",
    "At the beginning of your end step, there is an additional end step after this step.",
])
def test_added_phases_and_steps(text):
    result = compile_card("Watcher", text, "Enchantment")
    assert result.status == "ok"
    assert result.card["abilities"][0]["triggered"]["do"] in (
        [{"additional_phase": "combat"}], [{"additional_steps": ["end"]}])


@pytest.mark.parametrize("text", [
    # the rest of the turn changes in ways no rule models (CR 614.10, 500.8 with a condition): not read
    "At the beginning of your upkeep, you may draw a card. If you do, you skip your draw step this turn.",
    "At the beginning of your end step, draw a card. Then if it's the first end step of the turn, there is an "
    "additional end step after this step.",
    "At the beginning of your end step, if you're the monarch, there is an additional end step after this step.",
])
def test_other_changes_to_the_turn_are_not_read(text):
    assert compile_card("Watcher", text, "Enchantment").status == "partial"


def test_the_monarchs_end_step_is_refused(cli, tmp_path):
    """CR 722.2: the monarch draws a card as their end step begins, a triggered ability no object has, which turn
    doesn't list: refused there, whatever the monarch's own permanents' conditions (Throne Warden's is judged, CR
    603.4: tests/cases/oracle/player-state.yaml)."""
    path, _ = write_inputs(tmp_path, board="""\
players: [{name: Alice, monarch: true}, Bob]
turn: {number: 5, active: Alice, step: postcombat_main}
battlefield:
- {id: warden, card: Throne Warden, controller: Alice}
""")
    code, out, err = cli("turn", path, "--cards", CASES / "step-ifs.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: in turn 5, Alice's end step begins, and the monarch draws a card at the beginning "
                   "of their end step (CR 722.2, a triggered ability no object has), which isn't followed here\n")


def test_a_tapped_condition_after_the_untap_step_is_refused(cli, tmp_path):
    """CR 502.3: the untap step untaps the enchanted creature after the board's step begins, and the turn doesn't
    follow it, so whether "if enchanted creature is untapped" holds in the upkeep isn't judged: refused."""
    path, _ = write_inputs(tmp_path, board="""\
players: [Alice, Bob]
turn: {number: 5, active: Bob, step: untap}
battlefield:
- {id: bears, card: Grizzly Bears, controller: Bob, tapped: true}
- {id: narcolepsy, card: Narcolepsy, controller: Alice, attached_to: {permanent: bears}}
""")
    code, out, err = cli("turn", path, "--cards", CASES / "step-ifs.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: narcolepsy's triggered ability has an intervening \"if\" on a permanent being "
                   "tapped, which the untap step changes before turn 5's upkeep step begins (CR 502.3, 603.4): the "
                   "turn doesn't follow the untapping; ask pysolver next in that step\n")


def test_a_history_condition_on_what_you_control_is_unjudged():
    """CR 603.4: "a creature ... that attacked this turn" is no filter the rules read, and what attacked this turn is
    on no board: the condition is kept as `unjudged` (history-ifs.yml is what the compiler makes,
    tests/test_stored_cards.py)."""
    [card] = yaml.safe_load((CASES / "history-ifs.yml").read_text("utf-8"))["cards"]
    assert "this turn" in card["abilities"][0]["triggered"]["if"]["unjudged"]


def test_a_history_condition_is_refused_where_it_would_trigger(cli, tmp_path):
    path, _ = write_inputs(tmp_path, board="""\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: postcombat_main}
battlefield:
- {id: resolve, card: Warrior's Resolve, controller: Alice}
""")
    code, out, err = cli("turn", path, "--cards", CASES / "history-ifs.yml")
    assert (code, out) == (2, "")
    assert err.startswith(f"error: {path}: resolve's \"if you control a creature with a +1/+1 counter on it that "
                          "attacked this turn, draw a card\" would trigger as turn 4's end step begins (CR 603.2b) "
                          "but for its condition")
