"""The Oracle-text compiler (pysolver/cards/oracle.py): forms, refusals, coverage, built-in agreement."""

from __future__ import annotations

from pathlib import Path

import pytest

from pysolver import schemas
from pysolver.cards import db as carddb
from pysolver.cards import builtin_library, Card
from pysolver.facts.cards import card_facts
from pysolver.cards.oracle import compile_card, parse_type_line

FIXTURE = Path(__file__).parent / "fixtures" / "cards" / "atomic-fixture.json"
# The share of cards with a mana ability that compile "ok" (every sentence compiled or
# irrelevant, issue 13) over the fixture; see docs/cards-import.md for the figures and
# what is missing.  It may only go up, but for a sentence found to be read by a query
# that was called irrelevant (then the card was never ok).
COVERAGE_FLOOR = 0.9605  # measured: 268 of 279 (96.06%: Diamond City added, ok: its shield counter, CR 122.1c);
# before that 267 of 278 (96.04%: Insidious Roots added, ok: "Whenever one or more
# creature cards leave your graveyard" is a trigger next follows); before that 266 of 277 (96.03%: Foriysian Totem added, ok: its "As long as ~ is a creature,
# it can block an additional creature each combat" is combat only); before that 265 of 276 (96.0%: Warden of the
# Wall's "During turns other than yours, ~ is a 2/3 Gargoyle artifact creature" was irrelevant, and is read by
# can-activate's 302.6: never ok);
# before that 266 of 276 (96.4%: keywords compiled as the abilities their rules write out,
# pysolver/cards/oracle_keyword_texts.py: Mosswort Bridge's hideaway is ok, and three lands were added, Shelldock Isle
# and Howltooth Hollow (hideaway), Llanowar Reborn (graft));
# before that 262 of 273 (96.0%: Branch of Vitu-Ghazi's "When this land is turned face up, add
# two mana of any one color..." is a trigger next puts on the stack as it turns the land face up, its effect kept as
# text, whose resolving next refuses, CR 603.2, 708.8: oracle_face_up.py);
# before that 261 of 273 (95.6%: Zoetic Cavern's "Morph {2}" is read, the cost that turns
# it face up (pysolver next turn-face-up), casting it face down refused by pay --spell and next cast (CR 702.37);
# before that 260 of 273 (95.2%; was 262 of 273 while an alternative way to cast was
# compiled as a keyword no rule reads: Zoetic Cavern's morph and Branch of Vitu-Ghazi's disguise, face-down
# casting for {3} (CR 702.37, 702.168) pay --spell left out, are now not understood);
# before that 262 of 273 (96.0%: Heraldic Banner added, ok since "of the chosen color"
# is read, oracle_chosen.py); before that 261 of 272 (95.9%; was 262 of 272 while a keyword line was compiled whole:
# Mosswort Bridge's hideaway, an enters trigger next reaches that no rule models, is now not understood);
# before that 262 of 272 (96.3%; was 257 of 270: static power and toughness, layer 7, and
# keywords granted to others are compiled (pysolver/cards/oracle_pt.py), with Threshold and "during your turn"
# conditions, and two mana cards they made ok were added;
# before that 255 of 269: cast permissions and prohibitions, cost changes by creature type and for opponents' spells;
# before that 260: power and toughness, types and colors, haste and the target keywords, casting and playing, damage,
# life and steps became rules words, so a static sentence about them no form compiles is not understood)


def abilities(text: str, type_line: str = "Artifact", name: str = "Test Card") -> list:
    result = compile_card(name, text, type_line)
    assert result.problems == []
    return result.card.get("abilities", [])


def problems(text: str, type_line: str = "Artifact", name: str = "Test Card") -> list[str]:
    return compile_card(name, text, type_line).problems


def mana(cost, add, **rest):
    return {"mana": {"cost": cost, "add": add, **rest}}


# ------------------------------------------------------------------ type line
def test_type_line():
    assert parse_type_line("Legendary Artifact Creature — Human Wizard") == {
        "supertypes": ["Legendary"], "types": ["Artifact", "Creature"], "subtypes": ["Human", "Wizard"]}
    assert parse_type_line("Basic Snow Land — Forest") == {
        "supertypes": ["Basic", "Snow"], "types": ["Land"], "subtypes": ["Forest"]}
    assert parse_type_line("Instant") == {"supertypes": [], "types": ["Instant"], "subtypes": []}


