"""Triggered abilities of real cards compiled for `pysolver next` (issue 13): cast triggers whose
spell filter is judged on the card (CR 603.2, 601.2i), "you may" (603.5), counters on the
source (122.1), life lost (119.3); what stays refused, and why."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from pysolver import schemas
from pysolver.cards.oracle import compile_card

from helpers import write_inputs

CASES = Path(__file__).parent / "cases" / "next"


def trigger(text: str, type_line: str = "Artifact") -> dict:
    result = compile_card("Watcher", text + "\n{T}: Add {C}.", type_line)
    assert result.status == "ok", result.ignored
    return result.card["abilities"][0]["triggered"]


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever you cast a Spirit or Arcane spell, you gain 1 life.",
     {"event": "cast", "filter": {"any_of": [{"subtypes": ["Spirit"]}, {"subtypes": ["Arcane"]}]},
      "whose": "you"}),
    ("Whenever you cast a planeswalker spell, you gain 1 life.",
     {"event": "cast", "filter": {"types": ["Planeswalker"]}, "whose": "you"}),
    ("Whenever you cast a spell with {X} in its mana cost, you gain 1 life.",
     {"event": "cast", "filter": {"x_in_mana_cost": True}, "whose": "you"}),
    ("Whenever you cast a creature spell with mana value 7 or greater, you gain 1 life.",
     {"event": "cast", "filter": {"types": ["Creature"], "min_mana_value": 7}, "whose": "you"}),
    ("Whenever you cast a spell, you gain 1 life.", {"event": "cast", "whose": "you"}),
    ("Whenever an opponent casts a blue or black spell, you gain 1 life.",
     {"event": "cast", "filter": {"any_of": [{"colors": ["U"]}, {"colors": ["B"]}]}, "whose": "opponent"}),
    ("Whenever you cast or copy an instant or sorcery spell, you gain 1 life.",
     {"event": "cast", "filter": {"any_of": [{"types": ["Instant"]}, {"types": ["Sorcery"]}]}, "whose": "you",
      "or_copy": True}),
    ("Whenever you cast a legendary spell, you gain 1 life.",
     {"event": "cast", "filter": {"supertypes": ["Legendary"]}, "whose": "you"}),
])
def test_cast_trigger_spell_filters(text, when):
    """CR 603.2, 601.2i: the spell a cast trigger looks for, as a filter on its card."""
    assert trigger(text) == {"when": when, "do": [{"gain_life": 1}], "text": "you gain 1 life"}


@pytest.mark.parametrize(("effect", "data"), [
    ("you may put a ki counter on this creature", {"do": [{"counter_on_self": "ki"}], "may": True}),
    ("put two charge counters on this artifact", {"do": [{"counter_on_self": {"kind": "charge", "count": 2}}]}),
    ("you draw a card and you lose 1 life", {"do": [{"draw": 1}, {"lose_life": 1}]}),
    ("you lose 2 life", {"do": [{"lose_life": 2}]}),
    ("you may draw a card", {"do": [{"draw": 1}], "may": True}),
])
def test_cast_trigger_effects(effect, data):
    """CR 122.1, 121.1, 119.3, 603.5: the effects next applies."""
    found = trigger(f"Whenever you cast a creature spell, {effect}.", "Creature — Spirit")
    assert {k: v for k, v in found.items() if k in ("do", "may")} == data


@pytest.mark.parametrize("text", [
    "Whenever you cast an Adventure spell, you gain 1 life.",  # a card with an Adventure, not a subtype
    "Whenever you cast a historic multicolored Wizard or Cleric spell, you gain 1 life.",  # two "any of"
    "Whenever you cast a LOUD spell, draw a card.",
    "Whenever a player casts their second spell during their turn, draw a card.",  # not "each turn"
    "Whenever you cast your fifth spell each turn, draw a card.",
    "Whenever you cast a creature spell, if it has mutate, draw a card.",  # another intervening "if"
    # no rules word, yet a trigger next puts on the stack: never "irrelevant"
    "Whenever you cast an Adventure spell, draw a card.",
])
def test_cast_trigger_filters_left_unread(text):
    """A spell filter the rules don't judge leaves the sentence not understood (the card is partial)."""
    result = compile_card("Watcher", text + "\n{T}: Add {C}.", "Artifact")
    assert (result.status, result.ignored) == ("partial", [text])


def test_you_may_with_an_unmodelled_effect_keeps_its_text():
    """A "you may" whose effect next doesn't apply keeps only its text (resolving it is refused)."""
    found = trigger("Whenever you cast a creature spell, you may return target land to its owner's hand.")
    assert found == {"when": {"event": "cast", "filter": {"types": ["Creature"]}, "whose": "you"},
                     "text": "you may return target land to its owner's hand"}


