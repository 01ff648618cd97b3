"""Trigger events of other permanents (issue 13): "Whenever a player sacrifices a creature" / "an opponent
sacrifices" (CR 701.17a: its controller sacrifices it), "Whenever you activate an ability that isn't a mana
ability" (602.2i: next activates one), "Whenever a creature dealt damage by ~ this turn dies"
(turn history no board records: refused where a creature dies), and enters triggers whose effect speaks of
"this turn" (the effect kept as text), and delirium's "if there are four or more card types among cards in your
graveyard" (CR 205.2a, 603.4), and a permanent of a kind or an enchanted creature becoming a target (115.1).  Cases: tests/cases/next/event-trigger-forms.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card

from helpers import write_inputs

CARDS = Path(__file__).parent / "cases" / "next" / "event-trigger-forms.yml"


def compiled(text: str) -> list:
    result = compile_card("Watcher", text, "Creature — Fish", power="1", toughness="1")
    assert result.status == "ok", result.ignored
    return [ability["triggered"] for ability in result.card.get("abilities", [])]


DAMAGED = ("it triggers only for a creature Watcher dealt damage to this turn, which no board records (CR 603.2, "
           "120.1)")


@pytest.mark.parametrize(("text", "triggered"), [
    ("Whenever a player sacrifices a creature, you may put a +1/+1 counter on Watcher.",
     {"when": {"event": "sacrifice", "filter": {"types": ["Creature"]}, "whose": "any"},
      "do": [{"counter_on_self": "+1/+1"}], "may": True, "text": "you may put a +1/+1 counter on Watcher"}),
    ("Whenever an opponent sacrifices a nontoken permanent, draw a card.",
     {"when": {"event": "sacrifice", "filter": {"token": False}, "whose": "opponent"},
      "do": [{"draw": 1}], "text": "draw a card"}),
    ("Whenever a player sacrifices another creature, put a +1/+1 counter on Watcher.",
     {"when": {"event": "sacrifice", "filter": {"types": ["Creature"], "other": True}, "whose": "any"},
      "do": [{"counter_on_self": "+1/+1"}], "text": "put a +1/+1 counter on Watcher"}),
    ("Whenever a creature dealt damage by Watcher this turn dies, put a +1/+1 counter on Watcher.",
     {"when": {"event": "dies", "filter": {"types": ["Creature"]}, "whose": "any", "unjudged": DAMAGED},
      "text": "put a +1/+1 counter on Watcher"}),
    ("Whenever a creature dealt damage by equipped creature this turn dies, you may exile that card.",
     {"when": {"event": "dies", "filter": {"types": ["Creature"]}, "whose": "any",
               "unjudged": DAMAGED.replace("Watcher", "equipped creature")},
      "text": "you may exile that card"}),
    ("Whenever you activate an ability of an artifact or creature that isn't a mana ability, Watcher gets +1/+1 "
     "until end of turn.",
     {"when": {"event": "activate", "filter": {"any_of": [{"types": ["Artifact"]}, {"types": ["Creature"]}]},
               "whose": "you"},
      "do": [{"pump_self": {"power": 1, "toughness": 1}}], "text": "Watcher gets +1/+1 until end of turn"}),
    ("Whenever an opponent activates an ability of an artifact, creature, or land on the battlefield, if it isn't a "
     "mana ability, Watcher deals 2 damage to that player.",
     {"when": {"event": "activate", "filter": {"any_of": [{"types": ["Artifact"]}, {"types": ["Creature"]},
                                                          {"types": ["Land"]}]}, "whose": "opponent"},
      "text": "Watcher deals 2 damage to that player"}),
    ("Whenever a player activates an ability that isn't a mana ability, you gain 1 life.",
     {"when": {"event": "activate", "filter": {}, "whose": "any"}, "do": [{"gain_life": 1}],
      "text": "you gain 1 life"}),
    ("Delirium — At the beginning of each opponent's upkeep, if there are four or more card types among cards in "
     "your graveyard, that player mills three cards.",
     {"when": {"step": "upkeep", "whose": "opponent"}, "if": {"graveyard_card_types": {"at_least": 4}},
      "text": "that player mills three cards"}),
    ("When Watcher enters, if there are four or more card types among cards in your graveyard, you gain 2 life.",
     {"when": {"event": "enters"}, "if": {"graveyard_card_types": {"at_least": 4}}, "do": [{"gain_life": 2}],
      "text": "you gain 2 life"}),
    ("Whenever a Dragon you control becomes the target of a spell or ability an opponent controls, Watcher deals 3 "
     "damage to that player.",
     {"when": {"event": "becomes_target", "by": "spell_or_ability", "whose": "opponent",
               "filter": {"subtypes": ["Dragon"]}, "target_whose": "you"},
      "text": "Watcher deals 3 damage to that player"}),
    ("Whenever a Cleric creature you control becomes the target of a spell or ability, it gets +0/+2 until end of "
     "turn.",  # "it": the permanent targeted, not the source (CR 603.2)
     {"when": {"event": "becomes_target", "by": "spell_or_ability", "whose": "any",
               "filter": {"subtypes": ["Cleric"], "types": ["Creature"]}, "target_whose": "you"},
      "text": "it gets +0/+2 until end of turn"}),
    ("When enchanted creature becomes the target of a spell or ability, sacrifice Watcher.",
     {"when": {"event": "becomes_target", "by": "spell_or_ability", "whose": "any", "attached": True},
      "do": [{"sacrifice_self": True}], "text": "sacrifice Watcher"}),
    ("Whenever Watcher becomes the target of a spell or ability you control for the first time each turn, you gain "
     "2 life.",
     {"when": {"event": "becomes_target", "by": "spell_or_ability", "whose": "you",
               "unjudged": "it triggers only the first time each turn its permanent becomes a target, and no board "
                           "records the targets chosen this turn (CR 603.2)"},
      "do": [{"gain_life": 2}], "text": "you gain 2 life"}),
    ("Whenever another artifact you control enters, Watcher gets +1/+1 until end of turn and can't be blocked this "
     "turn.",
     {"when": {"event": "permanent_enters", "filter": {"types": ["Artifact"], "other": True}, "whose": "you"},
      "text": "Watcher gets +1/+1 until end of turn and can't be blocked this turn"}),
])
def test_trigger_event_forms(text, triggered):
    assert compiled(text) == [triggered]


@pytest.mark.parametrize("text", [
    # the turn's history in the event itself, not in the effect: not read
    "Whenever a creature that entered this turn enters, draw a card.",
    "Whenever a player sacrifices a creature of their choice, draw a card.",
    # a mana ability's activation is an event too, which no rule here follows
    "Whenever you activate an ability, draw a card.",
])
def test_trigger_event_forms_not_read(text):
    result = compile_card("Watcher", text, "Creature — Fish", power="1", toughness="1")
    assert result.status == "partial"


@pytest.mark.parametrize(("board", "actions", "error"), [
    ("""\
     players: [Alice, Bob]
     turn: {number: 3, active: Alice, step: precombat_main}
     battlefield:
     - {id: vampire, card: Sengir Vampire, controller: Bob}
     - {id: bears, card: Grizzly Bears, controller: Alice, damage: 2}
     """, ["check"],
     "action 1 (check): vampire's \"put a +1/+1 counter on Sengir Vampire\" triggers (CR 603.2), and it triggers "
     "only for a creature Sengir Vampire dealt damage to this turn, which no board records (CR 603.2, 120.1)"),
    ("""\
     players: [{name: Alice, hand: [Fervor], mana_pool: "{R}{R}{R}"}, Bob]
     turn: {number: 3, active: Alice, step: precombat_main}
     battlefield:
     - {id: spirit, card: Steelclad Spirit, controller: Alice}
     """, ["cast", "Fervor", "resolve", "resolve"],
     "stack[0]: resolve: spirit-1 (Steelclad Spirit: \"Steelclad Spirit can attack this turn as though it didn't "
     "have defender\"): its effect isn't modelled (the card's `do:`), so the board it leaves can't be computed"),
])
def test_an_event_trigger_next_cant_judge_or_resolve_is_refused(cli, tmp_path, board, actions, error):
    """CR 603.2, 603.3: a condition no board records is refused where the ability would trigger; an effect
    kept as text is refused as it would resolve, never resolved as nothing."""
    path, _ = write_inputs(tmp_path, board=board)
    code, out, err = cli("next", path, *actions, "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err == f"error: {path}: {error}\n"