def test_characteristics_are_kept():
    card = compile_card("Llanowar Elves", "{T}: Add {G}.", "Creature — Elf Druid",
                        mana_cost="{G}", keywords=None).card
    assert card == {"name": "Llanowar Elves", "mana_cost": "{G}", "types": ["Creature"],
                    "subtypes": ["Elf", "Druid"], "oracle": "{T}: Add {G}.",
                    "abilities": [mana(["{T}"], {"mana": "{G}"})]}


# ------------------------------------------------------------ mana abilities
@pytest.mark.parametrize("text, expected", [
    ("{T}: Add {G}.", mana(["{T}"], {"mana": "{G}"})),
    ("{T}: Add {C}{C}.", mana(["{T}"], {"mana": "{C}{C}"})),
    ("{T}: Add {B} or {R}.", mana(["{T}"], {"one_of": ["B", "R"]})),
    ("{T}: Add {W}, {U}, or {B}.", mana(["{T}"], {"one_of": ["W", "U", "B"]})),
    ("{T}: Add one mana of any color.", mana(["{T}"], {"one_of": "any_color"})),
    ("{T}: Add two mana of any one color.", mana(["{T}"], {"one_of": "any_color", "amount": 2})),
    ("{T}: Add two mana in any combination of colors.",
     mana(["{T}"], {"combination": "any_color", "amount": 2})),
    ("{T}, Sacrifice a Forest: Add three mana in any combination of {R} and/or {G}.",
     mana(["{T}", {"sacrifice": {"subtypes": ["Forest"]}}], {"combination": ["R", "G"], "amount": 3})),
    ("{U/R}, {T}: Add {U}{U}, {U}{R}, or {R}{R}.",
     mana(["{U/R}", "{T}"], {"combination": ["U", "R"], "amount": 2})),
    ("{T}: Add {G} for each creature you control.",
     mana(["{T}"], {"mana": "{G}", "amount": {"count": {"whose": "you", "filter": {"types": ["Creature"]}}}})),
    ("{T}: Add {G} for each Elf you control.",
     mana(["{T}"], {"mana": "{G}", "amount": {"count": {"whose": "you", "filter": {"subtypes": ["Elf"]}}}})),
    ("{T}: Add X mana of any one color, where X is the number of Elves you control.",
     mana(["{T}"], {"one_of": "any_color",
                    "amount": {"count": {"whose": "you", "filter": {"subtypes": ["Elf"]}}}})),
    ("{2}, {T}: Choose a color. Add an amount of mana of that color equal to your devotion to that color.",
     mana(["{2}", "{T}"], {"one_of": "any_color", "amount": "devotion"})),
    ("{T}: Add one mana of any color that a land an opponent controls could produce.",
     mana(["{T}"], {"reflect": {"whose": "opponent", "filter": {"types": ["Land"]}, "kind": "color"}})),
    ("{T}: Add one mana of any type that a Gate you control could produce.",
     mana(["{T}"], {"reflect": {"whose": "you", "filter": {"subtypes": ["Gate"]}, "kind": "type"}})),
    ("Sacrifice a land: Add one mana of any type the sacrificed land could produce.",
     mana([{"sacrifice": {"types": ["Land"]}}],
          {"reflect": {"whose": "sacrificed", "filter": {"types": ["Land"]}, "kind": "type"}})),
    ("{T}: Add one mana of any color in your commander's color identity.",
     mana(["{T}"], {"commander_colors": True})),
    ("{T}: Add one mana of the chosen color.", mana(["{T}"], {"chosen_color": True})),
    ("{T}: Add {G} or one mana of the chosen color.", mana(["{T}"], {"chosen_color": ["G"]})),
    ("{T}: Add two mana of different colors.",
     mana(["{T}"], {"distinct": "any_color", "amount": 2})),
    ("{2}, {Q}: Add one mana of any color.", mana(["{2}", "{Q}"], {"one_of": "any_color"})),
    ("{T}, Pay 1 life: Add {G}.", mana(["{T}", {"pay_life": 1}], {"mana": "{G}"})),
    ("Sacrifice this creature: Add {R}{R}.", mana(["sacrifice_self"], {"mana": "{R}{R}"})),
    ("{T}, Remove a charge counter from this artifact: Add one mana of any color.",
     mana(["{T}", {"remove_counters": {"kind": "charge"}}], {"one_of": "any_color"})),
    ("{T}, Tap an untapped creature you control: Add one mana of any color.",
     mana(["{T}", {"tap_untapped": {"filter": {"types": ["Creature"]}}}], {"one_of": "any_color"})),
    ("{T}, Remove any number of storage counters from this land: Add {U} for each storage counter "
     "removed this way.",
     mana(["{T}", {"remove_counters": {"kind": "storage", "count": "X"}}], {"mana": "{U}", "amount": "X"})),
    ("{T}: Add {C} for each charge counter on this artifact.",
     mana(["{T}"], {"mana": "{C}", "amount": {"counters_on_self": "charge"}})),
    ("{T}: Add {B} or {G}. This artifact deals 1 damage to you.",
     mana(["{T}"], {"one_of": ["B", "G"]}, riders=[{"damage_to_controller": 1}])),
    ("{T}, Remove a mining counter from this land: Add one mana of any color. If there are no mining "
     "counters on this land, sacrifice it.",
     mana(["{T}", {"remove_counters": {"kind": "mining"}}], {"one_of": "any_color"},
          riders=[{"sacrifice_if_no_counters": "mining"}])),
    ("{T}: Add one mana of any color. Spend this mana only to cast a creature spell.",
     mana(["{T}"], {"one_of": "any_color"}, restriction="Spend this mana only to cast a creature spell.")),
    ("{T}: Add {W}. Activate only if you control an Island.",
     mana(["{T}"], {"mana": "{W}"}, only_if_you_control={"subtypes": ["Island"]})),
    ("{T}: Add {B}. Activate only if you control a Plains or a Swamp.",
     mana(["{T}"], {"mana": "{B}"}, only_if_you_control=[{"subtypes": ["Plains"]}, {"subtypes": ["Swamp"]}])),
    ("{T}: Add {C}{C}. Activate only during an opponent's turn.",
     mana(["{T}"], {"mana": "{C}{C}"}, activation_restriction="Activate only during an opponent's turn.")),
    ("{T}: Add {G}{G}. You gain 2 life.", mana(["{T}"], {"mana": "{G}{G}"}, riders=[{"gain_life": 2}])),
])
def test_mana_ability_forms(text, expected):
    assert abilities(text) == [expected]


