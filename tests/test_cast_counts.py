"""Cast triggers on the caster's Nth spell each turn and on spells no filter read before
(colorless, multicolored, historic, outlaw, permanent spells; CR 603.2, 105.2, 700.6, 700.12),
"if at least N mana was spent to cast it" (603.4, 601.2h), conditions no board records (refused
where they would trigger), and the board's spells_cast_this_turn (issue 13).  The ruling cases
are tests/cases/next/cast-counts.yaml."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pysolver
from pysolver.cards.oracle import compile_card

from helpers import write_inputs

CARDS = Path(__file__).parent / "cases" / "next" / "cast-counts.yml"
OUTLAWS = [{"subtypes": [k]} for k in ("Assassin", "Mercenary", "Pirate", "Rogue", "Warlock")]


def trigger(text: str) -> dict:
    result = compile_card("Watcher", text + "\n{T}: Add {C}.", "Artifact")
    assert (result.status, result.ignored) == ("ok", [])
    return result.card["abilities"][0]["triggered"]


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever you cast your second spell each turn, investigate.",
     {"event": "cast", "whose": "you", "nth_each_turn": 2}),
    ("Whenever an opponent casts their first spell each turn, you gain 1 life.",
     {"event": "cast", "whose": "opponent", "nth_each_turn": 1}),
    ("Whenever you cast your first outlaw spell each turn, you draw a card and you lose 1 life.",
     {"event": "cast", "filter": {"any_of": OUTLAWS}, "whose": "you", "nth_each_turn": 1}),
    ("Whenever you cast your first Human creature spell each turn, you gain 1 life.",
     {"event": "cast", "filter": {"types": ["Creature"], "subtypes": ["Human"]}, "whose": "you", "nth_each_turn": 1}),
    ("Whenever you cast a colorless spell with mana value 7 or greater, you gain 1 life.",
     {"event": "cast", "filter": {"colorless": True, "min_mana_value": 7}, "whose": "you"}),
    ("Whenever a player casts a multicolored spell, you gain 1 life.",
     {"event": "cast", "filter": {"multicolored": True}, "whose": "any"}),
    ("Whenever you cast a historic spell, you gain 1 life.",
     {"event": "cast", "filter": {"any_of": [{"types": ["Artifact"]}, {"supertypes": ["Legendary"]},
                                             {"subtypes": ["Saga"]}]}, "whose": "you"}),
    ("Whenever you cast a green permanent spell, you gain 1 life.",
     {"event": "cast", "filter": {"colors": ["G"], "any_of": [{"types": [t]} for t in (
         "Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")]}, "whose": "you"}),
])
def test_cast_trigger_events(text, when):
    assert trigger(text)["when"] == when


def test_mana_spent_is_an_intervening_if():
    """CR 603.4, 601.2h: "if at least four mana was spent to cast it"."""
    found = trigger("Whenever you cast a noncreature spell, if at least four mana was spent to cast it, "
                    "put a +1/+1 counter on this artifact.")
    assert found == {"when": {"event": "cast", "filter": {"not_types": ["Creature"]}, "whose": "you"},
                     "if": {"mana_spent_at_least": 4}, "do": [{"counter_on_self": "+1/+1"}],
                     "text": "put a +1/+1 counter on Watcher"}


@pytest.mark.parametrize(("text", "why"), [
    ("Whenever you cast a creature spell, if three or more mana from creatures was spent to cast it, draw a card.",
     "it reads which permanents produced the mana spent on the spell (CR 601.2h, 106.3), which no board records"),
    ("Whenever you cast a creature spell that doesn't share a creature type with a creature card in your "
     "library, draw a card.",
     "it reads the creature types of the cards in your library, which next doesn't judge"),
])
def test_conditions_no_board_records_are_kept_to_refuse(text, why):
    found = trigger(text)
    assert (found["when"]["unjudged"], found["when"]["filter"], found["do"]) == (why, {"types": ["Creature"]},
                                                                                 [{"draw": 1}])


@pytest.mark.parametrize(("name", "type_line", "text"), [
    ("Lavinia, Foil to Conspiracy", "Legendary Creature — Human Detective",
     "Vigilance\nWhenever you cast your second spell each turn, investigate.\n{T}: Add {C}{C}. Activate only "
     "during an opponent's turn."),
    ("Torgal, A Fine Hound", "Legendary Creature — Wolf",
     "Whenever you cast your first Human creature spell each turn, that creature enters with an additional +1/+1 "
     "counter on it for each Dog and/or Wolf you control.\n{T}: Add one mana of any color."),
    ("Jeskai Devotee", "Creature — Orc Monk",
     "Flurry — Whenever you cast your second spell each turn, this creature gets +1/+1 until end of turn.\n"
     "{1}: Add {U}, {R}, or {W}. Activate only once each turn."),
    ("Sanctum of Ugin", "Land",
     "{T}: Add {C}.\nWhenever you cast a colorless spell with mana value 7 or greater, you may sacrifice this land. "
     "If you do, search your library for a colorless creature card, reveal it, put it into your hand, then shuffle."),
    ("Menagerie Curator", "Creature — Human Citizen",
     "{T}: Add one mana of any one color. Spend this mana only to cast a creature spell.\nWhenever you cast a "
     "creature spell that doesn't share a creature type with a creature card in your library, draw a card."),
])
def test_cards_classified(name, type_line, text):
    """Every sentence of the cast trigger is compiled (its effect kept as text where no form reads it)."""
    result = compile_card(name, text, type_line)
    casts = [s for s in result.sentences if "cast" in s["text"] and "Spend" not in s["text"]]
    assert result.status == "ok"
    assert {(s["class"], s["why"]) for s in casts} == {
        ("compiled", "a triggered ability when a spell is cast (CR 603.2, 601.2i)")}


def test_first_matching_spell_after_other_spells_is_refused(cli, tmp_path):
    """The board counts Alice's spells, not which were outlaws: Pirate Kid may or may not be her first."""
    path, _ = write_inputs(tmp_path, board="""\
players: [{name: Alice, hand: [Pirate Kid], mana_pool: '{R}', spells_cast_this_turn: 1}, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield: [{id: retreat, card: Discreet Retreat, controller: Alice}]
""")
    code, out, err = cli("next", path, "cast", "Pirate Kid", "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (cast Pirate Kid): cast Pirate Kid: retreat's \"you draw a card and you "
                   "lose 1 life\" triggers on the first spell of its kind Alice casts each turn, and the board says "
                   "only that Alice cast 1 spell this turn (players[0].spells_cast_this_turn), not which (CR 603.2)\n")


