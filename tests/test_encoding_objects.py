"""asp/objects.lp on its own: characteristics after layer 4 and 6 effects."""

from __future__ import annotations

from clingo import Function, Number, String

from pysolver import solver

RULES = ("input.lp", "objects.lp")
S = String


def board(*entries):
    """entries: (id, card, controller, timestamp); cards: see CARDS."""
    facts = [Function("player", [S(p)]) for p in ("A", "B")]
    for obj, card, controller, timestamp in entries:
        facts += [Function("permanent", [S(obj)]), Function("card", [S(obj), S(card)]),
                  Function("controller", [S(obj), S(controller)]),
                  Function("timestamp", [S(obj), Number(timestamp)])]
    for card_facts in CARDS.values():
        facts += [Function(name, args) for name, args in card_facts]
    return solver.ground(facts, rules=RULES)


def flt(*conditions):
    term = Function("flt", [Function("", [Function(k), S(v)]) for k, v in conditions])
    facts = [("filter", [term])]
    for key, value in conditions:
        predicate = {"types": "filter_type", "not_supertypes": "filter_not_supertype",
                     "subtypes": "filter_subtype"}[key]
        facts.append((predicate, [term, S(value)]))
    return term, facts


LAND, LAND_FACTS = flt(("types", "Land"))
NONBASIC, NONBASIC_FACTS = flt(("types", "Land"), ("not_supertypes", "Basic"))
FORESTS, FORESTS_FACTS = flt(("subtypes", "Forest"))


def static(card, index, whose, filter_term, *effects):
    ability = Function("ab", [S(card), Number(index)])
    return [("card_ability", [S(card), ability]), ("kind", [ability, Function("static")]),
            ("static_affects", [ability, Function(whose), filter_term])] + [
        (name, [ability, S(value)]) for name, value in effects]


CARDS = {
    "Dual": [("card_type", [S("Dual"), S("Land")]), ("card_subtype", [S("Dual"), S("Forest")]),
             ("card_subtype", [S("Dual"), S("Island")]),
             ("card_ability", [S("Dual"), Function("ab", [S("Dual"), Number(0)])]),
             ("kind", [Function("ab", [S("Dual"), Number(0)]), Function("mana")])],
    "Moon": [("card_type", [S("Moon"), S("Enchantment")])]
            + static("Moon", 0, "any", NONBASIC, ("set_land_subtypes", "Mountain")) + NONBASIC_FACTS,
    "Swampify": [("card_type", [S("Swampify"), S("Land")])]
                + static("Swampify", 0, "any", LAND, ("add_land_subtypes", "Swamp")) + LAND_FACTS,
    "Animate": [("card_type", [S("Animate"), S("Enchantment")])]
               + static("Animate", 0, "any", FORESTS, ("add_type", "Creature")) + FORESTS_FACTS,
}


def subtypes(grounded, obj):
    return sorted(a.arguments[1].string for a in grounded.atoms("has_subtype", 2) if a.arguments[0].string == obj)


def test_set_later_than_add_wins():
    grounded = board(("d", "Dual", "A", 1), ("s", "Swampify", "B", 2), ("m", "Moon", "B", 3))
    assert subtypes(grounded, "d") == ["Mountain"]


def test_the_land_setting_moon_removes_the_adding_land_ability_whatever_the_order():
    # 613.8a: Swampify (a nonbasic land) loses its ability to the Moon first.
    grounded = board(("m", "Moon", "B", 1), ("s", "Swampify", "B", 2), ("d", "Dual", "A", 3))
    assert subtypes(grounded, "d") == ["Mountain"]
    assert subtypes(grounded, "s") == ["Mountain"]


def test_text_abilities_are_lost_but_types_are_computed_first():
    grounded = board(("d", "Dual", "A", 1), ("m", "Moon", "B", 2), ("a", "Animate", "B", 3))
    abilities = sorted(str(a.arguments[1]) for a in grounded.atoms("has_ability", 2)
                       if a.arguments[0].string == "d")
    assert abilities == ['intrinsic("Mountain")']
    # Animate looks at land types after the Moon: the Dual is no Forest any more.
    assert [str(a) for a in grounded.atoms("has_type", 2) if a.arguments[0].string == "d"] == [
        'has_type("d","Land")']


def test_add_type_judges_land_types_after_layer_4_additions():
    grounded = board(("s", "Swampify", "A", 1), ("a", "Animate", "B", 2), ("d", "Dual", "A", 3))
    assert sorted(a.arguments[1].string for a in grounded.atoms("has_type", 2)
                  if a.arguments[0].string == "d") == ["Creature", "Land"]
    assert subtypes(grounded, "d") == ["Forest", "Island", "Swamp"]