@pytest.mark.parametrize("restriction", [
    "Activate only if an opponent controls five or more lands",
    "Activate only if you control an Elf and only if you control a Forest",  # both must hold: not only_if's "or"
])
def test_an_activation_restriction_the_rules_dont_read_is_not_compiled(restriction):
    """CR 602.1b: a restriction no rule reads would be ignored, so the ability is not compiled."""
    result = compile_card("Test Card", f"{{T}}: Add {{C}}{{C}}. {restriction}.", "Artifact")
    assert result.problems == [f"line 1: can't compile '{restriction}'"]


def test_self_references_by_name_and_by_short_name():
    text = "{T}, Remove a charge counter from Vivid Crag: Add one mana of any color."
    assert abilities(text, "Land", "Vivid Crag") == [
        mana(["{T}", {"remove_counters": {"kind": "charge"}}], {"one_of": "any_color"})]
    text = "{T}, Remove five +1/+1 counters from Ramos: Add {W}{U}."
    assert abilities(text, "Legendary Artifact Creature — Dragon", "Ramos, Dragon Engine") == [
        mana(["{T}", {"remove_counters": {"kind": "+1/+1", "count": 5}}], {"mana": "{W}{U}"})]


def test_a_face_names_itself_by_its_own_name():
    """CR 201.5, 709.4a: a card of two faces, named in the file by the whole card's name,
    refers to itself by its face's name (and a legendary face by its short name)."""
    text = "The Enigma Jewel enters tapped.\n{T}: Add {C}{C}."
    card = compile_card("The Enigma Jewel // Locus of Enlightenment", text, "Legendary Artifact").card
    assert card["enters_tapped"] is True
    text = "{T}, Remove a charge counter from Ramos: Add {W}{U}."
    assert abilities(text, "Legendary Artifact", "Ramos, Dragon Engine // Other Face") == [
        mana(["{T}", {"remove_counters": {"kind": "charge"}}], {"mana": "{W}{U}"})]
    # The other face's name is the same object too; a name inside a longer word is not.
    result = compile_card("Front // Back", "Frontier Back enters tapped.", "Artifact")
    assert result.ignored == ["Frontier ~ enters tapped."]