def test_a_condition_no_board_records_is_refused_where_it_would_trigger(cli, tmp_path):
    path, _ = write_inputs(tmp_path, board="""\
players: [{name: Alice, hand: [Pirate Kid, Lava Spike], mana_pool: '{R}'}, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield: [{id: curator, card: Menagerie Curator, controller: Alice, tapped: true}]
""")
    code, out, err = cli("next", path, "cast", "Pirate Kid", "--cards", CARDS)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (cast Pirate Kid): cast Pirate Kid: curator's \"draw a card\" would "
                   "trigger (CR 603.2, 601.2i), and it reads the creature types of the cards in your library, which "
                   "next doesn't judge\n")
    code, out, _ = cli("next", path, "cast", "Lava Spike", "--cards", CARDS)  # not a creature spell
    assert (code, out) == (0, "outcome 1: probability 1\n  - Alice casts Lava Spike as lava-spike, paying {R} "
                              "(CR 601.2)\n")


def test_mana_value_with_x_on_the_stack_is_refused(cli, tmp_path):
    """CR 202.3e: Blaze with X = 7 has mana value 8 on the stack; the card's is 1."""
    path, _ = write_inputs(tmp_path, board="""\
players: [{name: Alice, hand: [Blaze], mana_pool: '{R}{R}{R}{R}{R}{R}{R}{R}'}, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield: [{id: sanctum, card: Sanctum of Ugin, controller: Alice, tapped: true}]
""")
    code, out, err = cli("next", path, "cast", "Blaze", "x=7", "--cards", CARDS)
    assert (code, out) == (2, "")
    assert "sanctum's \"you may sacrifice Sanctum of Ugin." in err and "counts X = 7 on the stack (CR 202.3e)" in err


