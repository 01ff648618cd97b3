"""Triggers on a permanent leaving the battlefield, compiled from Oracle text (issue 13): "When ~ is
put into a graveyard from the battlefield", "Whenever an artifact is put into a graveyard from the
battlefield", "Whenever a creature with a bounty counter on it dies", "Whenever you sacrifice
another permanent" (CR 603.2, 603.6c, 603.10a, 700.4, 701.17a); an effect no form models is
refused when the ability resolves, naming its text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card

from helpers import write_inputs

CARDS = Path(__file__).parent / "cases" / "next" / "leave-triggers.yml"


def trigger(text: str) -> dict:
    result = compile_card("Watcher", text + "\n{T}: Add {C}.", "Artifact")
    assert result.status == "ok", result.ignored
    [found] = [a["triggered"] for a in result.card["abilities"] if "triggered" in a]
    return found


@pytest.mark.parametrize(("text", "triggered"), [
    ("When this artifact is put into a graveyard from the battlefield, draw a card.",
     {"when": {"event": "put_into_graveyard"}, "do": [{"draw": 1}], "text": "draw a card"}),
    ("When this artifact is put into a graveyard from the battlefield, return it to its owner's hand.",
     # the card is in the graveyard now (CR 603.6c, 400.7): no effect on the permanent models it
     {"when": {"event": "put_into_graveyard"}, "text": "return it to its owner's hand"}),
    ("Whenever an artifact is put into a graveyard from the battlefield, you may gain 5 life.",
     {"when": {"event": "put_into_graveyard", "filter": {"types": ["Artifact"]}, "whose": "any"},
      "do": [{"gain_life": 5}], "may": True, "text": "you may gain 5 life"}),
    ("Whenever another creature or artifact you control is put into a graveyard from the battlefield, "
     "each opponent loses 1 life.",
     {"when": {"event": "put_into_graveyard", "whose": "you", "filter": {
         "any_of": [{"types": ["Creature"]}, {"types": ["Artifact"]}], "other": True}},
      "do": [{"lose_life": {"amount": 1, "whose": "opponent"}}], "text": "each opponent loses 1 life"}),
    ("Whenever a permanent other than this artifact is put into a graveyard from the battlefield, "
     "you gain 1 life.",
     {"when": {"event": "put_into_graveyard", "filter": {"other": True}, "whose": "any"},
      "do": [{"gain_life": 1}], "text": "you gain 1 life"}),
    ("Whenever a creature with a bounty counter on it dies, each of its controller's opponents draws a card.",
     {"when": {"event": "dies", "filter": {"with_counter": "bounty", "types": ["Creature"]}, "whose": "any"},
      "text": "each of its controller's opponents draws a card"}),
    ("Whenever a Goblin you control dies, you may draw a card.",
     {"when": {"event": "dies", "filter": {"subtypes": ["Goblin"]}, "whose": "you"},
      "do": [{"draw": 1}], "may": True, "text": "you may draw a card"}),
    ("Whenever you sacrifice another nontoken creature, put a +1/+1 counter on this artifact.",
     {"when": {"event": "sacrifice", "filter": {"token": False, "types": ["Creature"], "other": True},
               "whose": "you"}, "do": [{"counter_on_self": "+1/+1"}], "text": "put a +1/+1 counter on Watcher"}),
    ("Whenever you sacrifice a Clue, you gain 1 life.",
     {"when": {"event": "sacrifice", "filter": {"subtypes": ["Clue"]}, "whose": "you"},
      "do": [{"gain_life": 1}], "text": "you gain 1 life"}),
    # CR 603.2c: "one or more": once for each event that sacrifices them (asp/zone_change.lp, trig_batch)
    ("Whenever you sacrifice one or more other creatures, draw a card.",
     {"when": {"event": "sacrifice", "filter": {"types": ["Creature"], "other": True}, "whose": "you", "batch": True},
      "do": [{"draw": 1}], "text": "draw a card"}),
    # CR 603.6c: leaving the battlefield for any zone
    ("When this artifact leaves the battlefield, you lose 10 life.",
     {"when": {"event": "leaves"}, "do": [{"lose_life": 10}], "text": "you lose 10 life"}),
    ("Whenever another creature you control leaves the battlefield, put a +1/+1 counter on this artifact.",
     {"when": {"event": "leaves", "filter": {"types": ["Creature"], "other": True}, "whose": "you"},
      "do": [{"counter_on_self": "+1/+1"}], "text": "put a +1/+1 counter on Watcher"}),
    # CR 111.1, 603.10a: "if it was a token", as it last existed
    ("Whenever another creature you control dies, if it was a token, draw a card.",
     {"when": {"event": "dies", "filter": {"types": ["Creature"], "other": True}, "whose": "you"},
      "if": {"left_is": {"token": True}}, "do": [{"draw": 1}], "text": "draw a card"}),
    # CR 603.4, 603.10a: an intervening "if" about the permanent that left, as it last existed
    ("When this artifact is put into a graveyard from the battlefield, if it had a charge counter on it, "
     "draw a card.", {"when": {"event": "put_into_graveyard"}, "if": {"left_counters": "charge"},
                      "do": [{"draw": 1}], "text": "draw a card"}),
    ("When this artifact dies, if it had no +1/+1 counters on it, return it to the battlefield.",
     {"when": {"event": "dies"}, "if": {"left_no_counters": "+1/+1"}, "text": "return it to the battlefield"}),
    ("Whenever a creature you control leaves the battlefield, if it had counters on it, you gain 1 life.",
     {"when": {"event": "leaves", "filter": {"types": ["Creature"]}, "whose": "you"}, "if": {"left_counters": "any"},
      "do": [{"gain_life": 1}], "text": "you gain 1 life"}),
    # CR 603.10a: the permanent an Aura or Equipment is attached to; "it" is that creature, "~" the
    # Aura, which is in a graveyard by then (its own effects keep only their text)
    ("When enchanted creature dies, draw a card.",
     {"when": {"event": "dies", "attached": True}, "do": [{"draw": 1}], "text": "draw a card"}),
    ("Whenever equipped creature dies, you gain 3 life.",
     {"when": {"event": "dies", "attached": True}, "do": [{"gain_life": 3}], "text": "you gain 3 life"}),
    ("When enchanted creature dies, return it to its owner's hand.",
     {"when": {"event": "dies", "attached": True}, "text": "return it to its owner's hand"}),
    ("When enchanted creature dies, return this artifact to its owner's hand.",
     {"when": {"event": "dies", "attached": True}, "text": "return Watcher to its owner's hand"}),
    # the permanents it looks for, as they last existed (CR 603.10a)
    ("Whenever a creature you control with a +1/+1 counter on it dies, draw a card.",
     {"when": {"event": "dies", "filter": {"with_counter": "+1/+1", "types": ["Creature"]}, "whose": "you"},
      "do": [{"draw": 1}], "text": "draw a card"}),
    # CR 603.2c: "one or more": once for the event, however many permanents it concerns
    ("Whenever one or more other creatures you control die, put a +1/+1 counter on this artifact.",
     {"when": {"event": "dies", "filter": {"types": ["Creature"], "other": True}, "whose": "you", "batch": True},
      "do": [{"counter_on_self": "+1/+1"}], "text": "put a +1/+1 counter on Watcher"}),
    ("Whenever one or more artifacts and/or creatures you control are put into a graveyard from the battlefield, "
     "surveil 1.", {"when": {"event": "put_into_graveyard", "filter": {"any_of": [{"types": ["Artifact"]},
                                                                                   {"types": ["Creature"]}]},
                             "whose": "you", "batch": True}, "text": "surveil 1"}),
    ("Whenever one or more noncreature, nonland permanents you control enter, you gain 1 life.",
     {"when": {"event": "permanent_enters", "filter": {"not_types": ["Creature", "Land"]}, "whose": "you",
               "batch": True}, "do": [{"gain_life": 1}], "text": "you gain 1 life"}),
    ("Whenever one or more permanents you control leave the battlefield, you gain 1 life.",
     {"when": {"event": "leaves", "filter": {}, "whose": "you", "batch": True}, "do": [{"gain_life": 1}],
      "text": "you gain 1 life"}),
    # CR 701.17a: only its controller sacrifices it ("When you sacrifice ~"); "When" or "Whenever" alike
    ("When you sacrifice this artifact, draw two cards.",
     {"when": {"event": "sacrifice"}, "do": [{"draw": 2}], "text": "draw two cards"}),
    ("When you sacrifice a Clue, you gain 1 life.",
     {"when": {"event": "sacrifice", "filter": {"subtypes": ["Clue"]}, "whose": "you"}, "do": [{"gain_life": 1}],
      "text": "you gain 1 life"}),
    # CR 603.10a, 208.1: its power as it last existed, judged by a filter (asp/zone_change.lp left_is)
    ("When this artifact dies, if its power was 3 or greater, you gain 1 life.",
     {"when": {"event": "dies"}, "if": {"left_is": {"power_at_least": 3}}, "do": [{"gain_life": 1}],
      "text": "you gain 1 life"}),
    # CR 603.6c, 400.3: returned to its owner's hand from the battlefield (a permanent, CR 109.2); "your hand":
    # owned by its controller (session 41)
    ("Whenever this artifact or another creature is returned to your hand from the battlefield, you gain 1 life.",
     {"when": {"event": "returned_to_hand", "filter": {"types": ["Creature"], "other": True}, "whose": "any",
               "hand": "you", "or_self": True}, "do": [{"gain_life": 1}], "text": "you gain 1 life"}),
    ("Whenever a permanent is returned to your hand, you may pay {1}. If you do, draw a card.",
     {"when": {"event": "returned_to_hand", "filter": {}, "whose": "any", "hand": "you"},
      "text": "you may pay {1}. If you do, draw a card"}),
    ("Whenever another nonland permanent you control is returned to its owner's hand, put a +1/+1 counter on this "
     "artifact.", {"when": {"event": "returned_to_hand", "filter": {"not_types": ["Land"], "other": True},
                            "whose": "you"}, "do": [{"counter_on_self": "+1/+1"}],
                   "text": "put a +1/+1 counter on Watcher"}),
    # CR 603.6c, 406.3: put into exile from the battlefield (a permanent, CR 109.2), alone or beside dying or being
    # put into a graveyard, one ability each (session 41)
    ("When this artifact is put into exile from the battlefield, you may pay {2}.",
     {"when": {"event": "put_into_exile"}, "text": "you may pay {2}"}),
    ("Whenever equipped creature is put into exile from the battlefield, you gain 3 life.",
     {"when": {"event": "put_into_exile", "attached": True}, "do": [{"gain_life": 3}], "text": "you gain 3 life"}),
    ("Whenever a creature an opponent controls is returned to its owner's hand, it deals 1 damage to you.",
     {"when": {"event": "returned_to_hand", "filter": {"types": ["Creature"]}, "whose": "opponent"},
      "text": "it deals 1 damage to you"}),  # "it": the creature returned (CR 603.2)
])
def test_leave_trigger_forms(text, triggered):
    """CR 603.6c, 603.10a, 701.17a: the event, the permanents it looks for, and the modelled effects."""
    assert trigger(text) == triggered


@pytest.mark.parametrize(("text", "first"), [
    ("Whenever another creature you control dies or is put into exile, you gain 1 life.",
     {"event": "dies", "filter": {"types": ["Creature"], "other": True}, "whose": "you"}),
    ("Whenever a creature with a coin counter on it dies or is put into exile, you gain 1 life.",
     {"event": "dies", "filter": {"types": ["Creature"], "with_counter": "coin"}, "whose": "any"}),
    ("Whenever this artifact or another nontoken artifact you control is put into a graveyard from the battlefield or "
     "is put into exile from the battlefield, you gain 1 life.",
     {"event": "put_into_graveyard", "filter": {"types": ["Artifact"], "token": False, "other": True},
      "whose": "you", "or_self": True}),
    ("When this artifact dies or is put into exile from the battlefield, you gain 1 life.", {"event": "dies"}),
])
def test_two_leaving_events_are_two_abilities(text, first):
    """CR 603.2: "dies or is put into exile": each event its own ability, the same effect."""
    result = compile_card("Watcher", text + "\n{T}: Add {C}.", "Artifact")
    assert result.status == "ok", result.ignored
    found = [a["triggered"] for a in result.card["abilities"] if "triggered" in a]
    exiled = {**first, "event": "put_into_exile"}
    assert [each["when"] for each in found] == [first, exiled]
    assert [each["text"] for each in found] == ["you gain 1 life"] * 2


@pytest.mark.parametrize(("text", "ignored"), [
    ("Whenever you sacrifice this artifact or another artifact, draw a card.", None),
    # an intervening "if" (CR 603.4) no condition form of a leaving trigger reads
    ("When this artifact is put into a graveyard from the battlefield, if you control a Forest, draw a card.", None),
    ("When this artifact leaves the battlefield, if it had a charge counter on it, if you control a Forest, "
     "draw a card.", None),
    # its power compared with another's: no filter states it
    ("When this artifact dies, if its power was greater than your life total, draw a card.", None),
    # CR 702.119a: sacrificed while casting a spell with emerge: how it was sacrificed, which no event here states
    ("When you sacrifice this artifact while casting a spell with emerge, draw a card.", None),
    # a card is returned to a hand from a graveyard too (CR 109.2): no event here states it
    ("Whenever a creature card is returned to your hand, draw a card.", None),
    ("Whenever a creature is returned to your hand from your graveyard, draw a card.", None),
])
def test_leave_trigger_forms_left_unread(text, ignored):
    result = compile_card("Watcher", text + "\n{T}: Add {C}.", "Artifact")
    text = text.replace("this artifact", "~")
    assert (result.status, result.ignored) == ("partial", ignored or [text])


def test_sacrificed_for_mana_triggers_three_abilities(cli, tmp_path):
    """Chromatic Star sacrificed to pay its own mana ability's cost: its "put into a graveyard"
    trigger (CR 603.6c), Gixian Infiltrator's "you sacrifice another permanent" (701.17a) and
    Bob's Fangren Marauder's "an artifact is put into a graveyard" (603.2) all trigger; Alice
    orders hers, Bob's goes on top (APNAP, 603.3b).  One outcome per color and order."""
    path, _ = write_inputs(tmp_path, board="""\
players: [{name: Alice, mana_pool: "{C}"}, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: star, card: Chromatic Star, controller: Alice}
- {id: infiltrator, card: Gixian Infiltrator, controller: Alice}
- {id: marauder, card: Fangren Marauder, controller: Bob}
""")
    code, out, _ = cli("next", path, "activate", "star", "--cards", CARDS, "--json")
    assert code == 0
    outcomes = json.loads(out)["outcomes"]
    activated = ("Alice activates star's mana ability 1 [{1}, {T}, Sacrifice this artifact: Add one mana of any "
                 "color.], paying {C}: adds {Any} (CR 605.3b, 106.4)")
    star = "put star-2 (Chromatic Star, star:2) on the stack"
    infiltrator = "put infiltrator-1 (Gixian Infiltrator, infiltrator:1) on the stack"
    marauder = "put marauder-1 (Fangren Marauder, marauder:1) on the stack"
    assert sorted((o["choices"][0], tuple(o["events"])) for o in outcomes) == sorted(
        (f"Alice sacrifices star, leaves {{{color}}} in the pool", (activated, *order, marauder))
        for color in "WUBRG" for order in ((star, infiltrator), (infiltrator, star)))


