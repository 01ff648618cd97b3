"""Ability texts written from card data, as explanations print them."""

from __future__ import annotations

import pytest

from pysolver import cards, describe


def mana_abilities():
    def walk(ability):
        (kind, body), = ability.items()
        if kind == "mana":
            yield body
        elif kind == "static":
            for granted in body.get("grant", []):
                yield from walk(granted)

    library = cards.builtin_library()
    for name, card in sorted(library.cards.items()):
        for index, ability in enumerate(card.data.get("abilities", []) + card.data.get("effect", [])):
            for body in walk(ability):
                yield pytest.param(body, id=f"{name}-{index}")


@pytest.mark.parametrize("body", list(mana_abilities()))
def test_every_builtin_mana_ability_has_words(body):
    text = describe.mana_ability_words(body)
    cost, _, effect = text.partition(": ")
    assert cost and effect.startswith("Add ") and effect != "Add mana", text
    assert "{" not in cost or cost.count("{") == cost.count("}"), text


@pytest.mark.parametrize("name, index, text", [
    # Printed abilities: the Oracle line exactly as printed; intrinsic ones as CR 305.6 gives them.
    ("Forest", None, "{T}: Add {G}"),
    ("Reflecting Pool", 0, "{T}: Add one mana of any type that a land you control could produce."),
    ("Star Compass", 0, "{T}: Add one mana of any color that a basic land you control could produce."),
    ("Squandered Resources", 0, "Sacrifice a land: Add one mana of any type the sacrificed land could produce."),
    ("Benthic Explorers", 0, "{T}, Untap a tapped land an opponent controls: Add one mana of any type that land could produce."),
    ("Gemstone Mine", 0, "{T}, Remove a mining counter from Gemstone Mine: Add one mana of any color. If there are no mining counters on Gemstone Mine, sacrifice it."),
    ("Goblin Clearcutter", 0, "{T}, Sacrifice a Forest: Add three mana in any combination of {R} and/or {G}."),
    ("Incubation Druid", 0, "{T}: Add one mana of any type that a land you control could produce. If Incubation Druid has a +1/+1 counter on it, add three mana of that type instead."),
    ("Nykthos, Shrine to Nyx", 1, "{2}, {T}: Choose a color. Add an amount of mana of that color equal to your devotion to that color. (Your devotion to a color is the number of mana symbols of that color in the mana costs of permanents you control.)"),
    ("Gaea's Cradle", 0, '{T}: Add {G} for each creature you control.'),
    ("Azorius Guildgate", 0, "{T}: Add {W} or {U}."),
    ("Spire of Industry", 1, "{T}, Pay 1 life: Add one mana of any color. Activate only if you control an artifact."),
])
def test_words(name, index, text):
    from clingo import Function, Number, String
    term = (Function("intrinsic", [String(name)]) if index is None
            else Function("ab", [String(name), Number(index)]))
    assert describe.ability_words(cards.builtin_library(), term) == text


def test_gift_of_paradise_granted():
    from clingo import Function, Number, String
    term = Function("granted", [Function("ab", [String("Gift of Paradise"), Number(1)]), Number(0)])
    # Quoted as printed inside the granting line: Enchanted land has "{T}: Add two mana of any one color."
    assert describe.ability_words(cards.builtin_library(), term) == "{T}: Add two mana of any one color."


def test_words_made_from_the_definition_without_a_printed_line():
    """A card without Oracle text (a card file of one's own) is worded from its definition."""
    from clingo import Function, Number, String
    from pysolver.cards import Card, Library
    library = Library({"Test Pool": Card("Test Pool", {"name": "Test Pool", "types": ["Land"], "abilities": [
        {"mana": {"cost": ["{T}"], "add": {"reflect": {"whose": "you", "filter": {"types": ["Land"]}}}}}]},
        "test")})
    term = Function("ab", [String("Test Pool"), Number(0)])
    assert describe.ability_words(library, term) == (
        "{T}: Add one mana of any type that a land you control could produce")