WATCHERS = """\
format: pysolver-cards/1
cards:
- name: Red Watcher
  types: [Enchantment]
  abilities:
  - triggered: {when: {event: cast, filter: {colors: [R]}, whose: you}, do: [{gain_life: 1}], text: you gain 1 life}
- name: Goblin Watcher
  types: [Enchantment]
  abilities:
  - triggered: {when: {event: cast, filter: {subtypes: [Goblin]}, whose: you}, do: [{gain_life: 1}],
                text: you gain 1 life}
- name: Void Goblin
  mana_cost: "{R}"
  types: [Creature]
  subtypes: [Goblin]
  keywords: [Devoid]
- name: Shifter
  mana_cost: "{R}"
  types: [Creature]
  subtypes: [Shapeshifter]
  keywords: [Changeling]
"""


def test_devoid_spell_is_colorless(cli, tmp_path):
    """CR 702.114a: a devoid spell is colorless; a "red spell" trigger doesn't see it, a Goblin one does."""
    path, cards = write_inputs(tmp_path, cards=WATCHERS, board="""\
players: [{name: Alice, hand: [Void Goblin], mana_pool: "{R}"}, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: red, card: Red Watcher, controller: Alice}
- {id: goblin, card: Goblin Watcher, controller: Alice}
""")
    code, out, _ = cli("next", path, "cast", "Void Goblin", "--cards", cards, "--json")
    assert code == 0
    [outcome] = json.loads(out)["outcomes"]
    assert [e for e in outcome["events"] if e.startswith("put ")] == [
        "put goblin-1 (Goblin Watcher, goblin:1) on the stack"]


def test_changeling_spell_is_every_creature_type_for_a_cast_trigger(cli, tmp_path):
    """CR 702.73a: a changeling card is every creature type: a Goblin spell for "Whenever you cast a
    Goblin spell"."""
    path, cards = write_inputs(tmp_path, cards=WATCHERS, board="""\
players: [{name: Alice, hand: [Shifter], mana_pool: "{R}"}, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: goblin, card: Goblin Watcher, controller: Alice}
""")
    code, out, _ = cli("next", path, "cast", "Shifter", "--cards", cards, "--json")
    assert code == 0
    [outcome] = json.loads(out)["outcomes"]
    assert [e for e in outcome["events"] if e.startswith("put ")] == [
        "put goblin-1 (Goblin Watcher, goblin:1) on the stack"]


def test_outcomes_you_may_validates(cli, tmp_path):
    """The outcomes --json of a "you may" choice and of two counters at once fits its schema."""
    path, _ = write_inputs(tmp_path, board="""\
players: [Alice, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield:
- {id: baku, card: Petalmane Baku, controller: Alice}
- {id: palette, card: Elementalist's Palette, controller: Alice}
stack:
- {id: blaze, card: Blaze, controller: Alice, x: 1}
- {id: baku-1, card: Petalmane Baku, controller: Alice, source: baku, ability: 1}
- {id: palette-1, card: Elementalist's Palette, controller: Alice, source: palette, ability: 1}
""")
    code, out, _ = cli("outcomes", path, "--cards", CASES / "cast-triggers.yml", "--json")
    assert code == 0
    document = json.loads(out)
    jsonschema.Draft202012Validator(schemas.output_schema("outcomes")).validate(document)
    assert document["resolving"] == ["palette:1"]
    assert [o["events"] for o in document["outcomes"]] == [
        [{"event": "counter", "kind": "charge", "object": "palette", "count": 2}]]


@pytest.mark.parametrize(("text", "triggered"), [
    ("Whenever a creature with power 4 or greater enters the battlefield under your control, draw a card.",
     {"when": {"event": "permanent_enters", "filter": {"types": ["Creature"], "power_at_least": 4},
               "whose": "you"}, "text": "draw a card", "do": [{"draw": 1}]}),
    ("Whenever an artifact enters under an opponent's control, you may put a charge counter on this artifact.",
     {"when": {"event": "permanent_enters", "filter": {"types": ["Artifact"]}, "whose": "opponent"},
      "text": "you may put a charge counter on Watcher", "do": [{"counter_on_self": "charge"}], "may": True}),
    ("Whenever a Dragon you control enters, you lose 1 life.",
     {"when": {"event": "permanent_enters", "filter": {"subtypes": ["Dragon"]}, "whose": "you"},
      "text": "you lose 1 life", "do": [{"lose_life": 1}]}),
])
def test_enters_under_a_players_control(text, triggered):
    """CR 603.2, 603.6a: "enters [the battlefield] under your control" is "you control enters"."""
    assert trigger(text) == triggered