def test_counter_upgrade_of_a_reflecting_ability():
    text = ("{T}: Add one mana of any type that a land you control could produce. If this creature has "
            "a +1/+1 counter on it, add three mana of that type instead.")
    assert abilities(text, "Creature — Elf Druid") == [mana(["{T}"], {
        "reflect": {"whose": "you", "filter": {"types": ["Land"]}, "kind": "type"},
        "amount": {"counter": {"kind": "+1/+1", "then": 3, "else": 1}}})]


def test_basic_land_types_give_intrinsic_abilities_not_compiled_text():
    # CR 305.6: the rules give the ability; the reminder text is not compiled.
    assert abilities("({T}: Add {B} or {R}.)", "Land — Swamp Mountain") == []


def test_abilities_that_are_not_mana_abilities():
    # CR 605.1a: a target, or a loyalty ability, makes it no mana ability.
    result = compile_card("X", "{T}: Exile target land card from a graveyard. Add one mana of any color.",
                          "Creature — Human Shaman")
    assert result.ok and not result.has_mana_ability
    assert result.card["abilities"] == [{"activated": {
        "cost": ["{T}"], "text": "Exile target land card from a graveyard. Add one mana of any color.",
        "unjudged": ["its target, which the compiler keeps in its text (CR 115.1c, 601.2c)"]}}]
    result = compile_card("X", "[+1]: Add {R}{R}.", "Legendary Planeswalker — Chandra")
    assert result.ok and not result.has_mana_ability and "abilities" not in result.card
    # A spell's "Add" is no ability at all.
    assert compile_card("Dark Ritual", "Add {B}{B}{B}.", "Instant").card.get("abilities") is None


# ------------------------------------------------------------- other forms
def test_triggered_mana_abilities():
    assert abilities("Enchant land\nWhenever enchanted land is tapped for mana, its controller adds an "
                     "additional {G}.", "Enchantment — Aura") == [
        {"mana_trigger": {"tapped": {"types": ["Land"]}, "tapper": "any", "enchanted": True,
                          "add": {"mana": "{G}"}}}]
    assert abilities("Whenever a player taps a land for mana, that player adds one mana of any type "
                     "that land produced.", "Enchantment") == [
        {"mana_trigger": {"tapped": {"types": ["Land"]}, "tapper": "any", "add": {"same_type": 1}}}]
    assert abilities("Whenever enchanted Forest is tapped for mana, its controller adds an additional "
                     "one mana of the chosen color.", "Enchantment — Aura") == [
        {"mana_trigger": {"tapped": {"subtypes": ["Forest"]}, "tapper": "any", "enchanted": True,
                          "add": {"chosen_color": 1}}}]
    # CR 605.1b: a trigger that adds no mana is no mana ability.
    result = compile_card("Manabarbs", "Whenever a player taps a land for mana, Manabarbs deals 1 "
                          "damage to that player.", "Enchantment")
    # It uses the stack (605.5a): the mana query lists it, next refuses a payment that triggers it; its
    # damage to "that player" is kept as text (pysolver/cards/oracle_tapping.py, issue 13).
    assert (result.status, result.has_mana_ability) == ("ok", False)
    assert result.card["abilities"] == [{"triggered": {
        "when": {"event": "tapped_for_mana", "tapped": {"types": ["Land"]}, "tapper": "any"},
        "text": "Manabarbs deals 1 damage to that player"}}]


