"""A permanent that is a creature while a condition holds (CR 205.1b, 613.1d, 611.3a;
pysolver/cards/oracle_animated.py): "During turns other than yours, ~ is a 2/3 Gargoyle artifact
creature with flying" compiles to its layer 4 addition and its base power, toughness and keywords,
each under the condition, and the rules (asp/objects.lp, asp/static_conditions.lp) give its types,
creature types and power by whose turn it is.  The ruling cases are
tests/cases/activation/animated-self.yaml."""

from __future__ import annotations

import pytest

import pysolver
from pysolver.cards.oracle import compile_card

from helpers import write_inputs

SELF = {"affects": {}, "whose": "any", "self": True}
WARDEN = "During turns other than yours, Test Warden is a 2/3 Gargoyle artifact creature with flying."


def test_a_gargoyle_on_other_turns_compiles():
    result = compile_card("Test Warden", f"{{T}}: Add {{C}}.\n{WARDEN}", "Artifact")
    assert result.ok, result.ignored
    assert result.card["abilities"][1:] == [
        {"static": {**SELF, "add_types": ["Creature"], "if": "other_turns", "add_subtypes": ["Gargoyle"]}},
        {"static": {**SELF, "base_pt": {"power": 2, "toughness": 3}, "grant_keywords": ["Flying"],
                    "if": "other_turns"}}]


@pytest.mark.parametrize("text, type_line, statics", [
    # CR 205.1b: "artifact creature" keeps its card types and subtypes (a Vehicle stays one), its printed 3/3
    ("During turns other than yours, ~ is an artifact creature.", "Artifact — Vehicle",
     [{**SELF, "add_types": ["Creature"], "if": "other_turns"}]),
    ("As long as ~ has three or more +1/+1 counters on it, it's a 4/4 Elemental creature in addition to its "
     "other types.", "Enchantment",
     [{**SELF, "add_types": ["Creature"], "if_counters": {"kind": "+1/+1", "at_least": 3},
       "add_subtypes": ["Elemental"]},
      {**SELF, "base_pt": {"power": 4, "toughness": 4}, "if_counters": {"kind": "+1/+1", "at_least": 3}}]),
])
def test_other_animations_compile(text, type_line, statics):
    result = compile_card("Test Thing", text.replace("~", "Test Thing"), type_line, power="3", toughness="3")
    assert result.ok, result.ignored
    assert [a["static"] for a in result.card["abilities"]] == statics


@pytest.mark.parametrize("text, type_line", [
    # CR 205.1a: "a 2/2 creature" alone sets its card types
    ("During turns other than yours, ~ is a 2/2 creature.", "Artifact"),
    # a condition a layer changes (what its controller controls): layer 4 can't read it
    ("As long as you control a Swamp, ~ is a 2/2 artifact creature.", "Artifact"),
    # CR 205.1b: its own creature types replaced by the Gargoyle: not read
    ("During turns other than yours, ~ is a 2/3 Gargoyle artifact creature.", "Artifact Creature — Golem"),
    # not on the battlefield: no board reads it
    ("As long as ~ isn't on the battlefield, it's a 1/1 Insect creature in addition to its other types.",
     "Legendary Planeswalker — Grist"),
])
def test_near_shapes_stay_not_understood(text, type_line):
    result = compile_card("Test Thing", text.replace("~", "Test Thing"), type_line, power="1", toughness="1")
    assert result.status == "partial" and result.ignored == [text]


def test_the_warden_is_a_creature_on_other_turns(tmp_path):
    """CR 205.1b, 613.1d, 613.4b, 613.1f, 102.1: on its controller's turn an artifact with no creature
    type, power or keyword; on another player's turn a 2/3 Gargoyle artifact creature with flying."""
    from pysolver import facts, solver
    warden = compile_card("Test Warden", f"{{T}}: Add {{C}}.\n{WARDEN}", "Artifact", mana_cost="{3}").card
    _, path = write_inputs(tmp_path, cards={"format": "pysolver-cards/1", "cards": [warden]})

    def seen(active):
        board = pysolver.board_from_data({"players": ["Alice", "Bob"], "turn": {"number": 3, "active": active},
                                          "battlefield": [{"id": "w", "card": "Test Warden", "controller": "Alice"}]},
                                         [path])
        grounded = solver.ground(facts.board_facts(board))

        def of(name, arity, index=1):
            return {str(a.arguments[index]).strip('"') for a in grounded.atoms(name, arity)
                    if a.arguments[0].string == "w"}
        stats = {(a.arguments[1].name, a.arguments[2].number) for a in grounded.atoms("stat", 3)
                 if a.arguments[0].string == "w"}
        return of("has_type", 2), of("has_subtype", 2), stats, of("has_keyword", 2)

    assert seen("Alice") == ({"Artifact"}, set(), set(), set())
    assert seen("Bob") == ({"Artifact", "Creature"}, {"Gargoyle"}, {("power", 2), ("toughness", 3)}, {"flying"})