def test_graveyard_condition_counts_instants_and_sorceries():
    """Curious Homunculus of graveyard-condition.yml (the compiler's output, tests/test_stored_cards.py): its
    upkeep trigger's intervening "if" counts instant and sorcery cards in its controller's graveyard (CR 603.4)."""
    [card, *_] = yaml.safe_load((CASES / "graveyard-condition.yml").read_text("utf-8"))["cards"]
    assert card["abilities"][1]["triggered"]["if"] == {"graveyard_count": {"at_least": 3, "filter": {
        "any_of": [{"types": ["Instant"]}, {"types": ["Sorcery"]}]}}}


def test_transform_is_refused_on_resolution(cli, tmp_path):
    """Its effect (transform) isn't modelled: next puts the trigger on the stack and refuses to resolve it."""
    path, _ = write_inputs(tmp_path, board="""\
players: [{name: Alice, graveyard: [Lava Spike, Blaze, Lava Spike]}, Bob]
turn: {number: 4, active: Alice, step: untap}
battlefield:
- {id: homunculus, card: 'Curious Homunculus // Voracious Reader', controller: Alice}
""")
    code, out, err = cli("next", path, "pass", "resolve", "--cards", CASES / "graveyard-condition.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: stack[0]: resolve: homunculus-2 (Curious Homunculus // Voracious Reader: "
                   "\"transform Curious Homunculus // Voracious Reader\"): its effect isn't modelled (the card's "
                   "`do:`), so the board it leaves can't be computed\n")


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever another creature you control with power 2 or less enters, you gain 1 life.",
     {"event": "permanent_enters", "filter": {"power_at_most": 2, "types": ["Creature"], "other": True},
      "whose": "you"}),
    ("Whenever a creature you control with toughness 4 or greater dies, draw a card.",
     {"event": "dies", "filter": {"toughness_at_least": 4, "types": ["Creature"]}, "whose": "you"}),
    ("Whenever a creature with toughness 1 or less dies, draw a card.",
     {"event": "dies", "filter": {"toughness_at_most": 1, "types": ["Creature"]}, "whose": "any"}),
    ("Whenever an artifact you control with mana value 3 or greater enters, you gain 1 life.",
     {"event": "permanent_enters", "filter": {"min_mana_value": 3, "types": ["Artifact"]}, "whose": "you"}),
    ("Whenever a creature you control with mana value 2 or less dies, you gain 1 life.",
     {"event": "dies", "filter": {"max_mana_value": 2, "types": ["Creature"]}, "whose": "you"}),
])
def test_trigger_filters_on_power_toughness_and_mana_value(text, when):
    """CR 208.1, 202.3: "with power N or less", "with toughness N or greater", "with mana value N or
    less / greater" bound the objects a trigger looks at (asp/filter_conditions.lp, objects.lp)."""
    assert trigger(text)["when"] == when


def test_a_trigger_that_returns_its_card_from_a_graveyard_is_no_battlefield_trigger():
    """CR 113.6m: "you may return this card from your graveyard to the battlefield" is an ability of
    the card in a graveyard, not of a permanent: no battlefield trigger is compiled for it; the card
    keeps it as a graveyard trigger, partial where it is in a graveyard (tests/test_graveyard_triggers.py)."""
    text = ("When a creature with mana value 6 or greater enters, you may return this card from your graveyard to "
            "the battlefield attached to that creature.")
    result = compile_card("Watcher", text, "Enchantment")
    assert (result.status, result.card.get("abilities"), result.card.get("graveyard_triggers")) == ("ok", None, [text])


@pytest.mark.parametrize(("text", "triggered"), [
    ("Whenever you discard a card, you lose 1 life.",
     {"when": {"event": "discard", "whose": "you"}, "do": [{"lose_life": 1}], "text": "you lose 1 life"}),
    ("Whenever an opponent discards a card, you may gain 3 life.",
     {"when": {"event": "discard", "whose": "opponent"}, "do": [{"gain_life": 3}], "may": True,
      "text": "you may gain 3 life"}),
    ("Whenever a player discards a card, draw a card.",
     {"when": {"event": "discard", "whose": "any"}, "do": [{"draw": 1}], "text": "draw a card"}),
    ("Whenever you discard a card, you may exile that card from your graveyard.",  # the event's card: text only
     {"when": {"event": "discard", "whose": "you"}, "text": "you may exile that card from your graveyard"}),
])
def test_discard_triggers(text, triggered):
    """CR 603.2, 701.8a: "Whenever [you / an opponent / a player] discard(s) a card" triggers once for each
    card discarded (asp/player_events.lp)."""
    assert trigger(text) == triggered


@pytest.mark.parametrize("text", [
    # (a filter of cards on the card discarded is read: tests/test_discard_cards.py)
    "Whenever you discard a card with flashback, draw a card.",  # a keyword of a card in a hand: not judged
    "Whenever you discards a card, draw a card.",
])
def test_discard_triggers_left_unread(text):
    result = compile_card("Watcher", text, "Artifact")
    assert (result.status, result.ignored) == ("partial", [text])