def test_replacement_effects():
    assert abilities("If you tap a permanent for mana, it produces twice as much of that mana instead.",
                     "Enchantment") == [{"replacement": {"tapped": {}, "tapper": "you", "multiply": 2}}]
    assert abilities("If a land is tapped for two or more mana, it produces {C} instead of any other "
                     "type and amount.", "Artifact") == [{"replacement": {
        "tapped": {"types": ["Land"]}, "tapper": "any", "min_amount": 2,
        "becomes": {"type": "C", "amount": 1}}}]
    # Whose permanent was tapped (read by asp/mana_replacement.lp, CR 109.5).
    assert abilities("If a land an opponent controls is tapped for mana, it produces {C} instead of any "
                     "other type.", "Enchantment") == [{"replacement": {
        "tapped": {"types": ["Land"]}, "tapper": "any", "controller": "opponent", "becomes": {"type": "C"}}}]
    assert abilities("If a land you control is tapped for mana, it produces twice as much of that mana "
                     "instead.", "Enchantment") == [{"replacement": {
        "tapped": {"types": ["Land"]}, "tapper": "any", "controller": "you", "multiply": 2}}]
    pale_moon = compile_card("Pale Moon", "Until end of turn, if a player taps a nonbasic land for mana, "
                             "it produces colorless mana instead of any other type.", "Instant").card
    assert pale_moon["effect"] == [{"replacement": {
        "tapped": {"types": ["Land"], "not_supertypes": ["Basic"]}, "tapper": "any",
        "becomes": {"type": "C"}}}]


def test_land_type_and_grant_statics():
    assert abilities("Nonbasic lands are Mountains.", "Enchantment") == [{"static": {
        "affects": {"types": ["Land"], "not_supertypes": ["Basic"]}, "whose": "any",
        "set_land_types": ["Mountain"]}}]
    assert abilities("Each land is a Swamp in addition to its other land types.", "Legendary Land") == [
        {"static": {"affects": {"types": ["Land"]}, "whose": "any", "add_land_types": ["Swamp"]}}]
    assert abilities("Lands you control are every basic land type in addition to their other types.",
                     "Enchantment") == [{"static": {"affects": {"types": ["Land"]}, "whose": "you",
                                                    "add_land_types": "all_basic"}}]
    assert abilities("Enchant land\nEnchanted land is an Island.", "Enchantment — Aura") == [
        {"static": {"affects": {"types": ["Land"]}, "whose": "any", "enchanted": True,
                    "set_land_types": ["Island"]}}]
    assert abilities('Creatures you control have "{T}: Add one mana of any color."', "Enchantment") == [
        {"static": {"affects": {"types": ["Creature"]}, "whose": "you",
                    "grant": [mana(["{T}"], {"one_of": "any_color"})]}}]
    assert abilities('Elves you control have "{T}: Add {B}."', "Creature — Elf") == [
        {"static": {"affects": {"subtypes": ["Elf"]}, "whose": "you",
                    "grant": [mana(["{T}"], {"mana": "{B}"})]}}]


# ------------------------------------------------------------- refusals
@pytest.mark.parametrize("text, reason", [
    ("{T}: Add an amount of {R} equal to the greatest power among creatures you control that "
     "attacked this turn.", "line 1: can't compile the objects 'creatures you control that attacked "
     "this turn'"),
    ("{T}: Add {C}. If an opponent is the monarch, instead add one mana of any color.",
     "line 1: can't compile 'If an opponent is the monarch, instead add one mana of any color'"),
    ("{T}: Add {U} or {U}.", "line 1: can't compile the choice '{U} or {U}'"),
    ("{T}, Sacrifice a black or tapped creature: Add {B}.",
     "line 1: can't compile the objects 'a black or tapped creature'"),
    ("{T}: Add one mana of any color that another land you control could produce.",
     "line 1: can't compile 'Add one mana of any color that another land you control could "
     "produce'"),
    ("{T}: Add {B} for each creature card with flying in your graveyard.",
     "line 1: can't compile the cards 'creature card with flying'"),
    ("Legacy — {T}, Mark a node: Add {R}{R}.", "line 1: can't compile 'Legacy — ' before a mana "
     "ability: it marks the card's nodes, an action the Comprehensive Rules don't define"),
    ('As long as ~ is tapped, it has "{T}: Add {G}{G}."', 'line 1: can\'t compile the granted '
     'mana ability in \'As long as ~ is tapped, it has "{T}: Add {G}{G}."\''),
    ('As long as you control six lands, lands you control have "{T}: Add {C}."', 'line 1: can\'t '
     'compile the condition in \'As long as you control six lands, lands you control have "{T}: Add '
     '{C}."\''),
    ("{T}, Tap X untapped tokens you control: Add X mana in any combination of colors.",
     "line 1: can't compile the cost '{T}, Tap X untapped tokens you control' in a mana ability (only X "
     "counters removed or X permanents sacrificed)"),
    ("{T}: Choose two players. Each of them adds {C}.",
     "line 1: can't compile the mana ability '{T}: Choose two players. Each of them adds {C}.'"),
    ("{T}: Add {C} for each other artifact.", "line 1: can't compile the amount 'the number of "
     "other artifact'"),
])
def test_a_card_that_cannot_be_compiled_is_refused_with_the_reason(text, reason):
    result = compile_card("Test Card", text, "Creature — Test")
    assert result.has_mana_ability
    assert result.problems == [reason]