def test_destroyed_land_triggers_and_its_effect_is_refused(cli, tmp_path):
    """Stone Rain destroys Eumidian Hatchery (a land: it doesn't die, CR 700.4, but is put into a
    graveyard from the battlefield, 603.6c); its trigger goes on the stack; creating Insect tokens
    isn't modelled, so resolving it is refused with its text.  Fangren Marauder looks for artifacts."""
    path, _ = write_inputs(tmp_path, board="""\
players: [{name: Alice, hand: [Stone Rain], mana_pool: "{R}{R}{R}"}, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: hatchery, card: Eumidian Hatchery, controller: Bob, counters: {hatchling: 2}}
- {id: marauder, card: Fangren Marauder, controller: Alice}
""")
    code, out, _ = cli("next", path, "cast", "Stone Rain", "target=hatchery", "resolve", "--cards", CARDS, "--json")
    assert code == 0
    assert [o["events"] for o in json.loads(out)["outcomes"]] == [[
        "Alice casts Stone Rain as stone-rain targeting Eumidian Hatchery (hatchery), paying {R}{R}{R} (CR 601.2)",
        "stone-rain (Stone Rain) resolves (CR 608.2)", "destroy Eumidian Hatchery (hatchery) (CR 701.7a)",
        "Stone Rain is put into Alice's graveyard (CR 608.2n)",
        "put hatchery-2 (Eumidian Hatchery, hatchery:2) on the stack"]]
    assert cli("next", path, "cast", "Stone Rain", "target=hatchery", "resolve", "resolve", "--cards", CARDS) == (
        2, "", f"error: {path}: stack[0]: resolve: hatchery-2 (Eumidian Hatchery: \"for each hatchling counter on "
               "it, create a 1/1 black Insect creature token with flying\"): its effect isn't modelled (the card's "
               "`do:`), so the board it leaves can't be computed\n")