def test_spells_on_the_stack_were_cast_this_turn(tmp_path):
    """CR 500.2, 601.2i: a spell on the stack was cast this turn; fewer is a contradiction."""
    data = {"players": [{"name": "Alice", "spells_cast_this_turn": 0}, "Bob"],
            "turn": {"number": 3, "active": "Alice", "step": "precombat_main"},
            "stack": [{"id": "spike", "card": "Lava Spike", "controller": "Alice"}]}
    with pytest.raises(pysolver.BoardError) as error:
        pysolver.board_from_data(data, [CARDS])
    assert str(error.value).endswith("players[0].spells_cast_this_turn: Alice cast 0 spells this turn, but 1 "
                                     "spells on the stack (stack[0]) were cast by Alice, this turn (CR 500.2, 601.2i)")
    del data["players"][0]["spells_cast_this_turn"]  # without the field: those on the stack
    assert [p.spells_cast_this_turn for p in pysolver.board_from_data(data, [CARDS]).players] == [1, 0]


def test_the_count_is_written_and_starts_afresh_each_turn(cli, tmp_path):
    path, _ = write_inputs(tmp_path, board="""\
players: [{name: Alice, hand: [Lava Spike], mana_pool: '{R}', spells_cast_this_turn: 1}, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
""")
    code, out, _ = cli("next", path, "cast", "Lava Spike", "--cards", CARDS, "--json")
    [outcome] = json.loads(out)["outcomes"]
    assert (code, outcome["board"]["players"]) == (0, [{"name": "Alice", "spells_cast_this_turn": 2}, {"name": "Bob"}])
    path, _ = write_inputs(tmp_path, board="""\
players: [{name: Alice, spells_cast_this_turn: 3}, {name: Bob, spells_cast_this_turn: 1}]
turn: {number: 3, active: Alice, step: cleanup}
""")
    code, out, _ = cli("next", path, "pass", "--cards", CARDS, "--json")
    [outcome] = json.loads(out)["outcomes"]
    assert (code, outcome["board"]["players"], outcome["board"]["turn"]["number"]) == (
        0, [{"name": "Alice"}, {"name": "Bob"}], 4)


def test_an_unmodelled_targeted_trigger_is_refused_as_it_would_go_on_the_stack(cli, tmp_path):
    """CR 603.3d: its target is chosen as it is put on the stack, which a text-only effect can't do."""
    path, cards = write_inputs(tmp_path, cards="""\
format: pysolver-oracle/1
cards:
- {name: Test Pinger, types: [Creature], power: 1, toughness: 1, mana_cost: '{R}',
   oracle: 'Whenever you cast a noncreature spell, this creature deals 1 damage to any target and 1 damage to you.'}
- {name: Lava Spike, types: [Sorcery], mana_cost: '{R}', oracle: ''}
""", board="""\
players: [{name: Alice, hand: [Lava Spike], mana_pool: '{R}'}, Bob]
turn: {number: 3, active: Alice, step: precombat_main}
battlefield: [{id: pinger, card: Test Pinger, controller: Alice}]
""")
    code, out, err = cli("next", path, "cast", "Lava Spike", "--cards", cards)
    assert (code, out) == (2, "")
    assert err == (f"error: {path}: action 1 (cast Lava Spike): cast Lava Spike: pinger's \"Test Pinger deals 1 damage "
                   "to any target and 1 damage to you\" would trigger (CR 603.2, 601.2i), and its effect isn't modelled (the card's `do:`) "
                   "and chooses targets or a mode as it is put on the stack (CR 603.3c, 603.3d)\n")


def test_a_cast_trigger_of_a_card_in_a_graveyard_is_no_battlefield_trigger():
    """It works from the graveyard (CR 113.6m): never a trigger of a permanent on the battlefield; the
    card keeps it as a graveyard trigger, partial where it is in a graveyard (tests/test_graveyard_triggers.py)."""
    text = "Whenever you cast a multicolored spell, you may return this card from your graveyard to your hand."
    result = compile_card("Watcher", text + "\n{T}: Add {C}.", "Artifact")
    assert (result.status, [next(iter(a)) for a in result.card["abilities"]], result.card.get("graveyard_triggers")) \
        == ("ok", ["mana"], [text])


def test_a_limit_on_how_often_it_triggers_is_its_when():
    """CR 603.2: the limit is the ability's (the board's triggered_this_turn records it; test_cast_forms.py)."""
    text = "Whenever you cast a historic spell, create a Treasure token. This ability triggers only once each turn."
    result = compile_card("Watcher", text + "\n{T}: Add {C}.", "Artifact")
    assert (result.status, result.card["abilities"][0]["triggered"]["when"]["once_each_turn"]) == ("ok", True)
