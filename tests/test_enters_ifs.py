"""The intervening "if" of an enters trigger, an "another ... enters" trigger and a turned-face-up trigger
(CR 603.4, 603.6a) reads the conditions a step or cast trigger reads (oracle.enters_condition): the
designations no rule here reads (unjudged: next refuses where it would trigger) and those the board records, the conditions
asp/trigger_ifs.lp judges, a player's life total or hand (asp/turn.lp).  A condition the resolution
rules don't check again keeps the ability's effect as text only (oracle_step_ifs.UNCHECKED)."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card

NO_MONARCH = ("its intervening \"if\" (there is no monarch) reads who is the monarch (CR 722.1), which no rule "
              "here judges (CR 603.4)")


def ability(text: str) -> tuple[str, dict]:
    result = compile_card("Watcher", text, "Creature — Cat", power="2", toughness="2")
    return result.status, result.card["abilities"][0]["triggered"]


@pytest.mark.parametrize(("condition", "read"), [
    ("there is no monarch", {"unjudged": NO_MONARCH}),
    ("you're the monarch", {"designation": "monarch"}),
    ("you have the city's blessing", {"designation": "city_blessing"}),
    ("~ has counters on it", {"self_has_counters": True}),
    ("creatures you control have total power 8 or greater", {"total_stat": {"of": "power", "at_least": 8}}),
    ("you have more life than an opponent", {"more_life_than_an_opponent": True}),
    ("a player controls no creatures", {"a_player_controls_none": {"filter": {"types": ["Creature"]}}}),
    ("you have no cards in hand", {"player_state": {"whose": "you", "of": "hand", "at_most": 0}}),
    ("you have 10 or less life", {"player_state": {"whose": "you", "of": "life", "at_most": 10}}),
])
@pytest.mark.parametrize("event", ["When ~ enters", "Whenever another creature you control enters",
                                   "When ~ is turned face up"])
def test_conditions_the_rules_judge_keep_the_effect_as_text(event, condition, read):
    """CR 603.4: judged as the event happens; not checked again as it resolves, so no ``do``."""
    status, triggered = ability(f"{event}, if {condition}, you gain 1 life.")
    assert (status, triggered["if"], "do" in triggered, triggered["text"]) == ("ok", read, False, "you gain 1 life")


@pytest.mark.parametrize("event", ["When ~ enters", "Whenever another creature you control enters"])
def test_a_condition_checked_again_keeps_its_do(event):
    """"if you control no Thopters other than ~": asp/outcomes.lp checks it again as it resolves (603.4)."""
    status, triggered = ability(f"{event}, if you control no Thopters other than ~, you gain 1 life.")
    assert (status, triggered["if"], triggered["do"]) == (
        "ok", {"you_control": {"at_most": 0, "filter": {"subtypes": ["Thopter"], "other": True}}}, [{"gain_life": 1}])


@pytest.mark.parametrize("line", [
    "When ~ enters, if a player has more cards in hand than you, you gain 1 life.",  # a comparison: no form states it
    "When ~ enters, if ~ is in the command zone or on the battlefield, you gain 1 life.",  # no "if" to keep
])
def test_what_stays_not_understood(line):
    assert compile_card("Watcher", line, "Creature — Cat", power="2", toughness="2").status == "partial"


CARDS = """\
format: pysolver-oracle/1
cards:
- {name: Test Countered, types: [Creature], power: 1, toughness: 1, oracle: "This creature enters with a +1/+1 \\
counter on it.\\nWhen this creature enters, if this creature has counters on it, you gain 1 life."}
- {name: Test Bare, types: [Creature], power: 1, toughness: 1, oracle: "When this creature enters, if this creature \\
has counters on it, you gain 1 life."}
- {name: Test Lonely, types: [Creature], power: 1, toughness: 1, oracle: "When this creature enters, if a player \\
controls no creatures, you gain 1 life."}
- {name: Test Handless, types: [Creature], power: 1, toughness: 1, oracle: "When this creature enters, if you have \\
no cards in hand, you gain 1 life."}
"""


@pytest.mark.parametrize(("card", "hand", "bobs", "triggers"), [
    # CR 603.4, 603.6a: judged just after it enters, with the counters it entered with (614.1c), itself among
    # the creatures
    ("Test Countered", "[]", "[]", True),
    ("Test Bare", "[]", "[]", False),
    ("Test Lonely", "[]", "[]", True),  # Bob controls no creature
    ("Test Handless", "[Test Bare]", "[{id: bear, card: Test Bare, controller: Bob}]", False),  # Alice holds one
])
def test_next_judges_the_condition_as_it_enters(cli, board_file, tmp_path, card, hand, bobs, triggers):
    cards = tmp_path / "enters-ifs.yml"
    cards.write_text(CARDS, encoding="utf-8")
    path = board_file("players: [{name: Alice, hand: " + hand + "}, Bob]\n"
                      "turn: {number: 3, active: Alice, step: precombat_main}\n"
                      "battlefield: " + bobs + "\n"
                      "stack: [{id: t, card: " + card + ", controller: Alice}]\n")
    code, out, err = cli("next", path, "resolve", "--cards", cards)
    assert (code, err) == (0, "")
    assert (f"  - put t-1 ({card}, t:1) on the stack" in out.splitlines()) == triggers