def test_only_a_creature_with_the_counter_triggers(cli, tmp_path):
    """Two Grizzly Bears with lethal damage die (CR 704.5g); only the one with a bounty counter, as
    it last existed (603.10a), triggers Bounty Board, whose effect on opponents isn't modelled."""
    path, _ = write_inputs(tmp_path, board="""\
players: [Alice, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: board, card: Bounty Board, controller: Alice}
- {id: marked, card: Grizzly Bears, controller: Bob, counters: {bounty: 1}, damage: 2}
- {id: bears, card: Grizzly Bears, controller: Bob, damage: 2}
""")
    code, out, _ = cli("next", path, "check", "--cards", CARDS, "--json")
    assert code == 0
    assert [o["events"] for o in json.loads(out)["outcomes"]] == [[
        "destroy bears (lethal damage, CR 704.5g)", "destroy marked (lethal damage, CR 704.5g)",
        "put board-3 (Bounty Board, board:3) on the stack"]]
    assert cli("next", path, "check", "resolve", "--cards", CARDS) == (
        2, "", f"error: {path}: stack[0]: resolve: board-3 (Bounty Board: \"each of its controller's opponents "
               "draws a card and gains 2 life\"): its effect isn't modelled (the card's `do:`), so the board it "
               "leaves can't be computed\n")


