"""Cast triggers' spell filters and intervening "if"s read since issue 13's s26 session: either of two
filters, both of two colors, a mana value at most, "casts or copies", "if that spell was kicked", "if it's
not their turn", and a cast event beside an entering one (CR 603.2, 603.4, 105.2, 202.3, 707.10)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver.cards.oracle import compile_card


CASES = Path(__file__).parent / "cases" / "next"


@pytest.mark.parametrize(("text", "when"), [
    ("Whenever you cast a noncreature spell or a Dragon spell, you gain 1 life.",
     {"event": "cast", "filter": {"any_of": [{"not_types": ["Creature"]}, {"subtypes": ["Dragon"]}]}, "whose": "you"}),
    ("Whenever you cast a spell that's both green and blue, you gain 1 life.",
     {"event": "cast", "filter": {"colors": ["U", "G"]}, "whose": "you"}),
    ("Whenever an opponent casts a spell with mana value 3 or less, you gain 1 life.",
     {"event": "cast", "filter": {"max_mana_value": 3}, "whose": "opponent"}),
    ("Whenever an opponent casts or copies an instant or sorcery spell, you gain 1 life.",
     {"event": "cast", "filter": {"any_of": [{"types": ["Instant"]}, {"types": ["Sorcery"]}]}, "whose": "opponent",
      "or_copy": True}),
    ("Whenever you cast a spell, if that spell was kicked, you gain 1 life.",
     {"event": "cast", "whose": "you", "kicked": True}),
    ("Whenever a player casts a spell, if it's not their turn, you gain 1 life.",
     {"event": "cast", "whose": "any", "during": "not_caster"}),
    ("Whenever you cast a spell, if it's not your turn, you gain 1 life.",
     {"event": "cast", "whose": "you", "during": "opponent"}),
])
def test_cast_trigger_shapes(text, when):
    result = compile_card("Watcher", text, "Artifact")
    assert (result.status, [a["triggered"] for a in result.card["abilities"]]) == (
        "ok", [{"when": when, "do": [{"gain_life": 1}], "text": "you gain 1 life"}])


def test_cast_or_enters_is_two_abilities():
    """CR 603.2: "Whenever you cast a black spell or a Swamp you control enters": one ability per event."""
    result = compile_card("Staff", "Whenever you cast a black spell or a Swamp you control enters, you gain 1 life.",
                          "Artifact")
    assert (result.status, [a["triggered"]["when"] for a in result.card["abilities"]]) == ("ok", [
        {"event": "cast", "filter": {"colors": ["B"]}, "whose": "you"},
        {"event": "permanent_enters", "filter": {"subtypes": ["Swamp"]}, "whose": "you"}])


@pytest.mark.parametrize("text", [
    # ("... or a land you control enters from exile": an event no query produces, test_reflexive_triggers.py)
    "Whenever you cast a historic spell or an Adventure spell, you gain 1 life.",  # an Adventure: no subtype
    "Whenever you cast a spell that's both the chosen colors, you gain 1 life.",
    "Whenever you cast a spell, if it's not their turn, you gain 1 life.",  # "their": not the caster's
])
def test_cast_trigger_shapes_left_unread(text):
    result = compile_card("Watcher", text, "Artifact")
    assert (result.status, result.ignored) == ("partial", [text])


def test_storm_refused_beside_a_cast_or_copy_trigger(cli, tmp_path):
    """CR 707.10: a copy triggers "Whenever you cast or copy"; next doesn't put that on the stack for a copy."""
    board = tmp_path / "board.yaml"
    board.write_text("players:\n- {name: Alice, spells_cast_this_turn: 2}\n- Bob\n"
                     "turn: {number: 3, active: Alice, step: precombat_main}\n"
                     "battlefield:\n- {id: satchel, card: Spell Satchel, controller: Alice}\n"
                     "stack:\n- {id: pack, card: Hunting Pack, controller: Alice}\n"
                     "- {id: storm, card: Hunting Pack, controller: Alice, source: pack, ability: 1, storm_count: 1}\n",
                     "utf-8")
    code, out, err = cli("next", board, "resolve", "--cards", CASES / "storm.yml", "--cards",
                         CASES / "cast-triggers.yml")
    assert (code, out, err) == (2, "", f"error: {board}: stack[1]: resolve: storm (Hunting Pack, storm): satchel's "
                                       "\"put a book counter on Spell Satchel\" may trigger on a copy (\"cast or "
                                       "copy\", CR 707.10), which next doesn't put on the stack for a copy\n")
