"""A keyword line's keywords (CR 702): a keyword that is a trigger, a replacement or a cost a
query reaches, which no rule models, leaves its piece of the line not understood; the others
stay compiled as the card's keywords."""

from __future__ import annotations

import pytest

from pysolver.cards.oracle import compile_card


def test_an_unmodelled_trigger_keyword_is_not_understood_beside_compiled_ones():
    result = compile_card("Test Card", "Flying, soulbond", "Creature — Human", keywords=["Flying", "Soulbond"])
    assert result.status == "partial"
    assert [(s["text"], s["class"]) for s in result.sentences] == [
        ("Flying.", "compiled"), ("soulbond.", "not understood")]
    assert result.sentences[1]["why"] == ("soulbond: a keyword whose trigger, replacement, cost or type change a query "
                                          "reaches (CR 702.95), which pysolver doesn't model")


def test_a_keyword_line_the_rules_read_or_no_query_reaches_stays_compiled_whole():
    result = compile_card("Bear", "Flying, haste", "Creature — Bear", keywords=["Flying", "Haste"])
    assert result.status == "ok"
    assert [(s["text"], s["why"]) for s in result.sentences] == [
        ("Flying, haste.", "keyword abilities (CR 702): the card's keywords")]


@pytest.mark.parametrize("line, type_line, keyword, rule", [
    ("Buyback—Sacrifice a land", "Instant", "buyback", "702.27"),  # a cost other than mana: not read
    ("Undaunted", "Sorcery", "undaunted", "702.125"),  # a cost reduction for each opponent
    ("Gift a card", "Creature — Bird", "gift", "702.174"),
    # (living metal, a creature during its controller's turn, compiles now: tests/test_living_metal.py)
    ("Soulbond", "Creature — Human", "soulbond", "702.95"),  # an enters trigger pairing creatures
])
def test_cost_type_and_pairing_keywords_are_not_understood(line, type_line, keyword, rule):
    """Keywords pay --spell, can-activate or next reach: optional and extra costs of a spell beside
    kicker (CR 601.2b), a cost reduction, a type a keyword changes, a pairing as a creature enters."""
    result = compile_card("Test Card", line, type_line, power="1", toughness="1")
    assert result.status == "partial"
    [sentence] = result.sentences
    assert (sentence["class"], sentence["why"]) == (
        "not understood", f"{keyword}: a keyword whose trigger, replacement, cost or type change a query reaches "
                          f"(CR {rule}), which pysolver doesn't model")


@pytest.mark.parametrize("line, type_line, keyword, rule", [
    ("Absorb 2", "Creature — Elemental", "absorb", "702.64"),  # prevents damage an ability deals
    ("Compleated", "Legendary Planeswalker — Jace", "compleated", "702.150"),  # fewer loyalty counters
    ("Recover—{1}{B}", "Sorcery", "recover", "702.59"),  # a dies trigger of a card in a graveyard
    ("Ripple 4", "Sorcery", "ripple", "702.60"),  # cast triggers
    ("Gravestorm", "Sorcery", "gravestorm", "702.69"),
    ("Demonstrate", "Sorcery", "demonstrate", "702.144"),
    ("Epic", "Sorcery", "epic", "702.50"),
])
def test_keywords_changing_what_next_or_pay_do_are_not_understood(line, type_line, keyword, rule):
    """A keyword whose replacement (of destruction, damage, entering), trigger (on dying, casting), step
    rule or cost changes what `next` or `pay --spell` answer is no keyword the rules read: before, each
    was compiled into the card's keywords, read by nothing, and the card was ok (issue 13: no silent drop)."""
    result = compile_card("Test Card", line, type_line, power="1", toughness="1")
    assert result.status == "partial"
    [sentence] = [s for s in result.sentences if not s["text"].startswith("(")]
    assert (sentence["class"], sentence["why"]) == (
        "not understood", f"{keyword}: a keyword whose trigger, replacement, cost or type change a query reaches "
                          f"(CR {rule}), which pysolver doesn't model")


def test_umbra_armor_is_the_cards_keyword_that_the_destruction_rules_read():
    """CR 702.89a: umbra armor replaces the enchanted permanent's destruction (asp/umbra_armor.lp, read by
    state-based actions, targeted and random destruction): the Aura's keyword, compiled."""
    result = compile_card("Test Umbra", "Enchant creature\nUmbra armor (If enchanted creature would be destroyed, "
                          "instead remove all damage from it and destroy this Aura.)", "Enchantment — Aura",
                          keywords=["Enchant", "Umbra armor"])
    assert result.status == "ok"
    assert "Umbra armor" in result.card["keywords"]
    assert [(s["text"], s["class"]) for s in result.sentences if s["text"].startswith("Umbra")] == [
        ("Umbra armor.", "compiled")]