def test_a_planeswalker_dies(cli, tmp_path):
    """CR 700.4 (the glossary's "Dies"): a planeswalker put into its owner's graveyard with no loyalty
    (704.5i) dies; "Whenever a creature or planeswalker you control dies" triggers."""
    path, cards = write_inputs(tmp_path, cards="""\
format: pysolver-cards/1
cards:
- name: Last Stand Watcher
  types: [Enchantment]
  abilities:
  - triggered: {when: {event: dies, filter: {any_of: [{types: [Creature]}, {types: [Planeswalker]}]}, whose: you},
                do: [{gain_life: 1}], text: you gain 1 life}
- name: Test Walker
  types: [Planeswalker]
  subtypes: [Testa]
""", board="""\
players: [Alice, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: watcher, card: Last Stand Watcher, controller: Alice}
- {id: walker, card: Test Walker, controller: Alice, counters: {loyalty: 0}}
""")
    code, out, _ = cli("next", path, "check", "resolve", "--cards", cards, "--json")
    assert code == 0
    assert [o["events"] for o in json.loads(out)["outcomes"]] == [[
        "put into the graveyard: walker (loyalty 0, CR 704.5i)", "put watcher-1 (Last Stand Watcher, watcher:1) on "
        "the stack", "watcher-1 (Last Stand Watcher, watcher:1) resolves", "Alice gains 1 life (CR 119.3)"]]