def test_a_land_with_a_basic_land_type_has_a_mana_ability():
    # CR 305.6: its basic land types give it their intrinsic mana abilities, text or not; a
    # nonbasic land type (Urza's) gives none.
    assert compile_card("Sunken Hollow", "({T}: Add {U} or {B}.)\nThis land enters tapped unless you control "
                        "two or more basic lands.", "Land — Island Swamp").has_mana_ability
    assert compile_card("Dryad Arbor", None, "Land Creature — Forest Dryad").has_mana_ability
    assert not compile_card("Test Mine", None, "Land — Urza's Mine").has_mana_ability


def test_a_card_with_no_text_has_no_abilities():
    result = compile_card("Grizzly Bears", None, "Creature — Bear")
    assert result.ok and result.card == {"name": "Grizzly Bears", "types": ["Creature"],
                                         "subtypes": ["Bear"], "oracle": ""}
    assert compile_card("Nameless", "", "").problems == ["the card has no card type"]


# ------------------------------------------------------------- coverage
def fixture_results():
    source = carddb.Source(FIXTURE)
    return [(face, carddb.compile_face(face)) for face in source.faces()]


def test_coverage_over_the_fixture():
    results = fixture_results()
    mana_cards = [r for _, r in results if r.has_mana_ability]
    compiled = [r for r in mana_cards if r.ok]
    share = len(compiled) / len(mana_cards)
    print(f"\ncards with a mana ability compiled: {len(compiled)} of {len(mana_cards)} ({share:.1%})")
    assert len(mana_cards) >= 240
    assert share >= COVERAGE_FLOOR


def test_every_card_of_the_could_produce_family_compiles():
    family = {face.name: r for face, r in fixture_results() if r.could_produce}
    assert sorted(family) == ["Cactus Preserve", "Exotic Orchard", "Fellwar Stone", "Gond Gate",
                              "Harvester Druid", "Incubation Druid", "Mana Web", "Plaza of Harmony",
                              "Quirion Explorer", "Squandered Resources"]
    assert {name: r.problems for name, r in family.items()} == {name: [] for name in family}


def test_every_compiled_card_is_valid_and_becomes_facts():
    for face, result in fixture_results():
        if not result.ok:
            continue
        document = {"format": "pysolver-cards/1", "cards": [result.card]}
        error = schemas.first_error(schemas.CARDS_SCHEMA, document)
        assert error is None, (face.name, error and error.message)
        assert list(card_facts(Card(face.name, result.card, "fixture")))


# ------------------------------------------------------ built-in agreement
MANA_KINDS = ("mana", "replacement", "mana_trigger", "static")
ALL_BASIC = ["Plains", "Island", "Swamp", "Mountain", "Forest"]


def canonical(value, key=None):
    """A definition with defaults made explicit and lists of names in a fixed order."""
    if isinstance(value, dict):
        out = {k: canonical(v, k) for k, v in value.items()}
        if "reflect" in out:
            out["reflect"].setdefault("whose", "you")
            out["reflect"].setdefault("kind", "type")
        if "count" in out and isinstance(out["count"], dict):
            out["count"].setdefault("whose", "you")
        if key in ("add",) and out.get("amount") == 1:
            del out["amount"]
        if key in ("replacement", "mana_trigger"):
            out.setdefault("tapper", "any")
        if key == "static":
            out.setdefault("whose", "any")
            if out.get("add_land_types") == ALL_BASIC:
                out["add_land_types"] = "all_basic"
        if key == "mana":
            out.pop("riders", None) if out.get("riders") == [] else None
            if "restriction" in out:
                out["restriction"] = " ".join(out["restriction"].split())
        return out
    if isinstance(value, list):
        items = [canonical(v) for v in value]
        if key in ("one_of", "combination", "distinct"):
            items = "any_color" if sorted(items) == sorted("WUBRG") else sorted(items, key="WUBRGC".index)
        elif all(isinstance(i, str) for i in items) and key not in ("cost",):
            items = sorted(items)
        return items
    return value


