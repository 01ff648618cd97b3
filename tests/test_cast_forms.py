"""Cast triggers judged on the turn, the zone a spell is cast from and kicking (CR 603.2, 601.2a,
702.33d), and "This ability triggers only once each turn" (603.2: the board's
triggered_this_turn), issue 13.  The cases are tests/cases/next/cast-conditions.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from pysolver.cards.oracle import compile_card

from helpers import write_inputs

CASES = Path(__file__).parent / "cases" / "next"
CARDS = CASES / "cast-conditions.yml"


def trigger(text: str, type_line: str = "Enchantment") -> dict:
    result = compile_card("Watcher", text, type_line)
    assert result.status == "ok", result.ignored
    return result.card["abilities"][0]["triggered"]["when"]


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever you cast a spell during an opponent's turn, you gain 1 life.",
     {"event": "cast", "whose": "you", "during": "opponent"}),
    ("Whenever an opponent casts a blue spell during your turn, you gain 1 life.",
     {"event": "cast", "filter": {"colors": ["U"]}, "whose": "opponent", "during": "you"}),
    ("Whenever an opponent casts a spell during their turn, you gain 1 life.",
     {"event": "cast", "whose": "opponent", "during": "caster"}),
    ("Whenever you cast your first spell during each opponent's turn, you gain 1 life.",
     {"event": "cast", "whose": "you", "nth_each_turn": 1, "during": "opponent"}),
    ("Whenever you cast your first spell during each of your turns, you gain 1 life.",
     {"event": "cast", "whose": "you", "nth_each_turn": 1, "during": "you"}),
    ("Whenever you cast a spell from exile, you gain 1 life.", {"event": "cast", "whose": "you", "cast_from": "exile"}),
    ("Whenever you cast a spell from your graveyard, you gain 1 life.",
     {"event": "cast", "whose": "you", "cast_from": "graveyard"}),
    ("Whenever an opponent casts a spell from anywhere other than their hand, you gain 1 life.",
     {"event": "cast", "whose": "opponent", "cast_from": "not_hand"}),
    ("Whenever you cast an instant spell from your hand, you gain 1 life.",
     {"event": "cast", "filter": {"types": ["Instant"]}, "whose": "you", "cast_from": "hand"}),
    ("Whenever you cast a kicked spell, you gain 1 life.", {"event": "cast", "whose": "you", "kicked": True}),
    ("Whenever you cast a noncreature spell, you gain 1 life. This ability triggers only once each turn.",
     {"event": "cast", "filter": {"not_types": ["Creature"]}, "whose": "you", "once_each_turn": True}),
    ("Whenever another artifact you control enters, you gain 1 life. This ability triggers only once each turn.",
     {"event": "permanent_enters", "filter": {"types": ["Artifact"], "other": True}, "whose": "you",
      "once_each_turn": True}),
    ("Whenever you cast a spell that targets Watcher, you gain 1 life.",
     {"event": "cast", "whose": "you", "targets": {"self": True}}),
    ("Whenever you cast an instant or sorcery spell that targets a creature you control, you gain 1 life.",
     {"event": "cast", "filter": {"any_of": [{"types": ["Instant"]}, {"types": ["Sorcery"]}]}, "whose": "you",
      "targets": {"filter": {"types": ["Creature"]}, "whose": "you"}}),
    ("Whenever you cast a spell that targets one or more creatures, you gain 1 life.",
     {"event": "cast", "whose": "you", "targets": {"filter": {"types": ["Creature"]}, "whose": "any"}}),
    # CR 601.2c: one target of the spell matches, as "a creature or Vehicle you control" (Arcee, Acrobatic Coupe; the
    # plural was read for six card types only)
    ("Whenever you cast a spell that targets one or more creatures or Vehicles you control, you gain 1 life.",
     {"event": "cast", "whose": "you", "targets": {"filter": {"any_of": [{"types": ["Creature"]},
                                                                        {"subtypes": ["Vehicle"]}]}, "whose": "you"}}),
    ("Whenever an opponent casts a spell that targets one or more Elves you control, you gain 1 life.",
     {"event": "cast", "whose": "opponent", "targets": {"filter": {"subtypes": ["Elf"]}, "whose": "you"}}),
    ("Whenever you cast a spell you don't own, you gain 1 life.", {"event": "cast", "whose": "you", "not_owned": True}),
    ("Whenever you sacrifice a creature, draw a card. This ability triggers only once each turn.",
     {"event": "sacrifice", "filter": {"types": ["Creature"]}, "whose": "you", "once_each_turn": True}),
])
def test_cast_conditions_and_once_each_turn(text, when):
    assert trigger(text) == when


@pytest.mark.parametrize("type_line", ["Creature — Eldrazi", "Instant"])
def test_when_you_cast_this_spell(type_line):
    """CR 601.2i, 113.6k: a trigger of the spell itself, its effect kept as text."""
    result = compile_card("Watcher", "When you cast this spell, each opponent loses 2 life.", type_line)
    assert (result.status, result.card["abilities"]) == ("ok", [{"triggered": {
        "when": {"event": "cast_self"}, "text": "each opponent loses 2 life"}}])


def test_the_limit_of_an_irrelevant_ability_is_irrelevant():
    """A trigger no query produces (a combat trigger): its limit concerns no query either."""
    result = compile_card("Watcher", "Whenever a creature you control attacks, scry 1. This ability triggers only "
                          "once each turn.", "Enchantment")
    assert [(s["class"], s["why"]) for s in result.sentences][1] == (
        "irrelevant", "how often the ability above triggers, which is itself irrelevant to every query (as it says)")


@pytest.mark.parametrize("text", [
    # damage between the ability and its limit: more of its effect, which its do would leave out
    "Whenever another artifact you control enters, put a +1/+1 counter on ~. It deals 2 damage to each opponent. "
    "This ability triggers only once each turn.",
    # a limit with no ability before it
    "This ability triggers only once each turn.",
    # "their turn" of the ability's own controller's spells says nothing more
    "Whenever you cast a spell during their turn, you gain 1 life.",
])
def test_left_not_understood(text):
    assert compile_card("Watcher", text, "Enchantment").status == "partial"


BASIM_BOARD = """\
players:
- name: Alice
  hand: [Ornithopter, Ornithopter]
  library: [Island, Island, Island]