def test_cards_leaving_a_graveyard_is_an_event_next_produces():
    """CR 603.2, 603.2c: `next cast` moves a card with flashback out of its graveyard (702.34a) and pays delve and
    costs that exile cards from a graveyard (702.66a, 601.2h): the trigger was once irrelevant ("no query
    moves a card out of a graveyard") and answered as if it didn't exist; now it compiles to the event
    leave_graveyard (oracle_graveyard_events.py), once for each event with "one or more"."""
    result = compile_card("Watcher", "Whenever one or more creature cards leave your graveyard, create a 0/1 green "
                          "Plant creature token, then put a +1/+1 counter on each Plant you control.\n{T}: Add {C}.",
                          "Land")
    assert result.status == "ok"
    assert result.card["abilities"][0] == {"triggered": {
        "when": {"event": "leave_graveyard", "whose": "you", "filter": {"types": ["Creature"]}, "batch": True},
        "text": "create a 0/1 green Plant creature token, then put a +1/+1 counter on each Plant you control"}}


def test_cards_put_into_exile_from_a_graveyard():
    """CR 406.2, 603.2c: only the cards exiled from the graveyard (to pay a cost), not a card cast from it
    (tests/cases/next/graveyard-leave.yaml)."""
    result = compile_card("Watcher", "Whenever one or more cards are put into exile from your graveyard, put that "
                          "many +1/+1 counters on this creature.", "Creature — Demon", power="4", toughness="4")
    assert (result.status, result.card["abilities"]) == ("ok", [{"triggered": {
        "when": {"event": "leave_graveyard", "whose": "you", "batch": True, "to": "exile"},
        "text": "put that many +1/+1 counters on Watcher"}}])
    assert compile_card("Watcher", "Whenever one or more cards are put into exile from your library and/or your "
                        "graveyard, put a +1/+1 counter on this creature.", "Creature — Demon", power="4",
                        toughness="4").status == "partial"  # a library: not read