def mana_related(ability) -> bool:
    """A mana kind; a static only if it changes types or grants a mana ability (not haste)."""
    (kind, spec), = ability.items()
    if kind != "static":
        return kind in MANA_KINDS
    return (any(k in spec for k in ("set_land_types", "add_land_types", "add_types"))
            or any(next(iter(g)) in MANA_KINDS for g in spec.get("grant", [])))


def mana_part(definition):
    def keep(items):
        return [canonical(a) for a in items if mana_related(a)]

    return {"abilities": keep(definition.get("abilities", [])),
            "effect": keep(definition.get("effect", []))}


def test_builtin_cards_agree_with_the_compiler():
    compared = []
    for name, card in sorted(builtin_library().cards.items()):
        if "oracle" not in card.data:
            continue
        data = card.data
        result = compile_card(name, data["oracle"], types=data["types"],
                              subtypes=data.get("subtypes", []), supertypes=data.get("supertypes", []))
        if result.problems:
            continue  # out of the compiler's scope: it says so rather than guess
        assert mana_part(result.card) == mana_part(data), name
        compared.append(name)
    core = {"Ancient Tomb", "Badlands", "Birds of Paradise", "Blood Moon", "Chromatic Lantern",
            "Contamination", "Damping Sphere", "Deep Water", "Exotic Orchard", "Gaea's Cradle",
            "Gemstone Mine", "Incubation Druid", "Mana Reflection", "Nyxbloom Ancient", "Pale Moon",
            "Pili-Pala", "Prismatic Omen", "Reflecting Pool", "Spire of Industry", "Squandered Resources",
            "Urborg, Tomb of Yawgmoth", "Vivid Crag", "Command Tower", "Celestial Dawn"}
    assert core <= set(compared), sorted(core - set(compared))


@pytest.mark.parametrize("name, text, type_line, expected", [
    ("Benthic Explorers", "{T}, Untap a tapped land an opponent controls: Add one mana of any type that "
     "land could produce.", "Creature — Merfolk Scout",
     mana(["{T}", {"untap_tapped": {"whose": "opponent", "filter": {"types": ["Land"]}}}],
          {"reflect": {"whose": "opponent", "filter": {"types": ["Land"]}, "untapped": True, "kind": "type"}})),
    ("Star Compass", "This artifact enters tapped.\n{T}: Add one mana of any color that a basic land you "
     "control could produce.", "Artifact",
     mana(["{T}"], {"reflect": {"whose": "you", "filter": {"supertypes": ["Basic"], "types": ["Land"]},
                                "kind": "color"}})),
    ("Overabundance", "Whenever a player taps a land for mana, that player adds one mana of any type that "
     "land produced, and this enchantment deals 1 damage to the player.", "Enchantment",
     {"mana_trigger": {"tapped": {"types": ["Land"]}, "tapper": "any", "add": {"same_type": 1},
                       "riders": [{"damage_to_tapper": 1}]}}),
    ("Kinnan, Bonder Prodigy", "Whenever you tap a nonland permanent for mana, add one mana of any type "
     "that permanent produced.", "Legendary Creature — Human Druid",
     {"mana_trigger": {"tapped": {"not_types": ["Land"]}, "tapper": "you", "add": {"same_type": 1}}}),
    ("Lavinia, Foil to Conspiracy", "{T}: Add {C}{C}. Activate only during an opponent's turn.",
     "Legendary Creature — Human Soldier",
     mana(["{T}"], {"mana": "{C}{C}"}, activation_restriction="Activate only during an opponent's turn.")),
])
def test_could_produce_family_and_more(name, text, type_line, expected):
    result = compile_card(name, text, type_line)
    assert result.problems == []
    assert result.card["abilities"][0] == expected