def test_reconfigure_is_its_two_activated_abilities_and_no_creature_while_attached():
    """CR 702.151a: "Reconfigure [cost]" means "[Cost]: Attach this permanent to another target creature you
    control. Activate only as a sorcery" and "[Cost]: Unattach this permanent. Activate only if this permanent is
    attached to a creature and only as a sorcery"; 702.151b: attached, it isn't a creature (613.1d, its creature
    types with it, 205.1a) until it becomes unattached."""
    result = compile_card("Test Blades", "Reconfigure {2} ({2}: Attach to target creature you control; or unattach "
                          "from a creature. Reconfigure only as a sorcery. While attached, this isn't a creature.)",
                          "Artifact Creature — Equipment Lizard", power="1", toughness="1", keywords=["Reconfigure"])
    assert result.status == "ok"
    assert result.card["abilities"] == [
        {"activated": {"cost": ["{2}"], "targets": [{"zone": "battlefield", "whose": "you",
                                                     "filter": {"types": ["Creature"], "other": True},
                                                     "text": "another target creature you control"}],
                       "timing": "sorcery", "do": [{"attach": {"target": 1}}],
                       "text": "Attach Test Blades to another target creature you control"}},
        {"activated": {"cost": ["{2}"], "timing": "sorcery",
                       "only_if": [{"self_attached_to": {"types": ["Creature"]}}], "text": "Unattach Test Blades"}},
        {"static": {"affects": {}, "whose": "any", "self": True, "remove_types": ["Creature"], "if": "attached"}}]
    assert [s["class"] for s in result.sentences if s["text"] == "Reconfigure {2}."] == ["compiled"]


def test_reconfigure_with_a_cost_other_than_mana_is_not_understood():
    result = compile_card("Test Blades", "Reconfigure—Sacrifice a creature", "Artifact Creature — Equipment Lizard",
                          power="1", toughness="1", keywords=["Reconfigure"])
    assert result.status == "partial"


@pytest.mark.parametrize("line, type_line, name, items", [
    ("Multikicker {1}{W}", "Enchantment", "multikicker", ["{1}{W}"]),  # CR 702.33c
    ("Replicate {1}{U}", "Sorcery", "replicate", ["{1}{U}"]),  # CR 702.56a
    ("Squad {2}", "Creature — Human Soldier", "squad", ["{2}"]),  # CR 702.157a
    ("Buyback {3}", "Instant", "buyback", ["{3}"]),  # CR 702.27a
    ("Offspring {2}", "Creature — Rabbit", "offspring", ["{2}"]),  # CR 702.175a
    ("Entwine {2}{B}", "Sorcery", "entwine", ["{2}{B}"]),  # CR 702.42a
    ("Bargain", "Instant", "bargain", [{"sacrifice": {"any_of": [{"types": ["Artifact"]}, {"types": ["Enchantment"]},
                                                                 {"token": True}]}}]),  # CR 702.166a
])
def test_an_optional_additional_cost_is_the_cards_optional_costs(line, type_line, name, items):
    """CR 601.2b: pay --spell --additional NAME pays it; next refuses a spell that has one (oracle_optional_costs)."""
    result = compile_card("Test Card", line, type_line, power="1", toughness="1")
    assert (result.status, [s["class"] for s in result.sentences]) == ("ok", ["compiled"])
    assert result.card["optional_costs"] == {name: items}


def test_an_alternative_cost_or_another_way_to_cast_is_not_understood():
    """CR 118.9, 702.109, 702.34: pay --spell would leave the dash or flashback cost's ways out."""
    result = compile_card("Raider", "Haste\nDash {2}{R}", "Creature — Human", keywords=["Haste", "Dash"])
    assert result.status == "partial"
    assert [(s["text"], s["class"]) for s in result.sentences] == [
        ("Haste.", "compiled"), ("Dash {2}{R}.", "not understood")]
    assert result.sentences[1]["why"] == (
        "dash: an alternative cost or another way to cast the card (CR 702.109, 601.2), which pay --spell and "
        "next cast don't model: the ways to pay it would be left out")


def test_a_way_to_cast_with_a_cost_after_a_dash_is_one_keyword():
    result = compile_card("Elf", "Morph—Discard a card.", "Creature — Elf", keywords=["Morph"], power="1",
                          toughness="1")
    assert [(s["text"], s["class"]) for s in result.sentences] == [("Morph—Discard a card.", "not understood")]
    assert result.sentences[0]["why"].startswith("morph: an alternative cost or another way to cast the card "
                                                 "(CR 702.37, 601.2)")