- Bob
turn: {number: 3, active: Alice, step: end}
battlefield:
- {id: basim, card: Basim Ibn Ishaq, controller: Alice%s}
"""


def test_next_records_the_trigger_and_a_new_turn_forgets_it(cli, tmp_path):
    """CR 603.2: the board next writes records the ability that triggered this turn; the next
    turn starts afresh."""
    board, _ = write_inputs(tmp_path, board=BASIM_BOARD.replace("step: end", "step: precombat_main") % "")
    code, out, err = cli("next", board, "cast", "Ornithopter", "--cards", CARDS, "--json")
    assert code == 0, err
    (outcome,) = yaml.safe_load(out)["outcomes"]
    assert [p.get("triggered_this_turn") for p in outcome["board"]["battlefield"]] == [[1]]
    board, _ = write_inputs(tmp_path, board=BASIM_BOARD % ", triggered_this_turn: [1]")
    code, out, err = cli("next", board, "pass", "--cards", CARDS, "--json")
    assert code == 0, err
    for outcome in yaml.safe_load(out)["outcomes"]:
        assert outcome["board"]["turn"]["number"] == 4
        assert [p.get("triggered_this_turn") for p in outcome["board"]["battlefield"]] == [None]


def test_triggered_this_turn_names_a_limited_triggered_ability(cli, tmp_path):
    board, _ = write_inputs(tmp_path, board=BASIM_BOARD % ", triggered_this_turn: [2]")
    code, out, err = cli("next", board, "pass", "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err == (f"error: {board}: 8:78: battlefield[0].triggered_this_turn: 2 is not one of Basim Ibn Ishaq's "
                   "triggered abilities that trigger only once each turn (CR 603.2); whether another one triggered "
                   "changes nothing\n")


SPELL_SOURCE = """\
players: [Alice, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
stack:
- {id: spell, card: %s, controller: Alice}
- {id: spell-1, card: Spawn-Gang Commander, controller: Alice, source: spell, ability: %d}
"""


@pytest.mark.parametrize(("card", "number", "error"), [
    ("Ornithopter", 1, "stack[1].card: the source 'spell' is a Ornithopter spell, not a Spawn-Gang Commander"),
    ("Spawn-Gang Commander", 2, "stack[1].ability: Spawn-Gang Commander has no \"When you cast this spell\" "
                                "ability 2 (CR 601.2i); a spell on the stack is the source of that only"),
])
def test_a_spell_is_the_source_of_its_own_cast_trigger_only(cli, tmp_path, card, number, error):
    board, _ = write_inputs(tmp_path, board=SPELL_SOURCE % (card, number))
    code, out, err = cli("next", board, "resolve", "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err.startswith(f"error: {board}: ") and err.endswith(f": {error}\n"), err


ONLY = "it triggers only for a spell whose every target is {}, which next doesn't judge (CR 601.2c, 115.1)"


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever you cast a spell that targets only Watcher, you gain 1 life.",
     {"event": "cast", "whose": "you", "targets": {"self": True}, "unjudged": ONLY.format("it")}),
    ("Whenever you cast an instant or sorcery spell that targets only a single creature you control, you gain 1 life.",
     {"event": "cast", "filter": {"any_of": [{"types": ["Instant"]}, {"types": ["Sorcery"]}]}, "whose": "you",
      "targets": {"filter": {"types": ["Creature"]}, "whose": "you"},
      "unjudged": ONLY.format("a creature you control")}),
])
def test_targets_only_is_kept_unjudged(text, when):
    """CR 601.2c, 115.1: "only": every target of the spell, which no rule reads; judged as "a spell that targets it",
    and refused where that triggers it."""
    assert trigger(text) == when


def test_next_refuses_a_spell_that_targets_it(cli, tmp_path):
    path, cards = write_inputs(tmp_path, board="""\
players: [{name: Alice, hand: [Giant Growth], mana_pool: '{G}'}, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield: [{id: golem, card: Reflective Golem, controller: Alice}]
""", cards={"format": "pysolver-oracle/1", "cards": [
        {"name": "Reflective Golem", "mana_cost": "{3}", "types": ["Artifact", "Creature"], "subtypes": ["Golem"],
         "power": 2, "toughness": 3, "oracle": "Whenever you cast an instant or sorcery spell that targets only this "
         "creature, you may pay {2}. If you do, copy that spell. You may choose new targets for the copy."}]})
    code, out, err = cli("next", path, "cast", "Giant Growth", "target=golem", "--cards", cards,
                         "--cards", CASES / "targets.yml")
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (cast Giant Growth target=golem): cast Giant Growth: golem's \"you may pay "
                   "{2}. If you do, copy that spell. You may choose new targets for the copy\" would trigger (CR 603.2, "
                   "601.2i), and " + ONLY.format("it") + "\n")