def test_cost_reduction_that_mentions_could_produce_is_not_a_mana_ability():
    result = compile_card("Obsidian Charmaw", "This spell costs {1} less to cast for each land your "
                          "opponents control that could produce {C}.\nFlying", "Creature — Dragon")
    assert result.could_produce and not result.has_mana_ability
    # Its own cost reduction (CR 601.2f) is not compiled yet: the card is partial, not ok.
    assert not result.ok and result.sentences[0]["class"] == "not understood"


@pytest.mark.parametrize("text, expected", [
    ("Noncreature spells cost {1} more to cast.",
     {"spells": {"not_types": ["Creature"]}, "whose": "any", "more": 1}),
    ("Spells cost {1} more to cast.", {"spells": {}, "whose": "any", "more": 1}),
    ("Red spells you cast cost {1} less to cast.", {"spells": {"colors": ["R"]}, "whose": "you", "less": 1}),
    ("Black creature spells you cast cost {1} less to cast.",
     {"spells": {"colors": ["B"], "types": ["Creature"]}, "whose": "you", "less": 1}),
    ("Instant and sorcery spells cost {2} less to cast.",
     {"spells": {"any_of": [{"types": ["Instant"]}, {"types": ["Sorcery"]}]}, "whose": "any", "less": 2}),
    ("As long as this artifact is untapped, each spell that would cost less than three mana to cast costs "
     "three mana to cast.", {"spells": {}, "whose": "any", "minimum": 3, "if_untapped": True}),
    ("Goblin spells you cast cost {1} less to cast.", {"spells": {"subtypes": ["Goblin"]}, "whose": "you", "less": 1}),
    ("Colorless spells you cast cost {2} less to cast.", {"spells": {"colorless": True}, "whose": "you", "less": 2}),
    ("Spells your opponents cast cost {1} more to cast.", {"spells": {}, "whose": "opponent", "more": 1}),
    ("During turns other than yours, spells you cast cost {1} less to cast.",  # CR 102.1
     {"spells": {}, "whose": "you", "less": 1, "during": "other_turns"}),
])
def test_cost_changes_compile(text, expected):
    """CR 601.2f: cost increases, reductions and a minimum total become `cost_change` data."""
    result = compile_card("Test Artifact", text, "Artifact")
    assert result.ok and result.card["abilities"] == [{"cost_change": expected}]


@pytest.mark.parametrize("text", ["Villain spells you cast cost {1} less to cast.",
                                  "During turns other than yours, spells you cast cost {1} more to cast if it's "
                                  "night.",
                                  "Cleric spells you cast cost {W}{B} less to cast.",
                                  "Spells you cast with mana value 5 or greater cost {1} less to cast and can't be "
                                  "countered."])
def test_cost_changes_not_read_make_the_card_partial(text):
    """A cost change the compiler can't read is never classified irrelevant (pay reads costs)."""
    result = compile_card("Test Artifact", text, "Artifact")
    assert not result.ok and result.sentences[0]["class"] == "not understood"


@pytest.mark.parametrize("text, types, expected", [
    ("As an additional cost to cast this spell, sacrifice a creature.\nDestroy target creature.", "Sorcery",
     {"additional_costs": [{"sacrifice": {"types": ["Creature"]}}]}),
    ("As an additional cost to cast this spell, pay 3 life.", "Instant", {"additional_costs": [{"pay_life": 3}]}),
    ("Kicker {2}{R} (You may pay an additional {2}{R} as you cast this spell.)\nDraw a card.", "Instant",
     {"kicker": "{2}{R}"}),
])
def test_additional_costs_compile(text, types, expected):
    """CR 601.2b, 118.8, 702.33a: a spell's additional costs are card data pay --spell reads."""
    result = compile_card("Test Spell", text, types, keywords=["Kicker"] if "Kicker" in text else None)
    assert result.ok
    assert {k: result.card[k] for k in expected} == expected


@pytest.mark.parametrize("text", ["As an additional cost to cast this spell, you may sacrifice a creature.",
                                  "As an additional cost to cast this spell, sacrifice a creature or sacrifice a "
                                  "creature.",
                                  "Kicker—{2}{B}, Discard a creature card."])
def test_additional_costs_not_read_make_the_card_partial(text):
    result = compile_card("Test Spell", text, "Instant", keywords=["Kicker"])
    assert not result.ok and result.sentences[0]["class"] == "not understood"