def test_escape_with_a_cost_after_a_dash_is_the_keyword_pay_reads():
    """CR 702.138a: escape casts the card from its owner's graveyard, which pay --spell refuses there
    (tests/test_cast_refused.py); the line, costs and all, is the card's keyword."""
    result = compile_card("Spell", "Escape—{2}{B}, Exile four other cards from your graveyard.", "Sorcery",
                          keywords=["Escape"])
    assert [(s["text"], s["class"]) for s in result.sentences] == [
        ("Escape—{2}{B}, Exile four other cards from your graveyard.", "compiled")]
    assert result.sentences[0]["why"].startswith("escape (CR 702.138a): the card's keywords, which pay --spell "
                                                 "reads to refuse the card while it is in its player's graveyard")


def test_casting_this_spell_without_paying_its_mana_cost_is_never_a_spell_effect():
    """CR 118.9: a condition on the spell's own cost; pay --spell reads what it costs."""
    result = compile_card("Spell", "If an opponent drew three or more cards this turn, you may cast this spell "
                          "without paying its mana cost.", "Instant")
    assert [s["class"] for s in result.sentences] == ["not understood"]
    other = compile_card("Spell", "You may cast that card without paying its mana cost.", "Sorcery")
    assert [s["class"] for s in other.sentences] == ["irrelevant"]


def test_mayhem_on_a_land_is_a_permission_to_play_it_from_a_graveyard():
    """CR 305.1, 305.9: next plays lands only from a hand, and a land is no spell pay --spell pays."""
    land = compile_card("Land", "{T}: Add {U}.\nMayhem", "Land", keywords=["Mayhem"])
    assert [s["class"] for s in land.sentences] == ["compiled", "compiled"]
    spell = compile_card("Spell", "Draw a card.\nMayhem {1}{U}", "Sorcery", keywords=["Mayhem"])
    assert [s["class"] for s in spell.sentences][-1] == "not understood"


@pytest.mark.parametrize("name, text, type_line, listed, kept", [
    # MTGJSON lists the back face's haste on the front face of a transforming card (CR 712.8a).
    ("Vildin-Pack Alpha", "Whenever a Werewolf you control enters, you may transform it.\nAt the beginning of "
     "each upkeep, if no spells were cast last turn, transform Vildin-Pack Alpha.", "Creature — Human Werewolf",
     ["Haste", "Transform"], ["Transform"]),
    # ... and its flash: the front face is cast at sorcery speed (CR 307.1).
    ("Deluge of the Dead", "When this enchantment enters, create two 2/2 black Zombie creature tokens.",
     "Enchantment", ["Flash", "Transform"], None),
    # A keyword named by its family (CR 702.29e, 702.14c) or a keyword action inflected (CR 701.13).
    ("Twisted Abomination", "{B}: Regenerate this creature.\nSwampcycling {2}", "Creature — Zombie Mutant",
     ["Cycling", "Landcycling", "Swampcycling", "Typecycling"], ["Cycling", "Landcycling", "Swampcycling",
                                                                 "Typecycling"]),
    ("Millstone", "{2}, {T}: Target player mills two cards.", "Artifact", ["Mill"], ["Mill"]),
    # The face's own name is no mention of a keyword.
    ("Haste Pilgrim", "Haste Pilgrim enters tapped.", "Creature — Human", ["Haste"], None),
])
def test_a_face_keeps_only_the_listed_keywords_its_text_names(name, text, type_line, listed, kept):
    """CR 702.1, 712.8a: a face has the abilities its own text states; a keyword the data lists for
    the whole card is no ability of a face whose text doesn't name it."""
    assert compile_card(name, text, type_line, keywords=listed).card.get("keywords") == kept