@pytest.mark.parametrize(("text", "events"), [
    ("When this land is turned face up, add two mana of any one color. Until end of turn, you don't lose this mana "
     "as steps and phases end.", ["turned_face_up"]),
    ("Whenever a permanent you control is turned face up, draw a card.", ["turned_face_up"]),
    ("When this creature enters or is turned face up, create three 1/1 red Goblin creature tokens.",
     ["enters", "turned_face_up"]),
])
def test_turned_face_up_is_compiled(text, events):
    """CR 708.8: `next turn-face-up` turns a face-down permanent face up, so a trigger on that event is
    reached: compiled (oracle_face_up.py), one ability per event (it was irrelevant while no board held a
    face-down permanent, then not understood while no form read it)."""
    result = compile_card("Watcher", text + "\n{T}: Add {C}.", "Creature — Goblin", power="1", toughness="1")
    assert result.status == "ok"
    assert [a["triggered"]["when"]["event"] for a in result.card["abilities"] if "triggered" in a] == events


ECHO_BOARD = """\
players: [Alice, Bob]
turn: {number: 4, active: Alice, step: upkeep}
stack:
- {id: echo1, card: Albino Troll, source: troll, ability: echo, controller: Alice}
battlefield:
- {id: troll, card: Albino Troll, controller: Alice, entered: {turn: 3, step: end}}
- {id: marauder, card: Fangren Marauder, controller: Bob}
"""