def test_play_a_land_or_cast_a_spell_is_two_abilities():
    """CR 603.2, 305.1, 601.2i: "Whenever you play a land or cast a spell, ...": each event triggers it, compiled
    as one ability per event with the same effect."""
    result = compile_card("Watcher", "Whenever you play a land or cast a spell, you gain 1 life.", "Artifact")
    assert result.status == "ok"
    assert [a["triggered"] for a in result.card["abilities"]] == [
        {"when": {"event": "play_land", "whose": "you"}, "do": [{"gain_life": 1}], "text": "you gain 1 life"},
        {"when": {"event": "cast", "whose": "you"}, "do": [{"gain_life": 1}], "text": "you gain 1 life"}]


@pytest.mark.parametrize("text", [
    # (playing a land or casting a spell from exile never happens in a query: tests/test_reflexive_triggers.py)
    "Whenever you play a land, if it wasn't the first land you played this turn, you lose 1 life.",
])
def test_play_land_triggers_left_unread(text):
    result = compile_card("Watcher", text, "Artifact")
    assert (result.status, result.ignored) == ("partial", [text])


@pytest.mark.parametrize(("text", "triggered"), [
    ("When this creature becomes the target of a spell or ability, sacrifice it.",
     {"when": {"event": "becomes_target", "by": "spell_or_ability", "whose": "any"}, "do": [{"sacrifice_self": True}],
      "text": "sacrifice it"}),
    ("When this creature becomes the target of a spell, return this creature to its owner's hand.",
     {"when": {"event": "becomes_target", "by": "spell", "whose": "any"}, "do": [{"return_self_to_hand": True}],
      "text": "return Watcher to its owner's hand"}),
    ("Whenever this creature becomes the target of a spell or ability an opponent controls, you may draw two cards.",
     {"when": {"event": "becomes_target", "by": "spell_or_ability", "whose": "opponent"}, "do": [{"draw": 2}],
      "may": True, "text": "you may draw two cards"}),
    ("Whenever this creature becomes the target of a spell you control, it connives.",
     {"when": {"event": "becomes_target", "by": "spell", "whose": "you"}, "text": "it connives"}),
])
def test_becomes_the_target_triggers(text, triggered):
    """CR 603.2, 115.1: its source becoming the target of a spell (or ability) next casts (or activates)."""
    assert trigger(text, "Creature — Illusion") == triggered


@pytest.mark.parametrize("text", [
    # a player as a target: next's target events are permanents'; "one or more" and an activated ability alone
    "Whenever you become the target of a spell, you may untap this creature.",
    "Whenever one or more creatures you control become the target of an activated ability, draw a card.",
])
def test_becomes_the_target_left_unread(text):
    result = compile_card("Watcher", text, "Creature — Illusion")
    assert result.status == "partial"


@pytest.mark.parametrize(("text", "when"), [
    ("Eerie — Whenever an enchantment you control enters and whenever you fully unlock a Room, each opponent loses "
     "1 life.", {"event": "permanent_enters", "filter": {"types": ["Enchantment"]}, "whose": "you"}),
    ("Eerie — Whenever this creature or another enchantment you control enters and whenever you fully unlock a "
     "Room, surveil 1.", {"event": "permanent_enters", "filter": {"types": ["Enchantment"], "other": True},
                          "whose": "you", "or_self": True}),
])
def test_fully_unlocking_a_room_never_happens_in_a_query(text, when):
    """CR 709.5i, 709.5e: no action of next unlocks a door (and a Room enters with at most one half
    unlocked, 709.5d): the ability is its entering event alone, and says why (oracle_unlock.py)."""
    result = compile_card("Watcher", text, "Creature — Spirit")
    assert result.status == "ok"
    (ability,) = result.card["abilities"]
    assert ability["triggered"]["when"] == when
    assert "fully unlocking a Room, never happens in a query" in result.sentences[0]["why"]


def test_fully_unlocking_beside_unlocking_this_door():
    """The first event is read alone: "When you unlock this door" (709.5h) is the door entering from a spell cast as
    that half (709.5d, tests/test_cast_ifs.py); fully unlocking never happens in a query."""
    result = compile_card("Watcher", "When you unlock this door and whenever you fully unlock a Room, draw a card.",
                          "Enchantment — Room")
    assert result.status == "ok"
    assert result.card["abilities"] == [{"triggered": {"when": {"event": "enters"}, "if": {"cast": True},
                                                       "text": "draw a card", "do": [{"draw": 1}]}}]
    assert result.sentences[0]["why"].endswith("its other event, fully unlocking a Room, never happens in a query: no "
                                               "action of next unlocks a door, and a Room enters with at most the "
                                               "half cast unlocked (CR 709.5d, 709.5e, 709.5i)")