@pytest.mark.parametrize("name, text, type_line", [
    # Before: each was ok, compiled as "the card's keywords", and no rule read it.
    ("Extinguisher Battleship", "Station (Tap another creature you control: Put charge counters equal to its power on "
     "this Spacecraft. Station only as a sorcery. It's an artifact creature at 5+.)\n5+ | Flying, trample",
     "Artifact — Spacecraft"),  # at 5+ an artifact creature: creature filters, Gaea's Cradle, the SBAs read it
    ("Cloud's Limit Break", "Tiered (Choose one additional cost.)\n• Cross-Slash — {0} — Destroy target tapped "
     "creature.", "Instant"),  # each mode's additional cost: pay --spell would leave it out
    ("Warrior's Sword", "Job select (When this Equipment enters, create a 1/1 colorless Hero creature token, then "
     "attach this to it.)\nEquipped creature gets +3/+2.\nEquip {5}", "Artifact — Equipment"),  # an enters trigger
    ("Textbook Tabulator", "Increment (Whenever you cast a spell, if the amount of mana you spent is greater than this "
     "creature's power or toughness, put a +1/+1 counter on this creature.)", "Creature — Frog Wizard"),  # a cast trigger
])
def test_a_keyword_the_rules_text_does_not_define_is_not_understood(name, text, type_line):
    """CR 702 (February 7, 2025) has no entry for these newer keywords, which MTGJSON lists among the card's
    keywords: what each does is modelled nowhere, so its card is partial, never ok with the keyword ignored."""
    keyword = text.split(" (")[0]
    result = compile_card(name, text, type_line, keywords=[keyword], power="1", toughness="1")
    assert result.status == "partial"
    [sentence] = [s for s in result.sentences if s["text"] == keyword + "."]
    assert (sentence["class"], sentence["why"]) == (
        "not understood", f"{keyword.lower()}: a keyword the Comprehensive Rules this project follows (February 7, "
                          "2025) don't define (CR 702 has no entry for it), so what it does is modelled nowhere")


def test_keywords_the_rules_text_defines_by_variant_stay_compiled():
    """CR 702.14c, 702.29e, 702.16a: landwalk, typecycling and protection are named by their variants."""
    result = compile_card("Bear", "Flying, swampwalk, protection from red\nPlainscycling {2}", "Creature — Bear",
                          keywords=["Flying", "Swampwalk", "Protection", "Plainscycling"], power="2", toughness="2")
    assert (result.status, [s["class"] for s in result.sentences]) == ("ok", ["compiled", "compiled"])


@pytest.mark.parametrize("text, keyword, reason", [
    # Before: each was ok, "touches nothing pysolver reasons about": a keyword with an amount after a comma is no
    # keyword line, and its words name no counter, token or sacrifice.
    ("Mobilize X, where X is the number of creature cards in your graveyard.", "Mobilize",
     "mobilize: a keyword the Comprehensive Rules this project follows (February 7, 2025) don't define (CR 702 has "
     "no entry for it), so what it does is modelled nowhere"),
    ("Firebending X, where X is the number of creatures you control.", "Firebending",
     "firebending: a keyword the Comprehensive Rules this project follows (February 7, 2025) don't define (CR 702 "
     "has no entry for it), so what it does is modelled nowhere"),
    ("Afflict X, where X is the number of cards in your hand.", "Afflict",
     "afflict X: a keyword whose amount ('where X is ...') no form of the compiler reads (CR 107.3)"),
])
def test_a_keyword_with_an_amount_is_never_irrelevant(text, keyword, reason):
    """CR 702, 107.3: "Mobilize X, where X is ..." is the keyword with X its amount: what the keyword does, never
    nothing (mobilize creates attacking tokens); a keyword the rules text doesn't define keeps that reason."""
    result = compile_card("Test Card", text, "Creature — Human Warrior", keywords=[keyword], power="1",
                          toughness="1")
    assert result.status == "partial"
    [sentence] = result.sentences
    assert (sentence["class"], sentence["why"]) == ("not understood", reason)


@pytest.mark.parametrize("line, kicker", [
    ("Kicker—Sacrifice two lands.", [{"sacrifice": {"types": ["Land"]}}] * 2),
    ("Kicker—Pay 3 life.", [{"pay_life": 3}]),
    ("Kicker—Sacrifice an artifact or creature.", [{"sacrifice": {"any_of": [{"types": ["Artifact"]},
                                                                            {"types": ["Creature"]}]}}]),
    ("Kicker—Return a creature you control to its owner's hand.", [{"return_to_hand": {"types": ["Creature"]}}]),
])
def test_a_kicker_cost_other_than_mana_is_its_cost_items(line, kicker):
    """CR 702.33a: an optional additional cost, which pay --spell --additional kicker and next cast ... kicked pay
    (tests/cases/payment/spell-additional-costs.yaml, tests/cases/next/additional-costs.yaml)."""
    result = compile_card("Spell", line, "Sorcery", keywords=["Kicker"])
    assert result.status == "ok"
    assert result.card["kicker"] == kicker


def test_a_kicker_cost_pay_does_not_pay_is_not_understood():
    """CR 702.33a, 701.8a: a card of the hand discarded by its kind is no kicker item read here (Dralnu's Pet)."""
    result = compile_card("Spell", "Kicker—{2}{B}, Discard a creature card.", "Sorcery", keywords=["Kicker"])
    assert [(s["text"], s["class"]) for s in result.sentences] == [
        ("Kicker—{2}{B}, Discard a creature card.", "not understood")]
    assert "kicker" not in result.card
