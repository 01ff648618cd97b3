"""Forms that matched a sentence and left part of it unread (issue 13, "no silent drop"): each now
reads the words or leaves the sentence not understood.  Found by a probe that deleted words from the
compiled sentences of real cards and recompiled them: the definition didn't change."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card

MAX_SPEED_UNREAD = ("a max speed ability (CR 702.178a) whose ability is no static ability the compiler reads: "
                    "what the object has at max speed would be left out")
RAIDER = ("Start your engines!\nMax speed — This creature gets +1/+1 and has menace.")


def test_a_max_speed_static_ability_applies_only_at_max_speed():
    """CR 702.178a: "Max speed — [Ability]" means "As long as your speed is 4, this object has
    [Ability]".  The keyword line read the line as the keyword max speed alone (the +1/+1 and
    menace were dropped)."""
    result = compile_card("Gastal Raider", RAIDER, "Creature — Vampire Rogue", power="2", toughness="1",
                          keywords=["Max speed", "Start your engines!"])
    assert result.status == "ok"
    assert result.card["abilities"] == [{"static": {
        "affects": {}, "whose": "any", "self": True, "pt": {"power": 1, "toughness": 1},
        "grant_keywords": ["Menace"], "if": "max_speed"}}]
    assert result.card["keywords"] == ["Max speed", "Start your engines!"]


@pytest.mark.parametrize("line", [
    "Max speed — Spells you cast cost {1} less to cast.",  # a cost change: no static ability the rules gate
    "Max speed — ~ has lifelink.",  # no form reads "~ has lifelink" alone
    "Max speed — Whenever you draw a card, each opponent mills two cards.",  # a trigger: no static ability
])
def test_a_max_speed_ability_the_compiler_cant_gate_is_not_understood(line):
    result = compile_card("Test Racer", "Start your engines!\n" + line, "Artifact Creature — Construct",
                          power="1", toughness="1", keywords=["Max speed", "Start your engines!"])
    assert result.status == "partial"
    assert [(s["text"], s["why"]) for s in result.sentences if s["class"] == "not understood"] == [
        (line, MAX_SPEED_UNREAD)]
    assert "abilities" not in result.card


@pytest.mark.parametrize("line, why", [
    ("Max speed — You may cast this card from your graveyard.",
     "a permission to cast or play from a graveyard or library: `pysolver next` casts spells and plays lands only "
     "from a hand, but for a card's own flashback (CR 601.2a, 305.1, 702.34a) (at max speed only, CR 702.178a)"),
    ("Max speed — {3}, Exile this card from your graveyard: Draw a card.",
     "an ability that functions only in a graveyard (CR 113.6m, 113.6j: its cost or effect moves this card out of a "
     "graveyard): no query activates an ability of a card in a graveyard (`next` activates abilities of permanents, "
     "can-activate takes a permanent), and it adds no mana"),  # read as an activated ability, at any speed
])
def test_a_max_speed_ability_no_query_reaches_at_any_speed_is_irrelevant(line, why):
    """CR 702.178a: at max speed the object has the ability; one that no query reaches (a permission to cast from a
    graveyard, an ability that works only in a graveyard) changes nothing at any speed (before: not understood)."""
    result = compile_card("Test Racer", "Start your engines!\n" + line, "Artifact Creature — Construct",
                          power="1", toughness="1", keywords=["Max speed", "Start your engines!"])
    assert result.status == "ok"
    assert [(s["text"], s["class"], s["why"]) for s in result.sentences][1:] == [(line, "irrelevant", why)]


def test_every_sentence_of_a_max_speed_ability_is_its():
    """Tsagan's "Max speed — Tsagan has deathtouch. Other creatures you control have first strike.":
    one ability (CR 702.178a); its second sentence is never read as a static ability of its own."""
    result = compile_card("Tsagan, Raider Warlord", "Max speed — Tsagan has deathtouch. Other creatures you "
                          "control have first strike.", "Legendary Creature — Dinosaur Berserker", power="1",
                          toughness="4", keywords=["Max speed"])
    assert result.status == "partial"
    assert [(s["class"], s["why"]) for s in result.sentences] == [("not understood", MAX_SPEED_UNREAD)] * 2
    assert "abilities" not in result.card


def test_a_sentence_about_a_keywords_abilities_is_no_keyword_line():
    """CR 702.177a: exhaust abilities are activated abilities whose mana cost can-activate judges: the reduction was
    dropped, read as the keyword exhaust."""
    line = "Exhaust abilities of other permanents you control cost {2} less to activate."
    result = compile_card("Boom Scholar", line, "Artifact — Equipment", keywords=["Exhaust"])
    assert result.status == "partial"
    assert [(s["text"], s["class"], s["why"]) for s in result.sentences] == [
        (line, "not understood", "no form of the compiler reads it")]


def test_an_equip_cost_change_is_no_keyword_line():
    """CR 702.6a, 601.2f: equip abilities can-activate and next activate pay for; the reduction was dropped, read as
    the keyword equip. It is kept as its sentence, which they read to refuse (activation_cost_unjudged)."""
    line = "Equip abilities you activate of other Equipment cost {1} less to activate."
    result = compile_card("Bladehold War-Whip", line, "Artifact — Equipment", keywords=["Equip"])
    assert result.status == "ok"
    assert result.card["abilities"] == [{"static": {
        "affects": {"subtypes": ["Equipment"], "other": True}, "whose": "you", "activation_cost_unjudged": line,
        "except_mana": True}}]


def test_an_equip_ability_with_a_choice_of_costs_is_not_understood():
    """CR 702.6a: "Equip {2} or {B}" was read as the keyword equip alone: the permanent had no equip
    ability for can-activate and next activate, and the card was ok."""
    result = compile_card("Transmogrant's Crown", "Equipped creature gets +2/+0.\nEquip {2} or {B}",
                          "Artifact — Equipment", keywords=["Equip"])
    assert result.status == "partial"
    assert [(s["text"], s["class"], s["why"]) for s in result.sentences][1] == (
        "Equip {2} or {B}.", "not understood",
        "an equip ability with a limit, a cost change or a choice of costs the compiler can't read")


def test_x_mana_of_any_color_without_one_is_refused():
    """"Add X mana of any one color" is one color; without "one" the text doesn't say (the rules' texts write
    "in any combination of colors" for several).  The form read both as one color: the word "one" was never
    read.  A mana line that can't be represented exactly is refused."""
    line = "{T}: Add X mana of any color, where X is the number of Elves you control."
    result = compile_card("Test Druid", line, "Creature — Elf Druid", power="1", toughness="1")
    assert result.problems == ["line 1: can't compile 'Add X mana of any color, where X is the number of Elves "
                               "you control'"]
    one = compile_card("Test Druid", line.replace("any color", "any one color"), "Creature — Elf Druid",
                       power="1", toughness="1")
    assert one.card["abilities"] == [{"mana": {"cost": ["{T}"], "add": {
        "one_of": "any_color", "amount": {"count": {"whose": "you", "filter": {"subtypes": ["Elf"]}}}}}}]