def test_outcomes_refuses_a_sacrifice_that_triggers_a_leave_ability(cli, tmp_path):
    """Albino Troll's echo can't be paid (an empty pool), so it is sacrificed (CR 702.30a):
    Gixian Infiltrator's "you sacrifice another permanent" triggers (701.17a, 603.10a; the
    rule of asp/zone_change.lp, as pysolver next puts it on the stack).  outcomes doesn't put
    it on the stack, so it refuses; without the Infiltrator (Fangren Marauder looks for
    artifacts) the one outcome is the sacrifice."""
    path, _ = write_inputs(tmp_path, board=ECHO_BOARD)
    code, out, _ = cli("outcomes", path, "--cards", CARDS, "--json")
    assert code == 0
    assert json.loads(out)["outcomes"] == [{
        "probability": "1", "choices": [], "events": [{"event": "sacrifice", "cause": "echo", "object": "troll"}],
        "notes": [{"note": "echo_unpayable", "ability": "troll:echo"}]}]
    path, _ = write_inputs(tmp_path, board=ECHO_BOARD + "- {id: infiltrator, card: Gixian Infiltrator, "
                                                        "controller: Alice}\n")
    assert cli("outcomes", path, "--cards", CARDS) == (
        2, "", f"error: {path}: a permanent leaving the battlefield can trigger Gixian Infiltrator (infiltrator:1) "
               "(CR 603.10a); outcomes doesn't put leaves-the-battlefield triggers on the stack (pysolver next "
               "resolve does)\n")
    code, out, _ = cli("next", path, "resolve", "--cards", CARDS, "--json")
    assert code == 0
    assert [o["events"] for o in json.loads(out)["outcomes"]] == [[
        "echo1 (Albino Troll, troll:echo) resolves", "sacrifice troll (echo not paid)",
        "put infiltrator-1 (Gixian Infiltrator, infiltrator:1) on the stack"]]


def test_mana_lists_the_triggers_of_a_sacrifice_to_pay_its_cost(cli, tmp_path):
    """Chromatic Star sacrificed to pay its mana ability's cost (CR 701.17a): mana lists the three
    abilities it triggers (603.6c, 603.10a; asp/zone_change.lp, the rule pysolver next uses) as it
    lists a tapped-for-mana trigger that goes on the stack (605.5a), with each color; pay too."""
    path, _ = write_inputs(tmp_path, board="""\
players: [{name: Alice, mana_pool: "{C}"}, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: star, card: Chromatic Star, controller: Alice}
- {id: infiltrator, card: Gixian Infiltrator, controller: Alice}
- {id: marauder, card: Fangren Marauder, controller: Bob}
""")
    left = "trigger: leaves-the-battlefield "
    effects = ["sacrifice star", f"{left}infiltrator's ability: put a +1/+1 counter on Gixian Infiltrator",
               f"{left}marauder's ability: you may gain 5 life", f"{left}star's ability: draw a card"]
    code, out, _ = cli("mana", path, "star", "--cards", CARDS, "--json")
    assert code == 0
    assert [(o["mana"], o["effects"]) for o in json.loads(out)["outcomes"]] == [
        (f"{{{color}}}", effects) for color in "WUBRG"]
    code, out, _ = cli("pay", path, "Alice", "{B}", "--cards", CARDS)
    assert code == 0
    assert "; ".join(effects) in out


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever a Mutant you control dies during your turn, you draw cards equal to its power.",
     {"event": "dies", "filter": {"subtypes": ["Mutant"]}, "whose": "you", "during": "you"}),
    ("Whenever one or more cards leave your graveyard during an opponent's turn, draw a card.",
     {"event": "leave_graveyard", "whose": "you", "batch": True, "during": "opponent"}),
    ("Whenever you sacrifice another nontoken permanent during your turn, draw a card.",
     {"event": "sacrifice", "filter": {"token": False, "other": True}, "whose": "you", "during": "you"}),
])
def test_an_event_during_a_turn(text, when):
    """CR 603.2: "during your turn" limits the event to that player's turn (oracle_turn_events.py; judged by
    asp/trigger_limits.lp as the event happens)."""
    result = compile_card("Watcher", text, "Creature — Spirit")
    assert result.status == "ok"
    assert result.card["abilities"][0]["triggered"]["when"] == when


def test_an_event_during_a_turn_whose_rules_dont_read_it_is_not_understood():
    """"Whenever you commit a crime during your turn": the crime rule doesn't judge the turn: not read (a life
    gain's does since session 45: asp/player_events.lp's player_trigger)."""
    result = compile_card("Watcher", "Whenever you commit a crime during your turn, draw a card.", "Creature — Spirit")
    assert result.status == "partial"
