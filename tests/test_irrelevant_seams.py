"""Sentences that once passed as irrelevant but change what a query answers (issue 13: no
silent drop): a granted activated or triggered ability (CR 613.1f: can-activate and next read a
permanent's abilities), a leveler's power/toughness boxes (711.2a), a prototype the compiler
can't read (702.160a; tests/cases/oracle/prototype.yaml for those it reads), a change of control
(layer 2, 613.1b), a copy effect (layer 1, 707.2), moving objects onto the battlefield (603.6a),
destruction and regeneration (701.8, 701.19: next destroys), an Aura becoming attached (608.3c: next
resolves Aura spells) and a Case's "To solve" and "Solved" (702.169: keywords, not ability words: "Solved —
Creatures you control get +1/+0" applies only while the Case is solved); a Saga's chapter abilities are compiled
(714.2b, tests/test_sagas.py)."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import SPELL_EFFECT, compile_card
from pysolver.cards.oracle_prevent import WHY as COMBAT_PREVENTION_WHY, WHY_REPLACED as COMBAT_REPLACEMENT_WHY

@pytest.mark.parametrize("type_line, text, expected", [
    # (a group's grant of an activated ability compiles now, and one a condition holds: tests/test_attached_grants.py)
    ("Creature — Zombie", 'Creatures you control with the chosen name have "{B}: Regenerate this permanent."',
     ['Creatures you control with the chosen name have "{B}: Regenerate ~."']),
    # (a leveler's level sections compile now: tests/test_oracle_leveler.py)
    ("Artifact Creature — Golem", "Prototype {X}{G} — 1/3\n{T}: Add {G}.", ["Prototype {X}{G} — 1/3."]),
    ("Enchantment — Aura", "Enchant land\nYou control enchanted land as long as you control a Mountain.",
     ["You control enchanted land as long as you control a Mountain."]),
    ("Enchantment — Aura", "Enchant creature\nWhen this Aura enters, tap enchanted creature.\n"
                           "You gain control of enchanted creature.", ["You gain control of enchanted creature."]),
    ("Artifact — Equipment", "Equipped creature is a copy of target creature card in your graveyard.\nEquip {2}",
     ["Equipped creature is a copy of target creature card in your graveyard."]),
    ("Enchantment", "Whenever a player puts a nontoken creature onto the battlefield, that player returns a land "
                    "they control to its owner's hand.",
     ["Whenever a player puts a nontoken creature onto the battlefield, that player returns a land they control "
      "to its owner's hand."]),
    ("Creature — Troll", "If this creature would be destroyed, regenerate it.", ["If ~ would be destroyed, regenerate it."]),
    # An Aura spell enters attached to what it targets (CR 608.3c): next resolves one.
    ("Creature — Elemental", "Whenever an Aura becomes attached to this creature, create two 1/1 green Saproling "
                             "creature tokens.",
     ["Whenever an Aura becomes attached to ~, create two 1/1 green Saproling creature tokens."]),
    ("Creature — Soldier", "Whenever an Equipment becomes unattached from this creature, scry 1.",
     ["Whenever an Equipment becomes unattached from ~, scry 1."]),
    ("Enchantment — Case", "To solve — You control three or more artifacts.\nSolved — Creatures you control get +1/+0.",
     ["To solve — You control three or more artifacts.", "Solved — Creatures you control get +1/+0."]),
    # A type-changing effect (CR 205.1a, 613.1d): a God that isn't a creature can't be targeted as one and
    # has no summoning sickness; a land that is a creature while a condition holds can't tap the turn it came
    # (302.6).
    # (Its condition here is one a layer changes, what its controller controls, 613.8; a devotion is read:
    # tests/test_oracle_conditions.py.)
    ("Legendary Enchantment Creature — God", "Indestructible\nAs long as you control two or more Elves, "
                                            "Test Card isn't a creature.",
     ["As long as you control two or more Elves, ~ isn't a creature."]),
    # (Its condition here is one a layer changes; "During turns other than yours, ..." is read:
    # tests/test_animated_self.py.)
    ("Artifact Land", "As long as you control two or more Elves, this land is a 2/3 Gargoyle artifact creature "
                      "with flying.\n{T}: Add {C}.", ["As long as you control two or more Elves, ~ is a 2/3 "
                                                      "Gargoyle artifact creature with flying."]),
    # A subtype given alone (CR 205.3, 613.1d: layer 4): "Add {B} for each Zombie you control", a lord, Urborg's
    # and Blood Moon's land types read it; these were "touches nothing pysolver reasons about".
    ("Enchantment — Aura", "Enchant creature\nEnchanted creature is a black Zombie.",
     ["Enchanted creature is a black Zombie."]),
    ("Artifact — Equipment", "Equipped creature is a Zombie.\nEquip {2}", ["Equipped creature is a Zombie."]),
    ("Enchantment", "Creatures you control are Elves.", ["Creatures you control are Elves."]),
    ("Enchantment — Aura", "Enchant land\nEnchanted land becomes a Swamp until end of turn.",
     ["Enchanted land becomes a Swamp until end of turn."]),
    # Abilities granted unnamed (CR 613.1f): lifelink among the choices is read by damage (702.15b); it was
    # "touches nothing pysolver reasons about" while the choice it reads was not understood.
    ("Creature — Human", "As Test Card enters, choose two abilities from among first strike, vigilance, and "
                         "lifelink.\nHumans you control have each of the chosen abilities.",
     ["As ~ enters, choose two abilities from among first strike, vigilance, and lifelink.",
      "Humans you control have each of the chosen abilities."]),
])
def test_sentences_a_query_reads_are_not_irrelevant(type_line, text, expected):
    result = compile_card("Test Card", text, type_line, power="2", toughness="2")
    assert result.status == "partial"
    assert [s["text"] for s in result.sentences if s["class"] == "not understood"] == expected


def test_an_activated_ability_an_aura_grants_is_compiled_not_irrelevant():
    """CR 613.1f: the enchanted land has the quoted ability, which can-activate judges
    (pysolver/cards/oracle_attached.py compiles it as the land's own line)."""
    result = compile_card("Test Card", 'Enchant land\nEnchanted land has "{T}: Create a 5/5 green Beast creature token '
                                       'with trample."', "Enchantment — Aura")
    # "Enchant land." is read too: what the Aura may enchant (CR 702.5a)
    assert (result.status, [s["class"] for s in result.sentences]) == ("ok", ["compiled", "compiled"])
    assert result.card["abilities"] == [{"static": {
        "affects": {"types": ["Land"]}, "whose": "any", "enchanted": True,
        "grant": [{"activated": {"cost": ["{T}"], "text": "Create a 5/5 green Beast creature token with trample."}}]}}]


def test_a_subtype_in_a_condition_alone_is_no_type_change():
    """"As long as equipped creature is a Human, it can't block": the subtype is what the condition reads, and
    the effect touches nothing a query reads (CR 509.1b)."""
    result = compile_card("Test Card", "As long as equipped creature is a Human, it can't block.\nEquip {1}",
                          "Artifact — Equipment")
    assert result.status == "ok"
    [condition] = [s for s in result.sentences if s["text"].startswith("As long as")]
    assert condition["class"] == "irrelevant"


def test_a_granted_static_ability_that_touches_nothing_stays_irrelevant():
    """A quoted ability with no cost and no trigger ("This creature can't block.") adds nothing
    any query reads."""
    result = compile_card("Test Curse", 'Enchant creature\nEnchanted creature has "This creature can\'t block."',
                          "Enchantment — Aura")
    assert result.status == "ok"
    [granted] = [s for s in result.sentences if s["text"].startswith("Enchanted creature has")]
    assert granted["class"] == "irrelevant"


@pytest.mark.parametrize("text", ["This creature can't attack unless there is a Mountain on the battlefield.",
                                  "This creature can't attack or block if an enchantment is on the battlefield.",
                                  # which creatures it may block, a cost to block (509.1d) or a condition on
                                  # counters: Brassclaw Orcs, Hipparion, Seer of the Bright Side were partial
                                  "This creature can't block creatures with power 2 or greater.",
                                  "This creature can't block creatures with power 3 or greater unless you pay {1}.",
                                  "This creature can't attack or block as long as it has a cage counter on it."])
def test_an_attacking_or_blocking_restriction_is_irrelevant(text):
    """CR 508.1c, 509.1b: it applies only as attackers or blockers are declared (no query does)."""
    result = compile_card("Test Giant", text, "Creature — Giant", power="4", toughness="4")
    assert [(s["class"], s["why"]) for s in result.sentences] == [
        ("irrelevant", "an attacking or blocking restriction: it applies only as attackers or blockers are "
                       "declared (CR 508.1c, 509.1b), and no query declares them")]


@pytest.mark.parametrize("text, subtype", [
    ("Whenever another Hero you control enters, draw a card.", "Hero"),
    ("Other Heroes you control get +1/+1.", "Hero"),
])
def test_a_creature_type_in_text_is_a_subtype(text, subtype):
    """A capitalized noun is a creature type (CR 205.3m), matched by the permanents' subtypes: "Hero"
    was read as a card type and "Heroes" as "Heroe", filters no permanent matches (a trigger that
    never fired, a bonus no creature got)."""
    result = compile_card("Test Card", text, "Creature — Human Hero", power="2", toughness="2")
    ability = result.card["abilities"][0]
    spec = next(iter(ability.values()))
    wanted = spec["when"]["filter"] if "when" in spec else spec["affects"]
    assert result.status == "ok"
    assert (wanted.get("subtypes"), wanted.get("types")) == ([subtype], None)


@pytest.mark.parametrize("type_line, text", [
    ("Instant", 'Tap up to two target creatures. Those creatures don\'t untap during their controller\'s next untap '
                'step. Create a 1/1 colorless Eldrazi Scion creature token. It has "Sacrifice this token: Add {C}."'),
    ("Sorcery", 'Target player loses 3 life. You gain 3 life and create three 0/1 colorless Eldrazi Spawn creature '
                'tokens. They have "Sacrifice this token: Add {C}."'),
])
def test_an_ability_a_spell_gives_its_tokens_is_part_of_the_spells_effect(type_line, text):
    """CR 110.4, 608.2: the quoted ability of the tokens an instant or sorcery creates is part of that
    spell's effect, like the creating: irrelevant while `next` refuses to resolve the spell (none of its
    effects compiled), never a permanent's granted ability (613.1f)."""
    result = compile_card("Test Spell", text, type_line)
    assert result.status == "ok"
    assert {s["why"] for s in result.sentences if s["class"] != "compiled"} == {SPELL_EFFECT}


@pytest.mark.parametrize("type_line, text", [
    ("Creature — Wall", "Defender\nPrevent all combat damage that would be dealt to and dealt by this creature."),
    ("Artifact", "Prevent all combat damage that would be dealt to attacking creatures you control."),
    ("Enchantment — Aura", "Enchant creature\nPrevent all combat damage that would be dealt by enchanted creature."),
    ("Creature — Human", "Prevent all combat damage that would be dealt to this creature by enchanted creatures."),
])
def test_preventing_only_combat_damage_is_irrelevant(type_line, text):
    """CR 615.1a, 510.2: combat damage is dealt only in the combat damage step, which no query reaches."""
    result = compile_card("Test Card", text, type_line)
    assert result.status == "ok"
    assert [s["why"] for s in result.sentences if s["text"].startswith("Prevent")] == [COMBAT_PREVENTION_WHY]


@pytest.mark.parametrize("type_line, text", [
    ("Creature — Dinosaur", "If this creature would deal combat damage to a player, it deals double that damage to "
                            "that player instead."),
    ("Artifact — Equipment", "If equipped creature would deal combat damage, it deals double that damage instead."),
    ("Enchantment", "If a creature would deal combat damage to you, prevent 1 of that damage."),
    # whatever its condition; combat damage dealt to another instead
    ("Artifact", "As long as this artifact is untapped, if a creature would deal combat damage to you, prevent 1 of "
                 "that damage."),
    ("Creature — Human Soldier", "As long as this creature is untapped, all combat damage that would be dealt to you "
                                 "by unblocked creatures is dealt to this creature instead."),
])
def test_replacing_only_combat_damage_is_irrelevant(type_line, text):
    """CR 614.1a, 615.1a, 510.2: an effect whose event is combat damage, which no query deals."""
    result = compile_card("Test Card", text, type_line)
    assert result.status == "ok"
    assert [s["why"] for s in result.sentences] == [COMBAT_REPLACEMENT_WHY]


@pytest.mark.parametrize("text", [
    "Prevent all damage that would be dealt to attacking creatures you control.",
    "Prevent all damage that would be dealt to this creature by creatures it's blocking.",
])
def test_preventing_damage_of_attacking_or_blocking_creatures_is_irrelevant(text):
    """CR 615.1a, 508.1, 509.1: only while creatures attack or block, which no board states."""
    result = compile_card("Test Card", text, "Creature — Wall", power="0", toughness="4")
    assert result.status == "ok"
    assert [s["class"] for s in result.sentences] == ["irrelevant"]


@pytest.mark.parametrize("text", [
    "All damage that would be dealt to creatures you control is dealt to this creature instead.",
    "If damage would be dealt to you, put that many depletion counters on this enchantment instead.",
    "Prevent all combat damage that would be dealt to this creature and this creature gets +1/+1.",
    "If a source would deal damage to you, prevent that damage and put an incarnation counter on this enchantment.",
    "If a source you control would deal exactly 2 damage to a permanent or player, it deals 3 damage instead.",
    "If this creature would deal combat damage to a player, instead that player mills that many cards.",
])
def test_preventing_other_damage_stays_not_understood(text):
    """Damage a mana ability, a trigger or a resolving spell deals is followed by the queries (CR 120.3): a
    prevention or replacement asp/damage.lp doesn't apply stays not understood (tests/test_damage_replacement.py)."""
    result = compile_card("Test Card", text, "Enchantment")
    assert result.status == "partial" and len(result.ignored) == 1


@pytest.mark.parametrize("text", [
    "Players play with their hands revealed.",
    "Your opponents play with their hands revealed.",
    "As long as this artifact is untapped, all players play with their hands revealed.",
    "Play with the top card of your library revealed.",
])
def test_cards_played_revealed_are_irrelevant(text):
    """CR 701.16a: every player sees the cards; nothing else changes, and every query reads the hands and libraries
    the board states."""
    result = compile_card("Test Lens", text, "Artifact")
    assert (result.status, [s["class"] for s in result.sentences]) == ("ok", ["irrelevant"])
    assert result.sentences[0]["why"].startswith("cards revealed (CR 701.16a)")


def test_a_hand_revealed_is_still_read_where_it_is_an_effect():
    # A spell's or a trigger's "reveal" is an effect of its own (a hand revealed to choose a card from it).
    result = compile_card("Test Peek", "Target player reveals their hand. You choose a nonland card from it.",
                          "Sorcery")
    assert "cards revealed (CR 701.16a)" not in [s["why"] for s in result.sentences]
